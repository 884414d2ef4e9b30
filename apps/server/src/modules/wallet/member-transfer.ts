import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { LedgerService } from './ledger.service.ts';

const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: SITE_CURRENCY });

/**
 * One member's main wallet to another's, as the agent → downline and member → upline transfers do:
 * a ledger transfer keyed by the sender and the client's request id (a retry applies once, a reused
 * id with other terms is refused), the ledger's conditional debit keeping the sender's wallet from
 * going below zero under any concurrency. Answers the sender's balance after the transfer.
 */
export async function transferBetweenMembers(
  ledger: LedgerService,
  t: {
    kind: 'AGENT_TRANSFER' | 'UPLINE_TRANSFER';
    keyPrefix: string;
    fromMemberId: string;
    toMemberId: string;
    amount: string;
    requestId: string;
  },
) {
  let result;
  try {
    result = await ledger.transfer({
      idempotencyKey: `${t.keyPrefix}:${t.fromMemberId}:${t.requestId}`,
      kind: t.kind,
      from: main(t.fromMemberId),
      to: main(t.toMemberId),
      amount: BigInt(t.amount),
      reference: { requestId: t.requestId, fromMemberId: t.fromMemberId, toMemberId: t.toMemberId },
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'WALLET_INSUFFICIENT_FUNDS')
      throw new AppError(err.code, 409, 'The amount is above the balance of the main wallet.', 'body.amount');
    if (err instanceof AppError && err.code === 'IDEMPOTENCY_CONFLICT')
      throw new AppError(err.code, 409, 'This request id was already used for another transfer.', 'body.requestId');
    throw err;
  }
  const balance = result.replayed ? await ledger.balance(main(t.fromMemberId)) : result.fromBalance;
  return {
    transferId: result.transferId,
    amount: BigInt(t.amount).toString(),
    currency: SITE_CURRENCY,
    balance: balance.toString(),
    createdAt: result.createdAt.toISOString(),
  };
}
