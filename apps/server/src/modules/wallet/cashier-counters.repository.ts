import { type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

/** The member's cashier counters shown as badges: what waits for the player, and what waits for the operator. */
export interface CashierCounters {
  /** Approved withdrawals the player has not yet confirmed (received, not received, full payment). */
  withdrawalsToConfirm: number;
  /** Deposits waiting for the operator or the gateway. */
  depositsPending: number;
}

export async function cashierCounters(db: Db, memberId: string): Promise<CashierCounters> {
  const { rows } = await sql<CashierCounters>`
    SELECT
      (SELECT count(*)::int FROM withdrawal
        WHERE member_id = ${memberId} AND status = 'APPROVED' AND confirmation IS NULL) AS withdrawals_to_confirm,
      (SELECT count(*)::int FROM deposit WHERE member_id = ${memberId} AND status = 'PENDING') AS deposits_pending`.execute(
    db,
  );
  return rows[0]!;
}

/** A cashier queue's pending rows counted and summed per currency (the queue shows at most its first 500). */
export const pendingTotals = (db: Db, queue: 'deposit' | 'withdrawal') =>
  db
    .selectFrom(queue)
    .select(['currency', sql<number>`count(*)::int`.as('count'), sql<string>`sum(amount)::text`.as('amount')])
    .where('status', '=', 'PENDING')
    .groupBy('currency')
    .orderBy('currency')
    .execute();

/** A member's latest `limit` requests of a cashier queue, newest first (`.$call` it on the queue's select). */
export const latestOfMember =
  (memberId: string, limit: number) =>
  <TB extends 'deposit' | 'withdrawal', O>(q: SelectQueryBuilder<Database, TB, O>) =>
    q
      .where(sql<boolean>`member_id = ${memberId}`)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
