import { createHash } from 'node:crypto';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database, LedgerAccountKind } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';

export interface AccountRef {
  kind: LedgerAccountKind;
  currency: string;
  memberId?: string | null;
  vendorId?: string | null;
}

export interface TransferRequest {
  /** Unique per intended movement: a vendor transaction id, a client request id, `contract:period`… */
  idempotencyKey: string;
  kind: string;
  from: AccountRef;
  to: AccountRef;
  /** Minor units, a positive integer. */
  amount: bigint;
  reference?: Record<string, unknown>;
}

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
  const ref = (a: AccountRef) => [a.kind, a.currency, a.memberId ?? '', a.vendorId ?? ''].join('/');
  return createHash('sha256')
    .update(JSON.stringify([r.kind, ref(r.from), ref(r.to), r.amount.toString(), r.reference ?? {}]))
    .digest('hex');
}

type Executor = Db | Transaction<Database>;

async function ensureAccount(db: Executor, a: AccountRef): Promise<string> {
  const memberId = a.memberId ?? null;
  const vendorId = a.vendorId ?? null;
  const find = () =>
    db
      .selectFrom('ledgerAccount')
      .select('id')
      .where('kind', '=', a.kind)
      .where('currency', '=', a.currency)
      .where(sql<boolean>`coalesce(member_id, 0) = ${memberId ?? 0}`)
      .where(sql<boolean>`coalesce(vendor_id, '') = ${vendorId ?? ''}`)
      .executeTakeFirst();
  const found = await find();
  if (found) return found.id;
  await sql`
    INSERT INTO ledger_account (kind, member_id, vendor_id, currency, allow_negative)
    VALUES (${a.kind}, ${memberId}, ${vendorId}, ${a.currency}, ${SYSTEM_KINDS.has(a.kind)})
    ON CONFLICT DO NOTHING`.execute(db);
  const created = await find();
  if (!created) throw new Error('ledger account could not be created');
  return created.id;
}

const sameAccount = (a: AccountRef, b: AccountRef) =>
  a.kind === b.kind &&
  a.currency === b.currency &&
  (a.memberId ?? null) === (b.memberId ?? null) &&
  (a.vendorId ?? null) === (b.vendorId ?? null);

interface AppliedRow {
  oStatus: 'OK' | 'REPLAY' | 'CONFLICT' | 'INSUFFICIENT_FUNDS' | 'MISSING_ACCOUNT';
  oTransferId: string | null;
  oFromBalance: string | null;
  oToBalance: string | null;
  oCreatedAt: Date | string | null;
}

/**
 * One call of ledger_apply_transfer (migration 0015, decision 014): it locks both accounts in
 * account-id order before the transfer row takes its id — so per account, transfer ids follow the
 * order in which transfers committed, and a running sum over an account's transfers by id is its
 * exact balance after each one (the history pages rely on it) — then checks the key and the debit
 * and moves both balances, all without a client round trip while the rows are locked.
 */
const applyCall = (r: TransferRequest, hash: string) => sql`ledger_apply_transfer(
      ${r.idempotencyKey}, ${hash}, ${r.kind}, ${r.from.currency}, ${r.amount.toString()}::bigint,
      ${JSON.stringify(r.reference ?? {})}::jsonb,
      ${r.from.kind}, ${r.from.memberId ?? null}::bigint, ${r.from.vendorId ?? null}::text,
      ${r.to.kind}, ${r.to.memberId ?? null}::bigint, ${r.to.vendorId ?? null}::text)`;

/**
 * A write of the caller's to make in the same statement as the transfer, only when the transfer is
 * made (or found made by an earlier call): a data-modifying statement that may read the CTE `done`
 * (one row with o_transfer_id, o_from_balance, o_to_balance and o_created_at, or no row). It spares
 * the caller a round trip while the wallet's row is locked.
 */
export type AlongsideWrite = RawBuilder<unknown>;

const apply = (db: Executor, r: TransferRequest, hash: string, alongside?: AlongsideWrite) =>
  (alongside
    ? sql<AppliedRow>`
        WITH applied AS MATERIALIZED (SELECT * FROM ${applyCall(r, hash)}),
             done AS (SELECT * FROM applied WHERE o_status IN ('OK', 'REPLAY')),
             alongside AS (${alongside})
        SELECT * FROM applied`
    : sql<AppliedRow>`SELECT * FROM ${applyCall(r, hash)}`
  )
    .execute(db)
    .then((res) => res.rows[0]!);

/**
 * Moves money. Idempotent by key: a repeat with the same request returns the first answer, a repeat
 * with a different one is refused. No double spend: the debit is checked on the locked row (balance ≥
 * amount unless the account is a system one, and a CHECK constraint behind it), both rows are locked
 * in account-id order so two transfers never deadlock, and the transfer row, both balances and the
 * check commit together.
 */
export function ledgerService(db: Db) {
  async function transferIn(trx: Executor, r: TransferRequest, alongside?: AlongsideWrite): Promise<TransferResult> {
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
    const hash = requestHash(r);
    let row = await apply(trx, r, hash, alongside);
    if (row.oStatus === 'MISSING_ACCOUNT') {
      await ensureAccount(trx, r.from);
      await ensureAccount(trx, r.to);
      row = await apply(trx, r, hash, alongside);
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
    ensureAccount: (a: AccountRef) => ensureAccount(db, a),

    /** One transfer in its own transaction: a single statement, so no explicit transaction is needed. */
    transfer: (r: TransferRequest) => transferIn(db, r),

    /**
     * Inside a caller's transaction, for services that move money and change their own rows together;
     * `alongside` writes in the same statement (see AlongsideWrite).
     */
    transferIn,

    async balance(a: AccountRef): Promise<bigint> {
      const row = await db
        .selectFrom('ledgerAccount')
        .select('balance')
        .where('kind', '=', a.kind)
        .where('currency', '=', a.currency)
        .where(sql<boolean>`coalesce(member_id, 0) = ${a.memberId ?? 0}`)
        .where(sql<boolean>`coalesce(vendor_id, '') = ${a.vendorId ?? ''}`)
        .executeTakeFirst();
      return row ? BigInt(row.balance) : 0n;
    },
  };
}
export type LedgerService = ReturnType<typeof ledgerService>;
