import { AppError } from '../../plugins/app-error.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { refuseWeakPassword } from '../auth/password-rules.ts';
import type { MemberRepository } from '../auth/member.repository.ts';
import type { PasswordPolicy } from '../site/settings.ts';

/**
 * The payment password, a second secret for moving money out. It can be set freely only while none
 * is set; changing it needs the current one. The UPDATE is conditional on the hash it replaces, so
 * two first-time settings racing cannot both win.
 */
async function verifyHash(paymentPasswordHash: string | null, given: string): Promise<void> {
  if (!paymentPasswordHash)
    throw new AppError('PAYMENT_PASSWORD_NOT_SET', 409, 'Set a payment password first.', 'body.paymentPassword');
  if (!(await verifyPassword(paymentPasswordHash, given)))
    throw new AppError('WRONG_PAYMENT_PASSWORD', 403, 'The payment password is wrong.', 'body.paymentPassword');
}

export function paymentPasswordService(members: MemberRepository, passwordPolicy: () => Promise<PasswordPolicy>) {
  return {
    /** Money leaves a member's wallet only with the payment password: refuses when unset or wrong. */
    async verify(memberId: string, given: string): Promise<void> {
      await verifyHash(await members.paymentPasswordHash(memberId), given);
    },

    /** The same check, for a caller that has read the member's hash already. */
    verifyHash,

    async isSet(memberId: string): Promise<boolean> {
      return (await members.paymentPasswordHash(memberId)) !== null;
    },

    async set(memberId: string, req: { currentPassword?: string | undefined; newPassword: string }) {
      // The rules of every password a member sets: never the site's default, never a trivial one.
      refuseWeakPassword(req.newPassword, 'newPassword', await passwordPolicy());
      const current = await members.paymentPasswordHash(memberId);
      if (current !== null && !(req.currentPassword && (await verifyPassword(current, req.currentPassword))))
        throw new AppError(
          'WRONG_PAYMENT_PASSWORD',
          403,
          'The current payment password is wrong.',
          'body.currentPassword',
        );
      const next = await hashPassword(req.newPassword);
      if (!(await members.replacePaymentPasswordHash(memberId, current, next)))
        throw new AppError(
          'WRONG_PAYMENT_PASSWORD',
          403,
          'The payment password was changed meanwhile.',
          'body.currentPassword',
        );
      return { hasPaymentPassword: true as const };
    },
  };
}
export type PaymentPasswordService = ReturnType<typeof paymentPasswordService>;
