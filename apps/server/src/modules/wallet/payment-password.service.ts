import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { refuseWeakPassword } from '../auth/password-rules.ts';
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

export function paymentPasswordService(db: Db, passwordPolicy: () => Promise<PasswordPolicy>) {
  return {
    /** Money leaves a member's wallet only with the payment password: refuses when unset or wrong. */
    async verify(memberId: string, given: string): Promise<void> {
      const { paymentPasswordHash } = await db
        .selectFrom('member')
        .select('paymentPasswordHash')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      await verifyHash(paymentPasswordHash, given);
    },

    /** The same check, for a caller that has read the member's hash already. */
    verifyHash,

    async isSet(memberId: string): Promise<boolean> {
      const row = await db
        .selectFrom('member')
        .select('paymentPasswordHash')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      return row.paymentPasswordHash !== null;
    },

    async set(memberId: string, req: { currentPassword?: string | undefined; newPassword: string }) {
      // The rules of every password a member sets: never the site's default, never a trivial one.
      refuseWeakPassword(req.newPassword, 'newPassword', await passwordPolicy());
      const { paymentPasswordHash: current } = await db
        .selectFrom('member')
        .select('paymentPasswordHash')
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (current !== null && !(req.currentPassword && (await verifyPassword(current, req.currentPassword))))
        throw new AppError(
          'WRONG_PAYMENT_PASSWORD',
          403,
          'The current payment password is wrong.',
          'body.currentPassword',
        );
      const next = await hashPassword(req.newPassword);
      const r = await db
        .updateTable('member')
        .set({ paymentPasswordHash: next })
        .where('id', '=', memberId)
        .where((eb) =>
          current === null ? eb('paymentPasswordHash', 'is', null) : eb('paymentPasswordHash', '=', current),
        )
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1)
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
