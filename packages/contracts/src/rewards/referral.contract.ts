import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { pageOf, pageQuery } from '../paging.ts';

/**
 * Refer a friend (spec §2 member centre `referral`, decision 075). A player shares an invitation code
 * and link (`/register?ref=CODE`); a friend who registers through it is recorded as referred by the
 * player (a recommender, not an upline). When the friend's first deposit reaches the operator's
 * minimum, the player receives a bonus once. Amounts are minor units as decimal strings.
 */

const Amount = z.string().regex(/^[0-9]{1,15}$/);

export const REFERRAL_PAGING = { maxPage: 1000, maxPageSize: 50, defaultPageSize: 10 } as const;

/** A referred friend's reward: no first deposit yet, waiting to be decided, paid, or why not. */
export const REFERRAL_REWARD_STATUSES = ['NO_DEPOSIT', 'DUE', 'PAID', 'BELOW_MINIMUM', 'OFF', 'NOT_ELIGIBLE'] as const;
export type ReferralRewardStatus = (typeof REFERRAL_REWARD_STATUSES)[number];

/** The operator's referral programme, set in the back office. */
export const ReferralSettingsSchema = z.object({
  enabled: z.boolean(),
  /** The referrer's bonus, minor units. */
  rewardAmount: Amount,
  /** The friend's first deposit must be at least this, minor units. */
  minimumDeposit: Amount,
  /** Turnover the bonus needs before it is cash: a multiple of the bonus (0 releases it at once). */
  wageringMultiple: z.number().int().min(0).max(100),
  validDays: z.number().int().min(1).max(365),
});
export type ReferralSettings = z.infer<typeof ReferralSettingsSchema>;

export const ReferredFriendSchema = z.object({
  /** The friend's account, masked (`ab***z`). */
  account: z.string(),
  registeredAt: z.string(),
  firstDeposit: z.boolean(),
  rewardStatus: z.enum(REFERRAL_REWARD_STATUSES),
  /** The bonus paid for this friend, when PAID. */
  rewardAmount: Amount.nullable(),
});
export type ReferredFriend = z.infer<typeof ReferredFriendSchema>;

export const getMyReferral = defineRoute({
  operationId: 'getMyReferral',
  method: 'GET',
  path: '/api/rewards/referral',
  summary:
    "The player's invitation code (register at /register?ref=CODE), the referral programme, the totals and one page of referred friends (newest first, accounts masked).",
  tags: ['rewards'],
  audience: 'realMember',
  query: z.object(pageQuery(REFERRAL_PAGING)),
  value: pageOf(ReferredFriendSchema, {
    inviteCode: z.string(),
    program: ReferralSettingsSchema.extend({ currency: z.string() }),
    totals: z.object({ friends: z.number().int(), firstDeposits: z.number().int(), rewardsPaid: Amount }),
  }),
});
