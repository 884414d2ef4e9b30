import { formatMoney } from '@portal/contracts/money.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import type { Deposit, PaymentCallback, PaymentMethod } from '@portal/contracts/wallet/cashier.contract.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { DepositRepository, DepositRow } from './deposit.repository.ts';
import type { LedgerService } from './ledger.service.ts';

/** Runs in a decision's transaction with the row before and after it (the back office writes its audit row). */
export type DecisionRecord = (trx: Executor, before: unknown, after: unknown) => Promise<void>;

export interface DepositRequest {
  methodCode: string;
  amount: string;
  payerName?: string | undefined;
  reference?: string | undefined;
  requestId: string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Where the browser goes to pay a pending gateway deposit; the gateway module knows its own URLs. */
export type PayUrlOf = (depositId: string) => string;

function toDeposit(row: DepositRow, payUrl: PayUrlOf): Deposit {
  return {
    id: row.id,
    methodCode: row.methodCode,
    methodKind: row.methodKind,
    amount: row.amount,
    currency: row.currency,
    payerName: row.payerName,
    reference: row.reference,
    status: row.status,
    rejectReason: row.rejectReason,
    createdAt: iso(row.createdAt)!,
    decidedAt: iso(row.decidedAt),
    redirectUrl: row.methodKind === 'GATEWAY' && row.status === 'PENDING' ? payUrl(row.id) : null,
  };
}

/**
 * Deposits. Creating one moves no money; money moves once, through the ledger, in the same
 * transaction that decides the row, under the key `deposit:<id>` — so an operator's double click, a
 * replayed gateway callback or both together can credit a deposit only once.
 */
export function cashierDeposits(repo: DepositRepository, ledger: LedgerService, payUrl: PayUrlOf) {
  const credit = (trx: Executor, row: DepositRow, reference: Record<string, unknown>) =>
    ledger.transferIn(trx, {
      idempotencyKey: `deposit:${row.id}`,
      kind: 'DEPOSIT',
      from: { kind: 'PAYMENT_CLEARING', currency: row.currency },
      to: { kind: 'MEMBER_MAIN', memberId: row.memberId, currency: row.currency },
      amount: BigInt(row.amount),
      reference: { depositId: row.id, method: row.methodCode, ...reference },
    });

  return {
    async methods(): Promise<PaymentMethod[]> {
      const rows = await repo.enabledMethods(SITE_CURRENCY);
      return rows.map((r) => ({ ...r, receivingAccount: r.kind === 'BANK_TRANSFER' ? r.receivingAccount : null }));
    },

    async create(memberId: string, req: DepositRequest): Promise<Deposit> {
      const method = await repo.enabledMethod(req.methodCode, SITE_CURRENCY);
      if (!method)
        throw new AppError(
          'PAYMENT_METHOD_UNAVAILABLE',
          400,
          'This payment method is not available.',
          'body.methodCode',
        );
      const amount = BigInt(req.amount);
      if (amount < BigInt(method.minAmount) || amount > BigInt(method.maxAmount))
        throw new AppError(
          'AMOUNT_OUT_OF_RANGE',
          400,
          `The amount must be between ${formatMoney(method.minAmount, method.currency)} and ${formatMoney(method.maxAmount, method.currency)}.`,
          'body.amount',
          { min: method.minAmount, max: method.maxAmount },
        );
      // The operator matches a bank transfer to its deposit by the payer's name on the statement.
      if (method.kind === 'BANK_TRANSFER' && !req.payerName)
        throw new AppError('VALIDATION_FAILED', 400, 'The payer name is required.', 'body.payerName');

      const inserted = await repo.insertOnce({
        memberId,
        methodCode: method.code,
        methodKind: method.kind,
        amount: req.amount,
        currency: method.currency,
        payerName: req.payerName ?? null,
        reference: req.reference || null,
        requestId: req.requestId,
        gatewayTxnId: null,
        rejectReason: null,
        decidedAt: null,
      });
      if (inserted) return toDeposit(inserted, payUrl);

      const first = await repo.byRequestId(memberId, req.requestId);
      const same =
        first.methodCode === method.code &&
        first.amount === req.amount &&
        first.payerName === (req.payerName ?? null) &&
        first.reference === (req.reference || null);
      if (!same)
        throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another deposit.');
      return toDeposit(first, payUrl);
    },

    async list(memberId: string, limit = 20): Promise<Deposit[]> {
      const rows = await repo.latestOf(memberId, limit);
      return rows.map((r) => toDeposit(r, payUrl));
    },

    /** The whole queue's count and sum per currency. */
    pendingTotals: () => repo.pendingTotals(),

    async pending() {
      const rows = await repo.pending(500);
      return rows.map((r) => ({ ...toDeposit(r, payUrl), memberId: r.memberId, memberAccount: r.memberAccount }));
    },

    /**
     * The operator's decision on a bank transfer. The same decision again changes nothing and says so.
     * `recorded` runs in the decision's transaction when it changes something (the back office's audit row).
     */
    async decide(id: string, decision: 'CONFIRMED' | 'REJECTED', reason?: string, recorded?: DecisionRecord) {
      return repo.transaction(async (trx) => {
        const row = await repo.lock(trx, id);
        if (!row) throw new AppError('NOT_FOUND', 404, 'No such deposit.', 'body.id');
        if (row.methodKind !== 'BANK_TRANSFER')
          throw new AppError('DEPOSIT_NOT_MANUAL', 409, 'A gateway deposit is settled by the gateway.', 'body.id');
        if (row.status === decision) return { changed: false, deposit: toDeposit(row, payUrl) };
        if (row.status !== 'PENDING')
          throw new AppError('DEPOSIT_NOT_PENDING', 409, `This deposit is already ${row.status}.`, 'body.id');
        const updated = await repo.update(trx, id, {
          status: decision,
          decidedAt: new Date(),
          rejectReason: decision === 'REJECTED' ? (reason ?? '') : null,
        });
        if (decision === 'CONFIRMED') await credit(trx, updated, { by: 'operator' });
        const deposit = toDeposit(updated, payUrl);
        await recorded?.(trx, toDeposit(row, payUrl), deposit);
        return { changed: true, deposit };
      });
    },

    /** A pending gateway deposit as the gateway's page shows it; undefined for anything else. */
    async forGateway(id: string): Promise<Deposit | undefined> {
      const row = await repo.gatewayDeposit(id);
      return row ? toDeposit(row, payUrl) : undefined;
    },

    /**
     * A verified gateway notification. The deposit row is locked, so concurrent copies of one
     * callback queue up: the first settles it, the rest find it settled with the same transaction id
     * and credit nothing.
     */
    async settleCallback(cb: PaymentCallback) {
      return repo.transaction(async (trx) => {
        const row = await repo.lock(trx, cb.depositId);
        if (!row || row.methodKind !== 'GATEWAY' || row.amount !== cb.amount || row.currency !== cb.currency)
          throw new AppError('PAYMENT_CALLBACK_MISMATCH', 409, 'The notification does not match a gateway deposit.');
        const target = cb.status === 'PAID' ? 'CONFIRMED' : 'CANCELLED';
        if (row.status !== 'PENDING') {
          if (row.status === target && row.gatewayTxnId === cb.transactionId)
            return { credited: false, status: row.status };
          // Paid after being cancelled, or paid twice under two transactions: a person reconciles it.
          throw new AppError('DEPOSIT_NOT_PENDING', 409, `This deposit is already ${row.status}.`);
        }
        const other = await repo.byGatewayTxnId(trx, cb.transactionId);
        if (other)
          throw new AppError('PAYMENT_CALLBACK_MISMATCH', 409, 'This transaction id belongs to another deposit.');
        const updated = await repo.update(trx, row.id, {
          status: target,
          gatewayTxnId: cb.transactionId,
          decidedAt: new Date(),
        });
        if (target === 'CONFIRMED') await credit(trx, updated, { gatewayTxnId: cb.transactionId });
        return { credited: target === 'CONFIRMED', status: updated.status };
      });
    },
  };
}
export type CashierDeposits = ReturnType<typeof cashierDeposits>;
