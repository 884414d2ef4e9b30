import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { MemberTable } from '../../db/schema.ts';

export function memberRepository(db: Db) {
  return {
    findByAccount: (account: string) =>
      db.selectFrom('member').selectAll().where('accountKey', '=', account.toLowerCase()).executeTakeFirst(),
    findById: (id: string) => db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst(),
    findByAffiliateCode: (code: string) =>
      db
        .selectFrom('member')
        .select(['id', 'type', 'status'])
        .where((eb) => eb(eb.fn('lower', ['affiliateCode']), '=', code.toLowerCase()))
        .executeTakeFirst(),
    insert: (row: Insertable<MemberTable>) =>
      db.insertInto('member').values(row).returning(['id']).executeTakeFirstOrThrow(),
    recordLogin: (id: string, ip: string) =>
      db
        .updateTable('member')
        .set({ lastLoginAt: new Date(), lastLoginIp: ip, firstLogin: false })
        .where('id', '=', id)
        .execute(),
    /** An address the member proved the account from (a sign-in, a code): the new-address check passes it. */
    rememberIp: (memberId: string, ip: string) =>
      db
        .insertInto('memberKnownIp')
        .values({ memberId, ip })
        .onConflict((oc) => oc.columns(['memberId', 'ip']).doNothing())
        .execute(),
  };
}
export type MemberRepository = ReturnType<typeof memberRepository>;
