import { LIMITS, SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import type { Withdrawal } from '@portal/contracts/wallet/cashier.contract.ts';
import type { Executor } from '../../db/client.ts';
import type { WithdrawalResult } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';
import type { BankAccountRepository } from './bank-account.repository.ts';
import type { LedgerService } from './ledger.service.ts';
import type { PaymentPasswordService } from './payment-password.service.ts';
import type { WithdrawalRepository } from './withdrawal.repository.ts';
import type { DecisionRecord } from './cashier-deposits.service.ts';

type WithdrawalRow = {
  id: string;
  bankAccountId: string;
  amount: string;
  currency: string;
  status: Withdrawal['status'];
  rejectReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  confirmation: WithdrawalResult | null;
  confirmedBy: 'PLAYER' | 'AUTO' | null;
  confirmedAt: Date | null;
  hasProof: boolean;
};
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toWithdrawal = (r: WithdrawalRow): Withdrawal => ({
  id: r.id,
  bankAccountId: r.bankAccountId,
  amount: r.amount,
  currency: r.currency,
  status: r.status,
  rejectReason: r.rejectReason,
  createdAt: iso(r.createdAt)!,
  decidedAt: iso(r.decidedAt),
  confirmation: r.confirmation,
  confirmedBy: r.confirmedBy,
  confirmedAt: iso(r.confirmedAt),
  hasProof: r.hasProof,
});

export interface WithdrawalRequest {
  bankAccountId: string;
  amount: string;
  paymentPassword: string;
  requestId: string;
}

/** png and jpg by their first bytes, whatever the client calls them. */
function imageType(bytes: Buffer): 'image/png' | 'image/jpeg' | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

export function decodeProof(base64: string): { bytes: Buffer; type: 'image/png' | 'image/jpeg' } {
  if (base64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64))
    throw new AppError('VALIDATION_FAILED', 400, 'The proof must be base64.', 'body.proof');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > LIMITS.uploadMaxBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', 413, 'The proof image is larger than 5 MB.', 'body.proof');
  const type = imageType(bytes);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'The proof must be a png or jpg image.', 'body.proof');
  return { bytes, type };
}

/**
 * Withdrawals: the amount is held (main → hold) in the transaction that creates the request; the
 * operator pays it out (hold → payment clearing) or returns it (hold → main). Requests of one
 * member are serialized on the member's row, so the pending-withdrawal rule and the request id
 * hold under concurrency; the ledger's conditional debit keeps the wallet from going below zero.
 */
