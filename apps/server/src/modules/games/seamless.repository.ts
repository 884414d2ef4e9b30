import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database, LedgerAccountKind, SeamlessAction } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export interface GameSessionRow {
  id: string;
  memberId: string;
  vendorId: string;
  gameCode: string;
  gameType: string;
  currency: string;
  trial: boolean;
  expiresAt: Date;
  memberStatus: 'ACTIVE' | 'DISABLED';
}

export interface SeamlessRow {
  vendorId: string;
  transactionId: string;
  action: SeamlessAction;
  requestHash: string;
  memberId: string | null;
  roundId: string | null;
  referenceId: string | null;
  amount: string;
  currency: string | null;
  response: Record<string, unknown> | null;
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

/** Queries of the seamless-wallet protocol: game sessions and the vendor's transactions. */
export const seamlessRepository = {
  async insertSession(
    db: Executor,
    s: Omit<GameSessionRow, 'id' | 'memberStatus'> & { tokenHash: string },
  ): Promise<string> {
    const row = await db.insertInto('gameSession').values(s).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  /**
   * Ends every live game session of a member now: bets are refused (TOKEN_EXPIRED) while the wins and
   * rollbacks of rounds already played still settle, as after a natural expiry (decision 012).
   */
  async endMemberSessions(db: Executor, memberId: string, at: Date): Promise<number> {
    const r = await db
      .updateTable('gameSession')
      .set({ expiresAt: at })
      .where('memberId', '=', memberId)
      .where('expiresAt', '>', at)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async sessionByTokenHash(db: Executor, vendorId: string, tokenHash: string): Promise<GameSessionRow | undefined> {
    return db
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
      ])
      .where('gameSession.tokenHash', '=', tokenHash)
      .where('gameSession.vendorId', '=', vendorId)
      .executeTakeFirst();
  },

  async find(db: Executor, vendorId: string, transactionId: string, lock = false): Promise<SeamlessRow | undefined> {
    let q = db
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
    return { ...rest, response: responseText === null ? null : (JSON.parse(responseText) as Record<string, unknown>) };
  },

  /** Inserts the row unless the id is taken; a concurrent insert of the same id waits for the first. */
  async claim(
    db: Executor,
    row: Omit<SeamlessRow, 'response'> & { response?: Record<string, unknown> },
  ): Promise<boolean> {
    const inserted = await db
      .insertInto('seamlessTransaction')
      .values({ ...row, response: row.response ? JSON.stringify(row.response) : null })
      .onConflict((oc) => oc.columns(['vendorId', 'transactionId']).doNothing())
      .returning('transactionId')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /**
   * The OK answer of a money call, stored in the same statement as its ledger transfer (the ledger's
   * `alongside` write): `answer` without the balance and transfer id, which come from `done`.
   */
  storeAnswerWithTransfer: (
    vendorId: string,
    transactionId: string,
    answer: { status: 'OK'; currency: string; request_id: string | null },
    balanceAfter: 'from' | 'to',
  ) => sql`
    UPDATE seamless_transaction
       SET response = ${JSON.stringify(answer)}::jsonb || jsonb_build_object(
             'balance', ${sql.raw(balanceAfter === 'from' ? 'done.o_from_balance' : 'done.o_to_balance')}::text,
             'operator_transaction_id', done.o_transfer_id::text)
      FROM done
     WHERE vendor_id = ${vendorId} AND transaction_id = ${transactionId}`,

  async storeResponse(db: Executor, vendorId: string, transactionId: string, response: Record<string, unknown>) {
    await db
      .updateTable('seamlessTransaction')
      .set({ response: JSON.stringify(response) })
      .where('vendorId', '=', vendorId)
      .where('transactionId', '=', transactionId)
      .execute();
  },

  async setAmount(db: Executor, vendorId: string, transactionId: string, amount: bigint) {
    await db
      .updateTable('seamlessTransaction')
      .set({ amount: amount.toString() })
      .where('vendorId', '=', vendorId)
      .where('transactionId', '=', transactionId)
      .execute();
  },

  /** The bets of one round, locked so a win and a rollback of the same bet take turns. */
  async roundBets(db: Executor, vendorId: string, memberId: string, roundId: string): Promise<SeamlessRow[]> {
    return db
      .selectFrom('seamlessTransaction')
      .select(txColumns)
      .where('vendorId', '=', vendorId)
      .where('memberId', '=', memberId)
      .where('roundId', '=', roundId)
      .where('action', '=', 'BET')
      .orderBy('transactionId')
      .forUpdate()
      .execute();
  },

  /** Ids among `betIds` that an accepted rollback has reversed. */
  async rolledBack(db: Executor, vendorId: string, betIds: string[]): Promise<Set<string>> {
    if (betIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('seamlessTransaction')
      .select('referenceId')
      .where('vendorId', '=', vendorId)
      .where('action', '=', 'ROLLBACK')
      .where('referenceId', 'in', betIds)
      .where(sql<boolean>`response->>'status' = 'OK'`)
      .execute();
    return new Set(rows.map((r) => r.referenceId!));
  },

  async roundHasWin(db: Executor, vendorId: string, memberId: string, roundId: string): Promise<boolean> {
    const row = await db
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

  async balance(db: Executor, kind: LedgerAccountKind, memberId: string, currency: string): Promise<bigint> {
    const row = await db
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
