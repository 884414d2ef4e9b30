import { passwordWeakness, type PasswordWeakness } from '@portal/contracts/auth/password-strength.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { PasswordPolicy } from '../site/settings.ts';

export type WeakPasswordIssue = { key: 'weak'; reason: PasswordWeakness };

/** The field issue of a password no member may set (the default, a trivial one), or null. */
export function weakPasswordIssue(
  password: string,
  policy: Pick<PasswordPolicy, 'defaultPassword'>,
): WeakPasswordIssue | null {
  const reason = passwordWeakness(password, policy.defaultPassword);
  return reason ? { key: 'weak', reason } : null;
}

/**
 * Refuses a password no member may set, for every way of setting one (sign-in password, payment
 * password): PASSWORD_IS_DEFAULT or PASSWORD_TOO_SIMPLE on the field, with the field issue in
 * `value.fields` as the registration form reads it.
 */
export function refuseWeakPassword(
  password: string,
  field: string,
  policy: Pick<PasswordPolicy, 'defaultPassword'>,
): void {
  const issue = weakPasswordIssue(password, policy);
  if (!issue) return;
  throw new AppError(
    issue.reason === 'default' ? 'PASSWORD_IS_DEFAULT' : 'PASSWORD_TOO_SIMPLE',
    400,
    issue.reason === 'default'
      ? "The site's default password cannot be used, please choose another."
      : 'This password is too easy to guess, please choose another.',
    `body.${field}`,
    { fields: { [field]: issue } },
  );
}
