import { type RawBuilder, sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';
import type { LedgerAccountKind } from '../../db/schema.ts';

/** One ledger account: its kind and currency, and its member or vendor when it has one. */
export interface AccountRef {
  kind: LedgerAccountKind;
  currency: string;
  memberId?: string | null;
  vendorId?: string | null;
  /** Which shard of a sharded system account (decision 043); 0 or absent for every other account. */
  shard?: number;
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

export interface AppliedRow {
  oStatus: 'OK' | 'REPLAY' | 'CONFLICT' | 'INSUFFICIENT_FUNDS' | 'MISSING_ACCOUNT';
  oTransferId: string | null;
  oFromBalance: string | null;
  oToBalance: string | null;
  oCreatedAt: Date | string | null;
}

/**
 * A write of the caller's to make in the same statement as the transfer, only when the transfer is
 * made (or found made by an earlier call): a data-modifying statement that may read the CTE `done`
 * (one row with o_transfer_id, o_from_balance, o_to_balance and o_created_at, or no row). It spares
 * the caller a round trip while the wallet's row is locked.
 */
export type AlongsideWrite = RawBuilder<unknown>;

/**
 * One call of ledger_apply_transfer (migration 0015, decision 014): it locks both accounts in
 * account-id order before the transfer row takes its id — so per account, transfer ids follow the
 * order in which transfers committed, and a running sum over an account's transfers by id is its
 * exact balance after each one (the history pages rely on it) — then checks the key and the debit
 * and moves both balances, all without a client round trip while the rows are locked.
 */
const applyCall = (r: TransferRequest, hash: string, at: Date | null) => sql`ledger_apply_transfer(
      ${r.idempotencyKey}, ${hash}, ${r.kind}, ${r.from.currency}, ${r.amount.toString()}::bigint,
      ${JSON.stringify(r.reference ?? {})}::jsonb,
      ${r.from.kind}, ${r.from.memberId ?? null}::bigint, ${r.from.vendorId ?? null}::text,
      ${r.to.kind}, ${r.to.memberId ?? null}::bigint, ${r.to.vendorId ?? null}::text, ${at}::timestamptz,
      ${r.from.shard ?? 0}::smallint, ${r.to.shard ?? 0}::smallint)`;

/** The account row of a reference (a missing member or vendor matches only an account without one). */
const accountOf = (db: Executor, a: AccountRef) =>
  db
    .selectFrom('ledgerAccount')
    .where('kind', '=', a.kind)
    .where('currency', '=', a.currency)
    .where(sql<boolean>`coalesce(member_id, 0) = ${a.memberId ?? 0}`)
    .where(sql<boolean>`coalesce(vendor_id, '') = ${a.vendorId ?? ''}`)
    .where('shard', '=', a.shard ?? 0);

/**
 * The ledger's accounts and transfers. Each method runs on the database, or on `trx` when given: the
 * caller's transaction, when money moves together with the caller's own rows.
 */
export function ledgerRepository(db: Db) {
  return {
    /** The id of an account, if it exists. */
    accountId: async (a: AccountRef, trx: Executor = db): Promise<string | undefined> =>
      (await accountOf(trx, a).select('id').executeTakeFirst())?.id,

    /** Creates an account unless it exists (a concurrent creation of the same one is no error). */
    insertAccount: async (a: AccountRef, allowNegative: boolean, trx: Executor = db): Promise<void> => {
      await sql`
    INSERT INTO ledger_account (kind, member_id, vendor_id, currency, allow_negative, shard)
    VALUES (${a.kind}, ${a.memberId ?? null}, ${a.vendorId ?? null}, ${a.currency}, ${allowNegative}, ${a.shard ?? 0})
    ON CONFLICT DO NOTHING`.execute(trx);
    },

    /** Every account of these members with its balance (the live channel's balance events, decision 106). */
    membersBalances: async (
      memberIds: readonly string[],
    ): Promise<{ memberId: string; kind: string; currency: string; balance: string }[]> =>
      (
        await sql<{ memberId: string; kind: string; currency: string; balance: string }>`
          SELECT member_id::text AS "memberId", kind, currency, balance::text AS balance
          FROM ledger_account WHERE member_id = ANY(${[...memberIds]}::bigint[])`.execute(db)
      ).rows,

    /** An account's balance in minor units (text), if the account exists. */
    balance: async (a: AccountRef, trx: Executor = db): Promise<string | undefined> =>
      (await accountOf(trx, a).select('balance').executeTakeFirst())?.balance,

    /**
     * One transfer in one statement, with the caller's `alongside` write when given; recorded at `at`,
     * or at the database's time when null (decision 032).
     */
    apply: (
      r: TransferRequest,
      hash: string,
      alongside?: AlongsideWrite,
      trx: Executor = db,
      at: Date | null = null,
    ): Promise<AppliedRow> =>
      (alongside
        ? sql<AppliedRow>`
        WITH applied AS MATERIALIZED (SELECT * FROM ${applyCall(r, hash, at)}),
             done AS (SELECT * FROM applied WHERE o_status IN ('OK', 'REPLAY')),
             alongside AS (${alongside})
        SELECT * FROM applied`
        : sql<AppliedRow>`SELECT * FROM ${applyCall(r, hash, at)}`
      )
        .execute(trx)
        .then((res) => res.rows[0]!),
  };
}
export type LedgerRepository = ReturnType<typeof ledgerRepository>;
