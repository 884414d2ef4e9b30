import type { ReferralRewardStatus } from '@portal/contracts/rewards/referral.contract.ts';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';

/** A member who may refer or be named as a recommender, as registration sees them. */
export interface ReferrerFacts {
  id: string;
  type: number;
  status: 'ACTIVE' | 'DISABLED';
}

/** A DUE referral reward under its row lock, with what deciding it needs. */
export interface DueReward {
  friendId: string;
  referrerId: string;
  depositAmount: string;
  friendAccount: string;
  friendType: number;
  referrerType: number;
  referrerStatus: 'ACTIVE' | 'DISABLED';
}

/** Refer a friend (decision 075): players' invitation codes, who referred whom, and the rewards decided. */
export function referralRepository(db: Db) {
  return {
    inviteCode: async (memberId: string): Promise<string | null> =>
      (await db.selectFrom('member').select('inviteCode').where('id', '=', memberId).executeTakeFirstOrThrow())
        .inviteCode,

    /** Sets the code unless the member has one; a code another member holds fails on the unique index (23505). */
    setInviteCodeIfNone: async (memberId: string, code: string): Promise<void> => {
      await db
        .updateTable('member')
        .set({ inviteCode: code })
        .where('id', '=', memberId)
        .where('inviteCode', 'is', null)
        .execute();
    },

    /** The member whose invitation code this is (any letter case). */
    byInviteCode: (code: string): Promise<ReferrerFacts | undefined> =>
      db
        .selectFrom('member')
        .select(['id', 'type', 'status'])
        .where(sql<boolean>`lower(invite_code) = ${code.toLowerCase()}`)
        .executeTakeFirst(),

    /** The member of this account name (any letter case). */
    byAccount: (account: string): Promise<ReferrerFacts | undefined> =>
      db
        .selectFrom('member')
        .select(['id', 'type', 'status'])
        .where('accountKey', '=', account.toLowerCase())
        .executeTakeFirst(),

    /** One page of the members a player referred, newest first, with their first deposit and reward. */
    async friends(referrerId: string, limit: number, offset: number) {
      const { rows } = await sql<{
        account: string;
        createdAt: Date;
        firstDeposit: boolean;
        status: Exclude<ReferralRewardStatus, 'NO_DEPOSIT'> | null;
        rewardAmount: string | null;
      }>`
        SELECT m.account, m.created_at,
               EXISTS (SELECT 1 FROM member_first_deposit f WHERE f.member_id = m.id) AS first_deposit,
               r.status, r.reward_amount::text
          FROM member m LEFT JOIN referral_reward r ON r.friend_id = m.id
         WHERE m.referred_by = ${referrerId}
         ORDER BY m.id DESC
         LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return rows;
    },

    async totals(referrerId: string) {
      const { rows } = await sql<{ friends: number; firstDeposits: number; rewardsPaid: string }>`
        SELECT (SELECT count(*) FROM member WHERE referred_by = ${referrerId})::int AS friends,
               (SELECT count(*) FROM member m JOIN member_first_deposit f ON f.member_id = m.id
                 WHERE m.referred_by = ${referrerId})::int AS first_deposits,
               (SELECT coalesce(sum(reward_amount), 0) FROM referral_reward
                 WHERE referrer_id = ${referrerId} AND status = 'PAID')::text AS rewards_paid`.execute(db);
      return rows[0]!;
    },

    /** Friends whose reward waits to be decided, oldest first: of one referrer, one friend, or any. */
    async due(
      of: { referrerId?: string; friendId?: string },
      limit: number,
    ): Promise<{ friendId: string; referrerId: string }[]> {
      const { rows } = await sql<{ friendId: string; referrerId: string }>`
        SELECT friend_id::text, referrer_id::text FROM referral_reward
         WHERE status = 'DUE'
           ${of.referrerId ? sql`AND referrer_id = ${of.referrerId}` : sql``}
           ${of.friendId ? sql`AND friend_id = ${of.friendId}` : sql``}
         ORDER BY created_at LIMIT ${limit}`.execute(db);
      return rows;
    },

    /** The friend's reward if still DUE, locked until the transaction ends. */
    async lockDue(trx: Executor, friendId: string): Promise<DueReward | undefined> {
      const { rows } = await sql<DueReward>`
        SELECT r.friend_id::text, r.referrer_id::text, r.deposit_amount::text,
               f.account AS friend_account, f.type AS friend_type, p.type AS referrer_type, p.status AS referrer_status
          FROM referral_reward r JOIN member f ON f.id = r.friend_id JOIN member p ON p.id = r.referrer_id
         WHERE r.friend_id = ${friendId} AND r.status = 'DUE'
           FOR UPDATE OF r`.execute(trx);
      return rows[0];
    },

    async decide(
      trx: Executor,
      friendId: string,
      d: {
        status: Exclude<ReferralRewardStatus, 'NO_DEPOSIT' | 'DUE'>;
        rewardAmount: bigint | null;
        bonusId: string | null;
        at: Date;
      },
    ): Promise<void> {
      await sql`
        UPDATE referral_reward SET status = ${d.status}, reward_amount = ${d.rewardAmount?.toString() ?? null},
               bonus_id = ${d.bonusId}, decided_at = ${d.at}
         WHERE friend_id = ${friendId}`.execute(trx);
    },
  };
}
export type ReferralRepository = ReturnType<typeof referralRepository>;