export function cashierWithdrawals(
  repo: WithdrawalRepository,
  bankAccounts: BankAccountRepository,
  ledger: LedgerService,
  settings: SettingsRepository,
  paymentPassword: PaymentPasswordService,
  /**
   * Refuses an amount that would take the main wallet below what the member's active bonuses lock
   * (the rewards service, decision 070); runs after the member's row is locked.
   */
  bonusLock: (trx: Executor, memberId: string, currency: string, amount: bigint) => Promise<void> = async () => {},
) {
  const move = (trx: Executor, w: { id: string; memberId: string; amount: string; currency: string }) => {
    const member = (kind: 'MEMBER_MAIN' | 'MEMBER_HOLD') => ({ kind, memberId: w.memberId, currency: w.currency });
    const clearing = { kind: 'PAYMENT_CLEARING' as const, currency: w.currency };
    const base = { amount: BigInt(w.amount), reference: { withdrawalId: w.id } };
    return {
      hold: () =>
        ledger.transferIn(trx, {
          ...base,
          idempotencyKey: `withdrawal-hold:${w.id}`,
          kind: 'WITHDRAWAL_HOLD',
          from: member('MEMBER_MAIN'),
          to: member('MEMBER_HOLD'),
        }),
      pay: () =>
        ledger.transferIn(trx, {
          ...base,
          idempotencyKey: `withdrawal-pay:${w.id}`,
          kind: 'WITHDRAWAL',
          from: member('MEMBER_HOLD'),
          to: clearing,
        }),
      giveBack: () =>
        ledger.transferIn(trx, {
          ...base,
          idempotencyKey: `withdrawal-return:${w.id}`,
          kind: 'WITHDRAWAL_RETURN',
          from: member('MEMBER_HOLD'),
          to: member('MEMBER_MAIN'),
        }),
    };
  };

  return {
    /** The smallest and largest single withdrawal (the operator's withdrawal policy), for the form. */
    async limits(): Promise<{ minAmount: string; maxAmount: string; currency: string }> {
      const { minAmount, maxAmount } = await settings.get('cashier');
      return { minAmount, maxAmount, currency: SITE_CURRENCY };
    },

    async create(memberId: string, req: WithdrawalRequest): Promise<Withdrawal> {
      await paymentPassword.verify(memberId, req.paymentPassword);

      return repo.transaction(async (trx) => {
        await repo.lockMember(trx, memberId);

        const earlier = await repo.byRequestId(trx, memberId, req.requestId);
        if (earlier) {
          if (earlier.bankAccountId !== req.bankAccountId || earlier.amount !== req.amount)
            throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another withdrawal.');
          return toWithdrawal(earlier);
        }

        const account = await bankAccounts.ownedBy(trx, req.bankAccountId, memberId);
        if (!account) throw new AppError('NOT_FOUND', 404, 'No such bank account.', 'body.bankAccountId');

        const policy = await settings.get('cashier', trx);
        const amount = BigInt(req.amount);
        if (amount < BigInt(policy.minAmount) || amount > BigInt(policy.maxAmount))
          throw new AppError(
            'AMOUNT_OUT_OF_RANGE',
            400,
            `The amount must be between ${formatMoney(policy.minAmount, SITE_CURRENCY)} and ${formatMoney(policy.maxAmount, SITE_CURRENCY)}.`,
            'body.amount',
            { min: policy.minAmount, max: policy.maxAmount },
          );

        await bonusLock(trx, memberId, SITE_CURRENCY, amount);

        if (policy.singlePendingWithdrawal) {
          if (await repo.hasPending(trx, memberId))
            throw new AppError('WITHDRAWAL_PENDING_EXISTS', 409, 'A withdrawal is already waiting for a decision.');
        }

        const row = await repo.insert(trx, {
          memberId,
          bankAccountId: req.bankAccountId,
          amount: req.amount,
          currency: SITE_CURRENCY,
          requestId: req.requestId,
          rejectReason: null,
          decidedAt: null,
          confirmation: null,
          confirmedBy: null,
          confirmedAt: null,
          proof: null,
          proofType: null,
        });
        try {
          await move(trx, row).hold();
        } catch (err) {
          if (err instanceof AppError && err.code === 'WALLET_INSUFFICIENT_FUNDS')
            throw new AppError(err.code, 409, 'The amount is above the withdrawable balance.', 'body.amount');
          throw err;
        }
        return toWithdrawal(row);
      });
    },

    async list(memberId: string, limit = 20): Promise<Withdrawal[]> {
      return (await repo.latestOf(memberId, limit)).map(toWithdrawal);
    },

    /** The whole queue's count and sum per currency. */
    pendingTotals: () => repo.pendingTotals(),

    async pending() {
      const rows = await repo.pending(500);
      return rows.map((r) => ({
        ...toWithdrawal(r),
        memberId: r.memberId,
        memberAccount: r.memberAccount,
        payeeName: r.payeeName,
        bankName: r.bankName,
        accountNumber: r.accountNumber,
      }));
    },

    /**
     * The operator's decision. The same decision again changes nothing and says so. `recorded` runs in
     * the decision's transaction when it changes something (the back office's audit row).
     */
    async decide(id: string, decision: 'APPROVED' | 'REJECTED', reason?: string, recorded?: DecisionRecord) {
      return repo.transaction(async (trx) => {
        const row = await repo.lock(trx, id);
        if (!row) throw new AppError('NOT_FOUND', 404, 'No such withdrawal.', 'body.id');
        if (row.status === decision) return { changed: false, withdrawal: toWithdrawal(row) };
        if (row.status !== 'PENDING')
          throw new AppError('WITHDRAWAL_NOT_PENDING', 409, `This withdrawal is already ${row.status}.`, 'body.id');
        const updated = await repo.update(trx, id, {
          status: decision,
          decidedAt: new Date(),
          rejectReason: decision === 'REJECTED' ? (reason ?? '') : null,
        });
        if (decision === 'APPROVED') await move(trx, updated).pay();
        else await move(trx, updated).giveBack();
        const withdrawal = toWithdrawal(updated);
        await recorded?.(trx, toWithdrawal(row), withdrawal);
        return { changed: true, withdrawal };
      });
    },

    /** The player's answer after approval, once. No money moves: a forced or given receipt is final. */
    async confirm(
      memberId: string,
      req: { id: string; result: WithdrawalResult; proof?: string | undefined },
    ): Promise<Withdrawal> {
      const proof = req.proof ? decodeProof(req.proof) : undefined;
      if (req.result === 'NOT_RECEIVED' && !proof)
        throw new AppError('VALIDATION_FAILED', 400, 'A proof image is required when not received.', 'body.proof');
      const updated = await repo.confirmOnce(req.id, memberId, {
        confirmation: req.result,
        confirmedBy: 'PLAYER',
        confirmedAt: new Date(),
        proof: proof?.bytes ?? null,
        proofType: proof?.type ?? null,
      });
      if (updated) return toWithdrawal(updated);
      const mine = await repo.ofMember(req.id, memberId);
      if (!mine) throw new AppError('NOT_FOUND', 404, 'No such withdrawal.', 'body.id');
      throw new AppError(
        'WITHDRAWAL_NOT_CONFIRMABLE',
        409,
        mine.confirmation ? 'This withdrawal is already confirmed.' : 'This withdrawal is not approved yet.',
        'body.id',
      );
    },

    /**
     * Approved withdrawals the player has not answered within the operator's minutes count as received
     * (spec §4). One conditional UPDATE, so running it on several instances at once is harmless.
     * Returns how many it marked.
     */
    async autoReceive(now: Date): Promise<number> {
      const { autoReceiptMinutes } = await settings.get('cashier');
      const before = new Date(now.getTime() - autoReceiptMinutes * 60_000);
      return repo.autoReceive(before, now);
    },
  };
}
export type CashierWithdrawals = ReturnType<typeof cashierWithdrawals>;
