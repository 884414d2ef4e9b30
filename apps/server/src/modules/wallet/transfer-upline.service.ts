import { SITE_CURRENCY, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import type { UplineTransfer, UplineTransferInfo } from '@portal/contracts/wallet/transfer-upline.contract.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { MemberRepository } from '../auth/member.repository.ts';
import type { SiteService } from '../site/site.service.ts';
import type { LedgerService } from './ledger.service.ts';
import { transferBetweenMembers } from './member-transfer.ts';
import type { PaymentPasswordService } from './payment-password.service.ts';

export interface UplineTransferRequest {
  amount: string;
  paymentPassword: string;
  requestId: string;
}

type Refusal = NonNullable<UplineTransferInfo['unavailableReason']>;
const REFUSALS: Record<Refusal, [number, string]> = {
  FEATURE_DISABLED: [403, 'This operation is not enabled, please contact customer service.'],
  TRIAL_NOT_ALLOWED: [403, 'Please register an account first.'],
  UPLINE_NOT_SET: [409, 'There is no upline agent to transfer to.'],
  UPLINE_UNAVAILABLE: [409, "The upline agent's account cannot receive transfers."],
};

/**
 * transferUpline (spec §2): a member moves money from the main wallet to the upline agent's main
 * wallet, when the site's TRANSFER_UPLINE module is on. One ledger transfer keyed by the member and
 * the client's request id, so a retry applies once; the ledger's conditional debit keeps the wallet
 * from going below zero under any concurrency.
 */
export function transferUplineService(
  members: MemberRepository,
  ledger: LedgerService,
  site: SiteService,
  paymentPassword: PaymentPasswordService,
) {
  /** The member, the upline, and the first rule that refuses (null when the transfer may go ahead). */
  async function situation(memberId: string) {
    const row = await members.withUpline(memberId);
    const { flags } = await site.flags();
    const refusal: Refusal | null = !flags.TRANSFER_UPLINE
      ? 'FEATURE_DISABLED'
      : row.type === TRIAL_TYPE
        ? 'TRIAL_NOT_ALLOWED'
        : !row.uplineId
          ? 'UPLINE_NOT_SET'
          : row.uplineStatus !== 'ACTIVE'
            ? 'UPLINE_UNAVAILABLE'
            : null;
    return { ...row, refusal };
  }

  return {
    async info(memberId: string): Promise<UplineTransferInfo> {
      const s = await situation(memberId);
      const balance =
        s.type === TRIAL_TYPE ? 0n : await ledger.balance({ kind: 'MEMBER_MAIN', memberId, currency: SITE_CURRENCY });
      return {
        available: s.refusal === null,
        unavailableReason: s.refusal,
        uplineAccount: s.uplineAccount,
        hasPaymentPassword: s.paymentPasswordHash !== null,
        balance: balance.toString(),
        currency: SITE_CURRENCY,
      };
    },

    async transfer(memberId: string, req: UplineTransferRequest): Promise<UplineTransfer> {
      const s = await situation(memberId);
      if (s.refusal) {
        const [status, message] = REFUSALS[s.refusal];
        throw new AppError(s.refusal, status, message);
      }
      await paymentPassword.verifyHash(s.paymentPasswordHash, req.paymentPassword);
      const done = await transferBetweenMembers(ledger, {
        kind: 'UPLINE_TRANSFER',
        keyPrefix: 'upline-transfer',
        fromMemberId: memberId,
        toMemberId: s.uplineId!,
        amount: req.amount,
        requestId: req.requestId,
      });
      return { ...done, uplineAccount: s.uplineAccount! };
    },
  };
}
export type TransferUplineService = ReturnType<typeof transferUplineService>;
