import { passwordWeakness, type PasswordWeakness } from '@portal/contracts/auth/password-strength.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';

export interface PasswordPolicy {
  /** The operator's default password ({secret} of spec §9): a player still using it must change it. */
  defaultPassword: string | null;
  expiryEnabled: boolean;
  expiryDays: number;
}
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { defaultPassword: null, expiryEnabled: false, expiryDays: 90 };

/** The site's password policy (site setting `password_policy`). */
export async function readPasswordPolicy(db: Db): Promise<PasswordPolicy> {
  const row = await db
    .selectFrom('siteSetting')
    .select('value')
    .where('key', '=', 'password_policy')
    .executeTakeFirst();
  return { ...DEFAULT_PASSWORD_POLICY, ...((row?.value as Partial<PasswordPolicy> | undefined) ?? {}) };
}

export type WeakPasswordIssue = { key: 'weak'; reason: PasswordWeakness };

/** The field issue of a password no member may set (the default, a trivial one), or null. */
export function weakPasswordIssue(password: string, policy: PasswordPolicy): WeakPasswordIssue | null {
  const reason = passwordWeakness(password, policy.defaultPassword);
  return reason ? { key: 'weak', reason } : null;
}

/**
 * Refuses a password no member may set, for every way of setting one (sign-in password, payment
 * password): PASSWORD_IS_DEFAULT or PASSWORD_TOO_SIMPLE on the field, with the field issue in
 * `value.fields` as the registration form reads it.
 */
export function refuseWeakPassword(password: string, field: string, policy: PasswordPolicy): void {
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
