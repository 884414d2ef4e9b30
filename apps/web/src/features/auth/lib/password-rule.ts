import { passwordWeakness } from '@portal/contracts/auth/password-strength.ts';
import { checkField, type FieldIssue } from '@portal/contracts/site/field-validation.ts';
import type { FieldRule } from '@portal/contracts/site/site.contract.ts';

/** A required field the site sets no rule for: any value, of any length. */
export const requiredAnyValue = (field: string): FieldRule => ({
  field,
  enabled: true,
  required: true,
  acceptedPattern: '*',
  patternId: 'ANY',
  minLength: null,
  maxLength: null,
});

/**
 * The password rule of getRegistrationValidation applies to every new password (spec §5), and no
 * new password may be a trivial one (auth/password-strength.ts).
 */
export function newPasswordIssues(
  rules: FieldRule[] | undefined,
  password: string,
  confirm: string | null,
): { newPassword?: FieldIssue; confirm?: FieldIssue } {
  const rule = rules?.find((r) => r.field === 'password');
  const base: FieldRule = rule ? { ...rule, enabled: true, required: true } : requiredAnyValue('password');
  const out: { newPassword?: FieldIssue; confirm?: FieldIssue } = {};
  // The browser does not know the site's default password: the server refuses that one.
  const weak = passwordWeakness(password);
  const issue = checkField(base, password) ?? (weak ? ({ key: 'weak', reason: weak } as const) : null);
  if (issue) out.newPassword = issue;
  if (confirm !== null) {
    if (!confirm) out.confirm = { key: 'required' };
    else if (confirm !== password) out.confirm = { key: 'mismatch' };
  }
  return out;
}
