import { type Insertable, sql, type Updateable } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';
import type { BalanceAdjustmentTable } from '../../db/schema.ts';

/** An adjustment with the member's account and the staff users who made and decided it. */
const withNames = (ex: Executor) =>
  ex
    .selectFrom('balanceAdjustment as a')
    .innerJoin('member as m', 'm.id', 'a.memberId')
    .innerJoin('staffUser as c', 'c.id', 'a.createdBy')
    .leftJoin('staffUser as s', 's.id', 'a.decidedBy')
    .selectAll('a')
    .select(['m.account as memberAccount', 'c.username as creator', 's.username as decider']);
export type AdjustmentRow = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

/**
 * Manual balance adjustments of the back office (migration 0045). The service runs each change with
 * `transaction` and passes the `trx` it gets as the first argument, with the ledger transfer and the
 * audit row in the same unit of work.
 */
export function adjustmentRepository(db: Db) {
  return {
    transaction: inTransaction(db),

    insert: (trx: Executor, row: Insertable<BalanceAdjustmentTable>) =>
      trx
        .insertInto('balanceAdjustment')
        .values(row)
        .returning(['id', 'memberId', 'currency', 'amount'])
        .executeTakeFirstOrThrow(),

    /** The adjustment, locked until the transaction ends: deciders of one adjustment queue up. */
    lock: (trx: Executor, id: string) =>
      trx.selectFrom('balanceAdjustment').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    async update(
      trx: Executor,
      id: string,
      change: Pick<Updateable<BalanceAdjustmentTable>, 'status' | 'decidedBy' | 'decidedAt' | 'transferId'>,
    ): Promise<void> {
      await trx.updateTable('balanceAdjustment').set(change).where('id', '=', id).execute();
    },

    /** One adjustment with its names. */
    view: (ex: Executor, id: string) => withNames(ex).where('a.id', '=', id).executeTakeFirstOrThrow(),

    /** The waiting adjustments first, then the newest. */
    list: (limit: number) =>
      withNames(db)
        .orderBy(sql`a.status = 'PENDING'`, 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute(),
  };
}
export type AdjustmentRepository = ReturnType<typeof adjustmentRepository>;
