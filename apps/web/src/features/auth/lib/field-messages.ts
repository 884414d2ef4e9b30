import type { FieldIssue } from '@portal/contracts/site/field-validation.ts';
import { FIELD_PATTERNS } from '@portal/contracts/site/field-patterns.ts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';

const PATTERN_IDS = new Set(Object.keys(FIELD_PATTERNS));

/**
 * The message of a field issue (spec §5): 'not empty', the length range, the catalogue entry of the
 * pattern with {{min}} and {{max}}, or 'Incorrect confirmation input'. `t` is bound to the auth namespace.
 */
export function fieldIssueMessage(t: TFunction, issue: FieldIssue): string {
  switch (issue.key) {
    case 'required':
      return t('auth:validation.required');
    case 'mismatch':
      return t('auth:validation.mismatch');
    case 'age':
      return t('auth:validation.age', { age: issue.age });
    case 'weak':
      return t(`auth:validation.weak.${issue.reason}`);
    case 'length':
      if (issue.min !== null && issue.max !== null)
        return t('auth:validation.length', { min: issue.min, max: issue.max });
      if (issue.min !== null) return t('auth:validation.lengthMin', { count: issue.min });
      return t('auth:validation.lengthMax', { count: issue.max ?? 0 });
    case 'pattern': {
      const id = PATTERN_IDS.has(issue.patternId) ? issue.patternId : 'ANY';
      return t(`auth:validation.pattern.${id}`, { min: issue.min ?? 1, max: issue.max ?? 255 });
    }
  }
}

/** Reads `{ fields: { x: FieldIssue } }` from a VALIDATION_FAILED refusal. */
export function serverFieldIssues(value: unknown): Record<string, FieldIssue> {
  if (typeof value !== 'object' || value === null) return {};
  const fields = (value as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const out: Record<string, FieldIssue> = {};
  for (const [name, issue] of Object.entries(fields)) {
    if (typeof issue === 'object' && issue !== null && typeof (issue as { key?: unknown }).key === 'string')
      out[name] = issue as FieldIssue;
  }
  return out;
}

/**
 * A refusal's messages by field: each issue of a VALIDATION_FAILED answer, and the refusal's own
 * text under the field it names when that is one of `named` (e.g. a wrong SMS code). Empty when
 * it belongs to no field.
 */
export function serverFieldMessages(
  t: TFunction,
  error: unknown,
  named: readonly string[] = [],
): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  if (!isApiError(error)) return out;
  for (const [f, issue] of Object.entries(serverFieldIssues(error.value))) out[f] = fieldIssueMessage(t, issue);
  const field = fieldName(error.field);
  if (field && named.includes(field)) out[field] ??= localizeError(error);
  return out;
}

/** `body.mobileNum` → `mobileNum`. */
export function fieldName(path: string | undefined): string | null {
  if (!path) return null;
  const parts = path.split('.');
  return parts[parts.length - 1] ?? null;
}
