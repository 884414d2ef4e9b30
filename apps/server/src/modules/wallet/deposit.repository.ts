import { type Insertable, type Selectable, type Updateable } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';
import { latestOfMember, pendingTotals } from './cashier-counters.repository.ts';
import type { DepositTable, PaymentMethodTable } from '../../db/schema.ts';

export type DepositRow = Selectable<DepositTable>;

/** A payment method as the operator's settings show and change it. */
const METHOD_COLUMNS = [
  'code',
  'kind',
  'name',
  'currency',
  'minAmount',
  'maxAmount',
  'enabled',
  'sort',
  'receivingAccount',
] as const;

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

    /** Every payment method, enabled or not, for the operator's settings. */
    allMethods: () => db.selectFrom('paymentMethod').select(METHOD_COLUMNS).orderBy('sort').orderBy('code').execute(),

    /** A payment method, locked until the transaction ends (two operators' changes queue up). */
    lockMethod: (trx: Executor, code: string) =>
      trx.selectFrom('paymentMethod').select(METHOD_COLUMNS).where('code', '=', code).forUpdate().executeTakeFirst(),

    updateMethod: (trx: Executor, code: string, changes: Updateable<PaymentMethodTable>) =>
      trx
        .updateTable('paymentMethod')
        .set(changes)
        .where('code', '=', code)
        .returning(METHOD_COLUMNS)
        .executeTakeFirstOrThrow(),

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
      db.selectFrom('deposit').selectAll().$call(latestOfMember(memberId, limit)).execute(),

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

    pendingTotals: () => pendingTotals(db, 'deposit'),

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
