import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { LIMITS } from '../limits.ts';

/**
 * Promotions you can claim and bonuses with wagering (issue 17, decision 070). Amounts are minor
 * units as decimal strings.
 */

/** What a promotion gives: a fixed new-member bonus, a deposit match (first or each), a reload, cashback on net loss, a raffle draw, or a staff-reviewed application. */
export const PROMOTION_KINDS = ['NEW_MEMBER', 'DEPOSIT_MATCH', 'RELOAD', 'CASHBACK', 'RAFFLE', 'APPLY'] as const;
export const PromotionKindSchema = z.enum(PROMOTION_KINDS);
export type PromotionKind = z.infer<typeof PromotionKindSchema>;

/** How a member gets it: issued without asking, a claim button, or an application staff review. */
export const CLAIM_MODES = ['AUTO', 'CLAIM', 'APPLY'] as const;
export const ClaimModeSchema = z.enum(CLAIM_MODES);
export type ClaimMode = z.infer<typeof ClaimModeSchema>;

/**
 * Spec §4's activity status labels, as the member sees a promotion: JOIN (an application can be
 * sent), CLAIM (a claim button), APPLYING (waiting for staff), CLOSE (over, or not for this member),
 * REJECTED, ISSUED (a bonus is wagering), CLAIMED (done), PROCESS (joined, the condition is not met
 * yet — no qualifying deposit, no net loss), SIGNED (issued automatically once the condition is met),
 * COMING_SOON (not started).
 */
export const ACTIVITY_STATUSES = [
  'JOIN',
  'CLAIM',
  'APPLYING',
  'CLOSE',
  'REJECTED',
  'ISSUED',
  'CLAIMED',
  'PROCESS',
  'SIGNED',
  'COMING_SOON',
] as const;
export const ActivityStatusSchema = z.enum(ACTIVITY_STATUSES);
export type ActivityStatus = z.infer<typeof ActivityStatusSchema>;

export const BONUS_STATUSES = ['ACTIVE', 'RELEASED', 'FORFEITED', 'EXPIRED'] as const;
export const BonusStatusSchema = z.enum(BONUS_STATUSES);
export type BonusStatus = z.infer<typeof BonusStatusSchema>;

/** The base the wagering multiple applies to. */
export const WageringBaseSchema = z.enum(['BONUS', 'BONUS_AND_DEPOSIT']);

const Amount = z.string().regex(/^(0|[1-9][0-9]{0,15})$/, 'a whole number of minor units');
const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');

/** Largest wagering multiple and validity an operator may set. */
export const REWARD_LIMITS = {
  maxWageringMultiple: 100,
  maxValidDays: 365,
  maxRatePercent: 1000,
  maxPrizes: 12,
  applyCommentMaxChars: LIMITS.feedbackMaxChars,
} as const;

/** Reward and wagering rules of a promotion; which fields matter depends on its kind. */
export const PromotionRulesSchema = z.object({
  /** NEW_MEMBER and APPLY: the bonus. */
  amount: Amount.optional(),
  /** DEPOSIT_MATCH, RELOAD: percent of the deposit; CASHBACK: percent of the day's net loss. */
  ratePercent: z.number().int().min(1).max(REWARD_LIMITS.maxRatePercent).optional(),
  /** The cap of a rate-based bonus. */
  maxBonus: Amount.optional(),
  /** DEPOSIT_MATCH, RELOAD: the smallest qualifying deposit; CASHBACK: the smallest net loss. */
  minDeposit: Amount.optional(),
  /** DEPOSIT_MATCH: the member's first deposit only, or each qualifying deposit. */
  deposits: z.enum(['FIRST', 'EACH']).optional(),
  /** RAFFLE: the prizes and their relative weights; a claim draws one. */
  prizes: z
    .array(z.object({ amount: Amount, weight: z.number().int().min(1).max(1_000_000) }))
    .max(REWARD_LIMITS.maxPrizes)
    .optional(),
  /** Turnover needed = multiple × base (0: released at once). */
  wageringMultiple: z.number().int().min(0).max(REWARD_LIMITS.maxWageringMultiple),
  wageringBase: WageringBaseSchema,
  /** Percent of a bet that counts, per game type (RNG, LIVE, SPORTS…); "*" for the rest; 100 when unset. */
  gameWeights: z.record(z.string().regex(/^(\*|[A-Z_]{2,20})$/), z.number().int().min(0).max(100)),
  /** Days a bonus has to meet its turnover before it expires. */
  validDays: z.number().int().min(1).max(REWARD_LIMITS.maxValidDays),
});
export type PromotionRules = z.infer<typeof PromotionRulesSchema>;

