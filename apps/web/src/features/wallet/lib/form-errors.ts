import type { TFunction } from 'i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';
import type { AmountIssue } from '@portal/contracts/money.ts';

/**
 * Where a refusal belongs: under the field the server names (`body.amount` → `amount`) when the form
 * has it, else above the button. Always the localized text of the code.
 */
export function placeError<F extends string>(
  error: unknown,
  fields: readonly F[],
): { field: F; message: string } | { field: null; message: string } {
  const message = localizeError(error);
  if (isApiError(error) && error.field) {
    const name = error.field.split('.').pop() as F;
    if (fields.includes(name)) return { field: name, message };
  }
  return { field: null, message };
}

/** The message of an amount issue; `min` and `max` are already formatted for display. */
export function amountIssueMessage(t: TFunction, issue: AmountIssue, limits: { min?: string; max?: string }): string {
  if (issue === 'min' && limits.min) return t('wallet:amount.min', { min: limits.min });
  if (issue === 'max' && limits.max) return t('wallet:amount.max', { max: limits.max });
  if (issue === 'min' || issue === 'max') return t('wallet:amount.format');
  return t(`wallet:amount.${issue}`);
}
