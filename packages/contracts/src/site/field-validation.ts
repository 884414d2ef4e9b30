import type { FieldRule } from './site.contract.ts';

/**
 * One field against its server rule (spec §5). The server and the registration form both call this,
 * so a value the form accepts is a value the server accepts. The web shows `validation.<key>`
 * (for pattern: `validation.pattern.<patternId>`) with {{min}} and {{max}}.
 */
export type FieldIssue =
  | { key: 'required' }
  | { key: 'length'; min: number | null; max: number | null }
  | { key: 'pattern'; patternId: string; min: number | null; max: number | null }
  | { key: 'mismatch' };

export function checkField(rule: FieldRule, raw: string | undefined | null): FieldIssue | null {
  if (!rule.enabled) return null;
  const value = (raw ?? '').trim();
  if (value === '') return rule.required ? { key: 'required' } : null;
  const length = [...value].length;
  if ((rule.minLength !== null && length < rule.minLength) || (rule.maxLength !== null && length > rule.maxLength)) {
    return { key: 'length', min: rule.minLength, max: rule.maxLength };
  }
  if (rule.acceptedPattern !== '*' && !new RegExp(rule.acceptedPattern, 'u').test(value)) {
    return { key: 'pattern', patternId: rule.patternId, min: rule.minLength, max: rule.maxLength };
  }
  return null;
}
