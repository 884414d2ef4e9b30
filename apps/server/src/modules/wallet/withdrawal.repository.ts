import { type Insertable, sql, type Updateable } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';
import { latestOfMember, pendingTotals } from './cashier-counters.repository.ts';
import type { WithdrawalTable } from '../../db/schema.ts';
import { lockMemberRow } from '../auth/member.repository.ts';

/** Every column but the proof's bytes, which lists never need. */
const COLUMNS = [
  'id',
  'memberId',
  'bankAccountId',
  'amount',
  'currency',
  'requestId',
  'status',
  'rejectReason',
  'createdAt',
  'decidedAt',
  'confirmation',
  'confirmedBy',
  'confirmedAt',
] as const;
const hasProof = sql<boolean>`proof IS NOT NULL`.as('hasProof');
const RETURNED = [...COLUMNS, hasProof] as const;

/** The withdrawal aggregate: a member's requests, the operator's decisions, the player's receipts. */
export function withdrawalRepository(db: Db) {
  const byId = (ex: Executor, id: string) => ex.selectFrom('withdrawal').select(RETURNED).where('id', '=', id);
  return {
    transaction: inTransaction(db),
    lockMember: lockMemberRow,

    byRequestId: (trx: Executor, memberId: string, requestId: string) =>
      trx
        .selectFrom('withdrawal')
        .select(RETURNED)
        .where('memberId', '=', memberId)
        .where('requestId', '=', requestId)
        .executeTakeFirst(),

    hasPending: async (trx: Executor, memberId: string) =>
      (await trx
        .selectFrom('withdrawal')
        .select('id')
        .where('memberId', '=', memberId)
        .where('status', '=', 'PENDING')
        .executeTakeFirst()) !== undefined,

    insert: (trx: Executor, row: Insertable<WithdrawalTable>) =>
      trx.insertInto('withdrawal').values(row).returning(RETURNED).executeTakeFirstOrThrow(),

    latestOf: (memberId: string, limit: number) =>
      db.selectFrom('withdrawal').select(RETURNED).$call(latestOfMember(memberId, limit)).execute(),

    /** Pending withdrawals, oldest first, with the member's account and the payee's bank details. */
    pending: (limit: number) =>
      db
        .selectFrom('withdrawal as w')
        .innerJoin('member as m', 'm.id', 'w.memberId')
        .innerJoin('bankAccount as b', 'b.id', 'w.bankAccountId')
        .select(COLUMNS.map((c) => `w.${c}` as const))
        .select(sql<boolean>`w.proof IS NOT NULL`.as('hasProof'))
        .select(['m.account as memberAccount', 'b.payeeName', 'b.bankName', 'b.accountNumber'])
        .where('w.status', '=', 'PENDING')
        .orderBy('w.createdAt')
        .orderBy('w.id')
        .limit(limit)
        .execute(),

    pendingTotals: () => pendingTotals(db, 'withdrawal'),

    /** The withdrawal, locked until the transaction ends: deciders of one withdrawal queue up. */
    lock: (trx: Executor, id: string) => byId(trx, id).forUpdate().executeTakeFirst(),

    ofMember: (id: string, memberId: string) => byId(db, id).where('memberId', '=', memberId).executeTakeFirst(),

    update: (trx: Executor, id: string, changes: Updateable<WithdrawalTable>) =>
      trx.updateTable('withdrawal').set(changes).where('id', '=', id).returning(RETURNED).executeTakeFirstOrThrow(),

    /** Records the player's receipt of an approved, unanswered withdrawal of theirs; undefined otherwise. */
    confirmOnce: (id: string, memberId: string, changes: Updateable<WithdrawalTable>) =>
      db
        .updateTable('withdrawal')
        .set(changes)
        .where('id', '=', id)
        .where('memberId', '=', memberId)
        .where('status', '=', 'APPROVED')
        .where('confirmation', 'is', null)
        .returning(RETURNED)
        .executeTakeFirst(),

    /** Marks approved withdrawals decided at or before `before` and still unanswered as received; how many. */
    autoReceive: async (before: Date, now: Date) =>
      Number(
        (
          await db
            .updateTable('withdrawal')
            .set({ confirmation: 'RECEIVED', confirmedBy: 'AUTO', confirmedAt: now })
            .where('status', '=', 'APPROVED')
            .where('confirmation', 'is', null)
            .where('decidedAt', '<=', before)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),
  };
}
export type WithdrawalRepository = ReturnType<typeof withdrawalRepository>;
