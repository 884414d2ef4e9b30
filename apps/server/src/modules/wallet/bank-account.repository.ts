import type { Insertable } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';
import type { BankAccountTable } from '../../db/schema.ts';
import { lockMemberRow } from '../auth/member.repository.ts';

/** A member's bank accounts for withdrawals. */
export function bankAccountRepository(db: Db) {
  return {
    transaction: inTransaction(db),
    lockMember: lockMemberRow,

    listOf: (memberId: string) =>
      db.selectFrom('bankAccount').selectAll().where('memberId', '=', memberId).orderBy('id').execute(),

    countOf: async (trx: Executor, memberId: string) =>
      Number(
        (
          await trx
            .selectFrom('bankAccount')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('memberId', '=', memberId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    insert: (trx: Executor, row: Insertable<BankAccountTable>) =>
      trx.insertInto('bankAccount').values(row).returningAll().executeTakeFirstOrThrow(),

    /** The account if it is this member's (nobody else's is ever read through a member's request). */
    ownedBy: (trx: Executor, id: string, memberId: string) =>
      trx
        .selectFrom('bankAccount')
        .select('id')
        .where('id', '=', id)
        .where('memberId', '=', memberId)
        .executeTakeFirst(),

    payeeName: async (id: string) =>
      (await db.selectFrom('bankAccount').select('payeeName').where('id', '=', id).executeTakeFirst())?.payeeName,
  };
}
export type BankAccountRepository = ReturnType<typeof bankAccountRepository>;
