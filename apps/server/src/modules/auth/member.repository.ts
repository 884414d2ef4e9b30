import type { Insertable } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';
import type { MemberTable } from '../../db/schema.ts';

/** A new member's optional details, all left empty: what each way of making a member starts from. */
export const NO_MEMBER_DETAILS = {
  nickname: null,
  uplineId: null,
  email: null,
  mobileDialingCode: null,
  mobileNum: null,
  paymentPasswordHash: null,
  affiliateCode: null,
  referralCode: null,
  registerUrl: null,
  domain: null,
} as const satisfies Partial<Insertable<MemberTable>>;

export function memberRepository(db: Db) {
  return {
    transaction: inTransaction(db),
    findByAccount: (account: string) =>
      db.selectFrom('member').selectAll().where('accountKey', '=', account.toLowerCase()).executeTakeFirst(),
    findById: (id: string) => db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst(),
    findByAffiliateCode: (code: string) =>
      db
        .selectFrom('member')
        .select(['id', 'type', 'status'])
        .where((eb) => eb(eb.fn('lower', ['affiliateCode']), '=', code.toLowerCase()))
        .executeTakeFirst(),
    /** The member with this phone number ("+82 1012345678" as the recipient of a code). */
    findByMobile: (dialingCode: string, mobileNum: string) =>
      db
        .selectFrom('member')
        .selectAll()
        .where('mobileDialingCode', '=', dialingCode)
        .where('mobileNum', '=', mobileNum)
        .executeTakeFirst(),
    /** The addresses the member has proved the account from. */
    knownIps: async (memberId: string) =>
      (await db.selectFrom('memberKnownIp').select('ip').where('memberId', '=', memberId).execute()).map((r) => r.ip),
    paymentPasswordHash: async (memberId: string) =>
      (await db.selectFrom('member').select('paymentPasswordHash').where('id', '=', memberId).executeTakeFirstOrThrow())
        .paymentPasswordHash,
    /** Sets the payment password's hash if it is still `current`; false when another change came first. */
    replacePaymentPasswordHash: async (memberId: string, current: string | null, next: string) =>
      Number(
        (
          await db
            .updateTable('member')
            .set({ paymentPasswordHash: next })
            .where('id', '=', memberId)
            .where((eb) =>
              current === null ? eb('paymentPasswordHash', 'is', null) : eb('paymentPasswordHash', '=', current),
            )
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,
    /** The member's type, upline and payment password hash, with the upline's account and status. */
    withUpline: (memberId: string) =>
      db
        .selectFrom('member as m')
        .leftJoin('member as u', 'u.id', 'm.uplineId')
        .select([
          'm.type',
          'm.uplineId',
          'm.paymentPasswordHash',
          'u.account as uplineAccount',
          'u.status as uplineStatus',
        ])
        .where('m.id', '=', memberId)
        .executeTakeFirstOrThrow(),
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
    /** A browser the member signed in from (decision 028): first and last time seen. */
    rememberDevice: (memberId: string, deviceId: string, at: Date) =>
      db
        .insertInto('memberDevice')
        .values({ memberId, deviceId, firstSeenAt: at, lastSeenAt: at })
        .onConflict((oc) => oc.columns(['memberId', 'deviceId']).doUpdateSet({ lastSeenAt: at }))
        .execute(),
    /** The account name, type and status of a member (one that must exist). */
    standing: (memberId: string) =>
      db
        .selectFrom('member')
        .select(['account', 'type', 'status'])
        .where('id', '=', memberId)
        .executeTakeFirstOrThrow(),
    /** Places the member below `uplineId` (or at the top); the closure follows by trigger, which refuses a cycle. */
    setUpline: (memberId: string, uplineId: string | null, trx: Executor = db) =>
      trx.updateTable('member').set({ uplineId }).where('id', '=', memberId).execute(),
    /** The member's upline, its row locked (FOR UPDATE) until the transaction ends. */
    uplineForUpdate: async (trx: Executor, memberId: string) =>
      (
        await trx
          .selectFrom('member')
          .select('uplineId')
          .where('id', '=', memberId)
          .forUpdate()
          .executeTakeFirstOrThrow()
      ).uplineId,
    /** The member's invitation (affiliate) code, null until one is made. */
    affiliateCode: async (memberId: string) =>
      (await db.selectFrom('member').select('affiliateCode').where('id', '=', memberId).executeTakeFirstOrThrow())
        .affiliateCode,
    /** Gives the member `code` unless it has one; a code another member holds fails with the unique violation (23505). */
    setAffiliateCodeIfNone: (memberId: string, code: string) =>
      db
        .updateTable('member')
        .set({ affiliateCode: code })
        .where('id', '=', memberId)
        .where('affiliateCode', 'is', null)
        .execute(),
  };
}
export type MemberRepository = ReturnType<typeof memberRepository>;

/**
 * Locks the member's row until the transaction ends (FOR NO KEY UPDATE): money requests of one member
 * (withdrawals, bank accounts) queue on it, so "at most one pending" and "at most N" hold under
 * concurrency. Used by the repositories of the member's wallet aggregates.
 */
export const lockMemberRow = (trx: Executor, memberId: string) =>
  trx.selectFrom('member').select('id').where('id', '=', memberId).forNoKeyUpdate().execute();
