import type { Insertable, Selectable, Updateable } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';
import type { DepositTable } from '../../db/schema.ts';

export type DepositRow = Selectable<DepositTable>;

/** The deposit aggregate (a member's deposit requests) and the payment methods they are made with. */
export function depositRepository(db: Db) {
  return {
    transaction: inTransaction(db),

    /** The methods a member may deposit with in `currency`, in the operator's order. */
    enabledMethods: (currency: string) =>
      db
        .selectFrom('paymentMethod')
        .select(['code', 'kind', 'name', 'currency', 'minAmount', 'maxAmount', 'receivingAccount'])
        .where('enabled', '=', true)
        .where('currency', '=', currency)
        .orderBy('sort')
        .execute(),

    enabledMethod: (code: string, currency: string) =>
      db
        .selectFrom('paymentMethod')
        .selectAll()
        .where('code', '=', code)
        .where('enabled', '=', true)
        .where('currency', '=', currency)
        .executeTakeFirst(),

    /** Inserts a request unless the member already used its request id (then undefined). */
    insertOnce: (row: Insertable<DepositTable>) =>
      db
        .insertInto('deposit')
        .values(row)
        .onConflict((oc) => oc.columns(['memberId', 'requestId']).doNothing())
        .returningAll()
        .executeTakeFirst(),

    byRequestId: (memberId: string, requestId: string) =>
      db
        .selectFrom('deposit')
        .selectAll()
        .where('memberId', '=', memberId)
        .where('requestId', '=', requestId)
        .executeTakeFirstOrThrow(),

    latestOf: (memberId: string, limit: number) =>
      db
        .selectFrom('deposit')
        .selectAll()
        .where('memberId', '=', memberId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** Pending deposits, oldest first, with the member's account name (the operator's queue). */
    pending: (limit: number) =>
      db
        .selectFrom('deposit')
        .innerJoin('member', 'member.id', 'deposit.memberId')
        .selectAll('deposit')
        .select('member.account as memberAccount')
        .where('deposit.status', '=', 'PENDING')
        .orderBy('deposit.createdAt')
        .orderBy('deposit.id')
        .limit(limit)
        .execute(),

    gatewayDeposit: (id: string) =>
      db.selectFrom('deposit').selectAll().where('id', '=', id).where('methodKind', '=', 'GATEWAY').executeTakeFirst(),

    /** The deposit, locked until the transaction ends: deciders of one deposit queue up. */
    lock: (trx: Executor, id: string) =>
      trx.selectFrom('deposit').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    byGatewayTxnId: (trx: Executor, transactionId: string) =>
      trx.selectFrom('deposit').select('id').where('gatewayTxnId', '=', transactionId).executeTakeFirst(),

    update: (trx: Executor, id: string, changes: Updateable<DepositTable>) =>
      trx.updateTable('deposit').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
  };
}
export type DepositRepository = ReturnType<typeof depositRepository>;
