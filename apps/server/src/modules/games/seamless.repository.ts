import { type Selectable, sql } from 'kysely';
import { type Db, type Executor, inTransaction, PREPARED } from '../../db/client.ts';
import type {
  GameSessionTable,
  LedgerAccountKind,
  MemberTable,
  SeamlessAction,
  SeamlessTransactionTable,
} from '../../db/schema.ts';

/** A game session as the seamless calls read it (not its token's hash), with its member's status. */
export type GameSessionRow = Omit<Selectable<GameSessionTable>, 'tokenHash' | 'createdAt'> & {
  memberStatus: Selectable<MemberTable>['status'];
};

/** A seamless call as recorded (without when). */
export type SeamlessRow = Omit<Selectable<SeamlessTransactionTable>, 'createdAt'>;

/** One seamless bet or win as seamless_money_call takes it (see `moneyCall`). */
export interface MoneyCall {
  vendorId: string;
  transactionId: string;
  action: 'BET' | 'WIN';
  requestHash: string;
  memberId: string;
  roundId: string;
  amount: string;
  currency: string;
  needsStandingBet: boolean;
  /** A bet: the player's wallet pays the vendor's clearing shard; a win: the other way. */
  playerPays: boolean;
  walletKind: LedgerAccountKind;
  shard: number;
  ledgerKey: string;
  ledgerHash: string;
  reference: Record<string, unknown>;
  /** The answer to store, without the balance and transfer id that the statement adds. */
  answer: Record<string, unknown>;
  recordedAt: Date | null;
}
export interface MoneyCallRow {
  oStatus: 'OK' | 'TAKEN' | 'TRANSACTION_NOT_FOUND' | 'INSUFFICIENT_FUNDS' | 'MISSING_ACCOUNT' | 'REPLAY' | 'CONFLICT';
  /** The player's balance after the transfer (OK) or as it stands (INSUFFICIENT_FUNDS). */
  oBalance: string | null;
  oTransferId: string | null;
  oTakenAction: SeamlessAction | null;
  oTakenHash: string | null;
  oTakenResponse: string | null;
}

const txColumns = [
  'vendorId',
  'transactionId',
  'action',
  'requestHash',
  'memberId',
  'roundId',
  'referenceId',
  'amount',
  'currency',
  'response',
] as const;

/** A game session with its member's status, as the seamless calls read it. */
const sessions = (trx: Executor) =>
  trx
    .selectFrom('gameSession')
    .innerJoin('member', 'member.id', 'gameSession.memberId')
    .select([
      'gameSession.id',
      'gameSession.memberId',
      'gameSession.vendorId',
      'gameSession.gameCode',
      'gameSession.gameType',
      'gameSession.currency',
      'gameSession.trial',
      'gameSession.expiresAt',
      'member.status as memberStatus',
    ]);

/**
 * Queries of the seamless-wallet protocol: game sessions and the vendor's transactions. A service
 * opens its unit of work with `transaction` and passes the `trx` it gets as the methods' last
 * argument; the methods that lock or write a call's rows take it always, reads may run on the database.
 */
