import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
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

const identity = (a: AccountRef) =>
  sql<boolean>`(kind = ${a.kind} AND currency = ${a.currency} AND coalesce(member_id, 0) = ${a.memberId ?? 0}
    AND coalesce(vendor_id, '') = ${a.vendorId ?? ''})`;
const sameAccount = (a: AccountRef, b: AccountRef) =>
  a.kind === b.kind &&
  a.currency === b.currency &&
  (a.memberId ?? null) === (b.memberId ?? null) &&
  (a.vendorId ?? null) === (b.vendorId ?? null);

/**
 * Finds both accounts and locks them in one statement, in account-id order (ORDER BY runs before the
 * locks), before the transfer row takes its id. So per account, transfer ids follow the order in
 * which transfers committed, and a running sum over an account's transfers by id is its exact balance
 * after each one (the history pages rely on it). Missing accounts are created first.
 */
async function lockAccounts(trx: Transaction<Database>, from: AccountRef, to: AccountRef): Promise<[string, string]> {
  if (sameAccount(from, to))
    throw new AppError('VALIDATION_FAILED', 400, 'A transfer needs two different accounts.', 'account');
  const find = () =>
    trx
      .selectFrom('ledgerAccount')
      .select(['id', identity(from).as('isFrom')])
      .where((eb) => eb.or([identity(from), identity(to)]))
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
  let rows = await find();
  if (rows.length < 2) {
    await ensureAccount(trx, from);
    await ensureAccount(trx, to);
    rows = await find();
  }
  const fromRow = rows.find((x) => x.isFrom);
  const toRow = rows.find((x) => !x.isFrom);
  if (!fromRow || !toRow) throw new Error('ledger accounts could not be locked');
  return [fromRow.id, toRow.id];
}

/**
 * Moves money. Idempotent by key: a repeat with the same request returns the first answer, a repeat
 * with a different one is refused. No double spend: the debit is a conditional UPDATE (balance ≥
 * amount unless the account is a system one), both rows are touched in account-id order so two
 * transfers never deadlock, and the transfer row, both balances and the check commit together.
 */
export function ledgerService(db: Db) {
  async function transferIn(trx: Transaction<Database>, r: TransferRequest): Promise<TransferResult> {
    if (r.amount <= 0n || r.amount >= MAX_AMOUNT)
      throw new AppError(
        'VALIDATION_FAILED',
        400,
        'The amount must be a positive whole number of minor units.',
        'amount',
      );
    if (r.from.currency !== r.to.currency)
      throw new AppError('VALIDATION_FAILED', 400, 'Both accounts must hold the same currency.', 'currency');
    const hash = requestHash(r);
    const [fromId, toId] = await lockAccounts(trx, r.from, r.to);

    const inserted = await trx
      .insertInto('ledgerTransfer')
      .values({
        idempotencyKey: r.idempotencyKey,
        requestHash: hash,
        kind: r.kind,
        fromAccountId: fromId,
        toAccountId: toId,
        amount: r.amount.toString(),
        currency: r.from.currency,
        reference: JSON.stringify(r.reference ?? {}),
      })
      .onConflict((oc) => oc.column('idempotencyKey').doNothing())
      .returning(['id', 'createdAt'])
      .executeTakeFirst();

    if (!inserted) {
      const first = await trx
        .selectFrom('ledgerTransfer')
        .select(['id', 'requestHash', 'fromAccountId', 'toAccountId', 'createdAt'])
        .where('idempotencyKey', '=', r.idempotencyKey)
        .executeTakeFirstOrThrow();
      if (first.requestHash !== hash)
        throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another request.');
      const balances = await trx
        .selectFrom('ledgerAccount')
        .select(['id', 'balance'])
        .where('id', 'in', [first.fromAccountId, first.toAccountId])
        .execute();
      const of = (id: string) => BigInt(balances.find((b) => b.id === id)!.balance);
      return {
        transferId: first.id,
        replayed: true,
        fromBalance: of(first.fromAccountId),
        toBalance: of(first.toAccountId),
        createdAt: new Date(first.createdAt),
      };
    }

    const amount = r.amount.toString();
    const debit = async () => {
      const row = await trx
        .updateTable('ledgerAccount')
        .set({ balance: sql`balance - ${amount}::bigint` })
        .where('id', '=', fromId)
        .where(sql<boolean>`(allow_negative OR balance >= ${amount}::bigint)`)
        .returning('balance')
        .executeTakeFirst();
      if (!row) throw new AppError('WALLET_INSUFFICIENT_FUNDS', 409, 'The balance is not enough for this amount.');
      return BigInt(row.balance);
    };
    const credit = async () => {
      const row = await trx
        .updateTable('ledgerAccount')
        .set({ balance: sql`balance + ${amount}::bigint` })
        .where('id', '=', toId)
        .returning('balance')
        .executeTakeFirstOrThrow();
      return BigInt(row.balance);
    };
    let fromBalance: bigint;
    let toBalance: bigint;
    if (BigInt(fromId) < BigInt(toId)) {
      fromBalance = await debit();
      toBalance = await credit();
    } else {
      toBalance = await credit();
      fromBalance = await debit();
    }
    return {
      transferId: inserted.id,
      replayed: false,
      fromBalance,
      toBalance,
      createdAt: new Date(inserted.createdAt),
    };
  }

  return {
    ensureAccount: (a: AccountRef) => ensureAccount(db, a),

    /** One transfer in its own transaction. */
    transfer: (r: TransferRequest) => db.transaction().execute((trx) => transferIn(trx, r)),

    /** Inside a caller's transaction, for services that move money and change their own rows together. */
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
