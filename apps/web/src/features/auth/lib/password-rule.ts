import { checkField, type FieldIssue } from '@portal/contracts/site/field-validation.ts';
import type { FieldRule } from '@portal/contracts/site/site.contract.ts';

/** The password rule of getRegistrationValidation applies to every new password (spec §5). */
export function newPasswordIssues(
  rules: FieldRule[] | undefined,
  password: string,
  confirm: string | null,
): { newPassword?: FieldIssue; confirm?: FieldIssue } {
  const rule = rules?.find((r) => r.field === 'password');
  const base: FieldRule = rule
    ? { ...rule, enabled: true, required: true }
    : {
        field: 'password',
        enabled: true,
        required: true,
        acceptedPattern: '*',
        patternId: 'ANY',
        minLength: null,
        maxLength: null,
      };
  const out: { newPassword?: FieldIssue; confirm?: FieldIssue } = {};
  const issue = checkField(base, password);
  if (issue) out.newPassword = issue;
  if (confirm !== null) {
    if (!confirm) out.confirm = { key: 'required' };
    else if (confirm !== password) out.confirm = { key: 'mismatch' };
  }
  return out;
}