export function seamlessRepository(db: Db) {
  return {
    transaction: inTransaction(db),

    async insertSession(
      s: Omit<GameSessionRow, 'id' | 'memberStatus'> & { tokenHash: string },
      trx: Executor = db,
    ): Promise<string> {
      const row = await trx.insertInto('gameSession').values(s).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Ends every live game session of a member now: bets are refused (TOKEN_EXPIRED) while the wins and
     * rollbacks of rounds already played still settle, as after a natural expiry (decision 012).
     */
    async endMemberSessions(memberId: string, at: Date, trx: Executor): Promise<number> {
      const r = await trx
        .updateTable('gameSession')
        .set({ expiresAt: at })
        .where('memberId', '=', memberId)
        .where('expiresAt', '>', at)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    async sessionByTokenHash(
      vendorId: string,
      tokenHash: string,
      trx: Executor = db,
    ): Promise<GameSessionRow | undefined> {
      return sessions(trx)
        .modifyFront(PREPARED)
        .where('gameSession.tokenHash', '=', tokenHash)
        .where('gameSession.vendorId', '=', vendorId)
        .executeTakeFirst();
    },

    /** The sessions of many tokens at once (a `wins` call), by token hash; unknown hashes are absent. */
    async sessionsByTokenHash(vendorId: string, tokenHashes: readonly string[]): Promise<Map<string, GameSessionRow>> {
      const rows = await sessions(db)
        .select('gameSession.tokenHash')
        .where('gameSession.tokenHash', 'in', [...new Set(tokenHashes)])
        .where('gameSession.vendorId', '=', vendorId)
        .execute();
      return new Map(rows.map(({ tokenHash, ...s }) => [tokenHash, s]));
    },

    async find(
      vendorId: string,
      transactionId: string,
      lock: boolean,
      trx: Executor = db,
    ): Promise<SeamlessRow | undefined> {
      let q = trx
        .selectFrom('seamlessTransaction')
        .select(txColumns.filter((c) => c !== 'response'))
        // As text: the stored answer is the protocol's snake_case, which the case plugin would rename.
        .select(sql<string | null>`response::text`.as('responseText'))
        .where('vendorId', '=', vendorId)
        .where('transactionId', '=', transactionId);
      if (lock) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      if (!row) return undefined;
      const { responseText, ...rest } = row;
      return {
        ...rest,
        response: responseText === null ? null : (JSON.parse(responseText) as Record<string, unknown>),
      };
    },

    /**
     * A bet or win in one statement, in autocommit (seamless_money_call, migration 0058): the claim,
     * the standing-bet check of a win, the ledger transfer and the stored answer. TAKEN returns the
     * row that holds the id; every other status but OK changed nothing.
     */
    async moneyCall(c: MoneyCall): Promise<MoneyCallRow> {
      const { rows } = await sql<MoneyCallRow>`${PREPARED} SELECT * FROM seamless_money_call(
        ${c.vendorId}, ${c.transactionId}, ${c.action}, ${c.requestHash}, ${c.memberId}::bigint, ${c.roundId},
        ${c.amount}::bigint, ${c.currency}, ${c.needsStandingBet}, ${c.playerPays}, ${c.walletKind},
        ${c.shard}::smallint, ${c.ledgerKey}, ${c.ledgerHash}, ${JSON.stringify(c.reference)}::jsonb,
        ${JSON.stringify(c.answer)}::jsonb, ${c.recordedAt}::timestamptz)`.execute(db);
      return rows[0]!;
    },

    /**
     * A bet or win of 0 in one statement (seamless_zero_call, migration 0105): the claim, the
     * standing-bet check of a win, the player's balance and the stored answer; no transfer. TAKEN
     * returns the row that holds the id; TRANSACTION_NOT_FOUND changed nothing.
     */
    async zeroCall(
      c: Pick<
        MoneyCall,
        | 'vendorId'
        | 'transactionId'
        | 'action'
        | 'requestHash'
        | 'memberId'
        | 'roundId'
        | 'currency'
        | 'needsStandingBet'
        | 'walletKind'
        | 'answer'
      >,
    ): Promise<MoneyCallRow> {
      const { rows } = await sql<Omit<MoneyCallRow, 'oTransferId'>>`${PREPARED} SELECT * FROM seamless_zero_call(
        ${c.vendorId}, ${c.transactionId}, ${c.action}, ${c.requestHash}, ${c.memberId}::bigint, ${c.roundId},
        ${c.currency}, ${c.needsStandingBet}, ${c.walletKind}, ${JSON.stringify(c.answer)}::jsonb)`.execute(db);
      return { ...rows[0]!, oTransferId: null };
    },

    /** Inserts the row unless the id is taken; a concurrent insert of the same id waits for the first. */
    async claim(
      row: Omit<SeamlessRow, 'response'> & { response?: Record<string, unknown> },
      trx: Executor,
    ): Promise<boolean> {
      const inserted = await trx
        .insertInto('seamlessTransaction')
        .values({ ...row, response: row.response ? JSON.stringify(row.response) : null })
        .onConflict((oc) => oc.columns(['vendorId', 'transactionId']).doNothing())
        .returning('transactionId')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async storeResponse(vendorId: string, transactionId: string, response: Record<string, unknown>, trx: Executor) {
      await trx
        .updateTable('seamlessTransaction')
        .set({ response: JSON.stringify(response) })
        .where('vendorId', '=', vendorId)
        .where('transactionId', '=', transactionId)
        .execute();
    },

    async setAmount(vendorId: string, transactionId: string, amount: bigint, trx: Executor) {
      await trx
        .updateTable('seamlessTransaction')
        .set({ amount: amount.toString() })
        .where('vendorId', '=', vendorId)
        .where('transactionId', '=', transactionId)
        .execute();
    },

    /** Ids among `betIds` that an accepted rollback has reversed. */
    async rolledBack(vendorId: string, betIds: string[], trx: Executor): Promise<Set<string>> {
      if (betIds.length === 0) return new Set();
      const rows = await trx
        .selectFrom('seamlessTransaction')
        .select('referenceId')
        .where('vendorId', '=', vendorId)
        .where('action', '=', 'ROLLBACK')
        .where('referenceId', 'in', betIds)
        .where(sql<boolean>`response->>'status' = 'OK'`)
        .execute();
      return new Set(rows.map((r) => r.referenceId!));
    },

    async roundHasWin(vendorId: string, memberId: string, roundId: string, trx: Executor): Promise<boolean> {
      const row = await trx
        .selectFrom('seamlessTransaction')
        .select('transactionId')
        .where('vendorId', '=', vendorId)
        .where('memberId', '=', memberId)
        .where('roundId', '=', roundId)
        .where('action', '=', 'WIN')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async balance(kind: LedgerAccountKind, memberId: string, currency: string, trx: Executor = db): Promise<bigint> {
      const row = await trx
        .selectFrom('ledgerAccount')
        .select('balance')
        .where('kind', '=', kind)
        .where('currency', '=', currency)
        .where(sql<boolean>`coalesce(member_id, 0) = ${memberId}`)
        .where(sql<boolean>`coalesce(vendor_id, '') = ''`)
        .executeTakeFirst();
      return row ? BigInt(row.balance) : 0n;
    },
  };
}
export type SeamlessRepository = ReturnType<typeof seamlessRepository>;