export const PromotionSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: PromotionKindSchema,
  claimMode: ClaimModeSchema,
  title: z.string(),
  summary: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  rules: PromotionRulesSchema,
  currency: z.string(),
  /** Registered within this many days; null: any member. */
  newMemberDays: z.number().int().nullable(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

export const getPromotions = defineRoute({
  operationId: 'getPromotions',
  method: 'GET',
  path: '/api/rewards/promotions',
  summary: 'Promotions running now or soon, in the visitor language, with their rules.',
  tags: ['rewards'],
  audience: 'guest',
  query: z.object({ language: z.string().max(5).optional() }),
  value: z.object({ items: z.array(PromotionSchema) }),
});

export const PromotionStateSchema = z.object({
  promotionId: z.string(),
  status: ActivityStatusSchema,
  /** What a claim would pay now (CLAIM), or null. */
  expectedAmount: Amount.nullable(),
  /** Why it is CLOSE for this member: ENDED, NOT_ELIGIBLE. */
  reason: z.enum(['ENDED', 'NOT_ELIGIBLE']).nullable(),
  /** The reason staff gave when they rejected the member's application. */
  rejectReason: z.string().nullable(),
});
export type PromotionState = z.infer<typeof PromotionStateSchema>;

export const getPromotionStates = defineRoute({
  operationId: 'getPromotionStates',
  method: 'GET',
  path: '/api/rewards/promotions/states',
  summary: "Each promotion's activity status for the signed-in member (spec §4 labels) and what a claim would pay.",
  tags: ['rewards'],
  audience: 'realMember',
  value: z.object({ items: z.array(PromotionStateSchema), claimable: z.number().int() }),
});

export const BonusProgressSchema = z.object({
  id: z.string(),
  promotionId: z.string().nullable(),
  promotionCode: z.string().nullable(),
  title: z.string(),
  amount: Amount,
  currency: z.string(),
  /** Part of the main wallet that cannot be withdrawn while the bonus is active. */
  lockedAmount: Amount,
  wageringRequired: Amount,
  wagered: Amount,
  /** 0–100, rounded down. */
  progressPercent: z.number().int(),
  gameWeights: z.record(z.string(), z.number().int()),
  status: BonusStatusSchema,
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type BonusProgress = z.infer<typeof BonusProgressSchema>;

export const getMyBonuses = defineRoute({
  operationId: 'getMyBonuses',
  method: 'GET',
  path: '/api/rewards/bonuses',
  summary:
    "The member's bonuses, newest first, with wagering progress; the bonus balance and the part of the main wallet they lock.",
  tags: ['rewards'],
  audience: 'realMember',
  query: z.object({ language: z.string().max(5).optional() }),
  value: z.object({
    items: z.array(BonusProgressSchema),
    bonusBalance: Amount,
    lockedAmount: Amount,
    currency: z.string(),
  }),
});

export const ClaimResultSchema = z.object({
  claimId: z.string(),
  status: z.enum(['APPLYING', 'REJECTED', 'ISSUED']),
  bonus: BonusProgressSchema.nullable(),
  /** RAFFLE: the prize drawn and the draw's record. */
  draw: z.object({ roll: z.number().int(), total: z.number().int(), prizeIndex: z.number().int() }).nullable(),
});
export type ClaimResult = z.infer<typeof ClaimResultSchema>;

export const claimPromotion = defineRoute({
  operationId: 'claimPromotion',
  method: 'POST',
  path: '/api/rewards/promotions/claim',
  summary:
    'Claims a promotion (spec §7 raffle promotion claim and every claim button): once per member and occurrence, idempotent by request id.',
  tags: ['rewards'],
  audience: 'realMember',
  rateLimit: { perMinute: 30 },
  body: z.object({ promotionId: Id, requestId: z.string().min(8).max(64) }),
  value: ClaimResultSchema,
});

/** Body bytes of an application with three 5 MB images as base64. */
export const APPLY_BODY_LIMIT = 30 * 1024 * 1024;

export const applyPromotion = defineRoute({
  operationId: 'applyPromotion',
  method: 'PUT',
  path: '/api/rewards/promotions/apply',
  summary:
    'Applies to an activity (spec §5 activity apply): a comment up to 140 characters and up to 3 png/jpg images of 5 MB, checked by content; staff review it.',
  tags: ['rewards'],
  audience: 'realMember',
  rateLimit: { perMinute: 10 },
  body: z.object({
    promotionId: Id,
    comment: z
      .string()
      .trim()
      .min(1)
      .max(REWARD_LIMITS.applyCommentMaxChars * 4),
    images: z
      .array(z.string().max(12 * 1024 * 1024))
      .max(10)
      .default([]),
    requestId: z.string().min(8).max(64),
  }),
  value: ClaimResultSchema,
});

export const forfeitBonus = defineRoute({
  operationId: 'forfeitBonus',
  method: 'POST',
  path: '/api/rewards/bonuses/forfeit',
  summary: 'Gives up an active bonus: its amount leaves the bonus balance and the deposit it locked can be withdrawn.',
  tags: ['rewards'],
  audience: 'realMember',
  rateLimit: { perMinute: 20 },
  body: z.object({ bonusId: Id }),
  value: BonusProgressSchema,
});
