import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import type { LedgerAccountKind } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AccountRef, AlongsideWrite, LedgerRepository, TransferRequest } from './ledger.repository.ts';

export type { AccountRef, AlongsideWrite, TransferRequest } from './ledger.repository.ts';

export interface TransferResult {
  transferId: string;
  /** True when this call found the transfer already made by an earlier call with the same key. */
  replayed: boolean;
  fromBalance: bigint;
  toBalance: bigint;
  /** When the transfer was made (the first call's time for a replay). */
  createdAt: Date;
}

/** Accounts that hold the house's side of every movement; only these may go below zero. */
const SYSTEM_KINDS: ReadonlySet<LedgerAccountKind> = new Set([
  'HOUSE',
  'VENDOR_CLEARING',
  'PAYMENT_CLEARING',
  'BONUS',
  'TRIAL_ISSUER',
  'HOUSE_ADJUSTMENT',
]);

const MAX_AMOUNT = 2n ** 62n;

function requestHash(r: TransferRequest): string {
  // A shard other than 0 is part of the account; shard 0 keeps the hashes of unsharded accounts as they were.
  const ref = (a: AccountRef) =>
    [a.kind, a.currency, a.memberId ?? '', a.vendorId ?? '', ...(a.shard ? [`#${a.shard}`] : [])].join('/');
  return createHash('sha256')
    .update(JSON.stringify([r.kind, ref(r.from), ref(r.to), r.amount.toString(), r.reference ?? {}]))
    .digest('hex');
}

const sameAccount = (a: AccountRef, b: AccountRef) =>
  a.kind === b.kind &&
  a.currency === b.currency &&
  (a.memberId ?? null) === (b.memberId ?? null) &&
  (a.vendorId ?? null) === (b.vendorId ?? null) &&
  (a.shard ?? 0) === (b.shard ?? 0);

/**
 * Moves money. Idempotent by key: a repeat with the same request returns the first answer, a repeat
 * with a different one is refused. No double spend: the debit is checked on the locked row (balance ≥
 * amount unless the account is a system one, and a CHECK constraint behind it), both rows are locked
 * in account-id order so two transfers never deadlock, and the transfer row, both balances and the
 * check commit together. Transfers are recorded at the database's time, unless `recordedAt` gives one
 * (a moved test clock outside production: decision 032).
 */
export function ledgerService(repo: LedgerRepository, recordedAt: () => Date | null = () => null) {
  /** Finds or creates an account (system accounts may go below zero) on `trx`, or the database. */
  async function ensureAccount(a: AccountRef, trx?: Executor): Promise<string> {
    const found = await repo.accountId(a, trx);
    if (found) return found;
    await repo.insertAccount(a, SYSTEM_KINDS.has(a.kind), trx);
    const created = await repo.accountId(a, trx);
    if (!created) throw new Error('ledger account could not be created');
    return created;
  }

  /** A request the ledger accepts, with its hash and the time to record it at; a bad one is refused. */
  function validated(r: TransferRequest): { hash: string; at: Date | null } {
    if (r.amount <= 0n || r.amount >= MAX_AMOUNT)
      throw new AppError(
        'VALIDATION_FAILED',
        400,
        'The amount must be a positive whole number of minor units.',
        'amount',
      );
    if (r.from.currency !== r.to.currency)
      throw new AppError('VALIDATION_FAILED', 400, 'Both accounts must hold the same currency.', 'currency');
    if (sameAccount(r.from, r.to))
      throw new AppError('VALIDATION_FAILED', 400, 'A transfer needs two different accounts.', 'account');
    return { hash: requestHash(r), at: recordedAt() };
  }

  /** A transfer on `trx` (the caller's transaction), or as one statement on the database. */
  async function transferOn(
    trx: Executor | undefined,
    r: TransferRequest,
    alongside?: AlongsideWrite,
  ): Promise<TransferResult> {
    const { hash, at } = validated(r);
    let row = await repo.apply(r, hash, alongside, trx, at);
    if (row.oStatus === 'MISSING_ACCOUNT') {
      await ensureAccount(r.from, trx);
      await ensureAccount(r.to, trx);
      row = await repo.apply(r, hash, alongside, trx, at);
    }
    switch (row.oStatus) {
      case 'OK':
      case 'REPLAY':
        return {
          transferId: String(row.oTransferId),
          replayed: row.oStatus === 'REPLAY',
          fromBalance: BigInt(row.oFromBalance!),
          toBalance: BigInt(row.oToBalance!),
          createdAt: new Date(row.oCreatedAt!),
        };
      case 'CONFLICT':
        throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another request.');
      case 'INSUFFICIENT_FUNDS':
        throw new AppError('WALLET_INSUFFICIENT_FUNDS', 409, 'The balance is not enough for this amount.');
      default:
        throw new Error(`ledger accounts could not be locked (${row.oStatus})`);
    }
  }

  return {
    ensureAccount: (a: AccountRef) => ensureAccount(a),

    /**
     * For a caller whose own statement calls ledger_apply_transfer (the seamless bet, decision 043):
     * the request checked as `transfer` checks it, its hash and the time to record it at. When the
     * function answers MISSING_ACCOUNT, the caller runs `ensureAccount` on both sides and calls again.
     */
    validated,

    /** One transfer in its own transaction: a single statement, so no explicit transaction is needed. */
    transfer: (r: TransferRequest) => transferOn(undefined, r),

    /**
     * Inside a caller's transaction, for services that move money and change their own rows together;
     * `alongside` writes in the same statement (see AlongsideWrite).
     */
    transferIn: (trx: Executor, r: TransferRequest, alongside?: AlongsideWrite) => transferOn(trx, r, alongside),

    async balance(a: AccountRef): Promise<bigint> {
      const balance = await repo.balance(a);
      return balance === undefined ? 0n : BigInt(balance);
    },
  };
}
export type LedgerService = ReturnType<typeof ledgerService>;
