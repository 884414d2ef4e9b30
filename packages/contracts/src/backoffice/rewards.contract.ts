import { z } from 'zod';
import { staff } from './staff.contract.ts';
import { defineRoute } from '../http.ts';
import { UploadedImageSchema } from '../inbox/feedback.contract.ts';
import { GAME_CATEGORIES } from '../limits.ts';
import { REBATE_MAX_RATE_BP } from '../rewards/rebate.contract.ts';
import { MISSION_KINDS, MISSION_PERIODS } from '../rewards/missions.contract.ts';
import {
  MallItemKindSchema,
  PointsConfigSchema,
  RedeemStatusSchema,
  RedemptionSchema,
} from '../rewards/points.contract.ts';
import {
  BonusProgressSchema,
  ClaimModeSchema,
  PromotionKindSchema,
  PromotionRulesSchema,
} from '../rewards/rewards.contract.ts';
import { ReferralSettingsSchema } from '../rewards/referral.contract.ts';

/** Back office: promotions, the application review queue, bonus grants and cancellation (issue 17, decisions 070, 074). */

const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');

export const PromotionTextSchema = z.object({
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().max(400),
  /** HTML; sanitized on the server with the content module's allow-list. */
  content: z.string().max(20_000),
});

export const StaffPromotionSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: PromotionKindSchema,
  claimMode: ClaimModeSchema,
  texts: z.record(z.string(), PromotionTextSchema),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  rules: PromotionRulesSchema,
  newMemberDays: z.number().int().nullable(),
  memberTypes: z.array(z.number().int()).nullable(),
  /** Only members below this agent (its account); null: everyone. */
  agentAccount: z.string().nullable(),
  currency: z.string(),
  /** SCHEDULED (not started), RUNNING, ENDED, OFF. */
  state: z.enum(['SCHEDULED', 'RUNNING', 'ENDED', 'OFF']),
  claims: z.number().int(),
  updatedAt: z.string(),
});
export type StaffPromotion = z.infer<typeof StaffPromotionSchema>;

export const listPromotions = defineRoute({
  operationId: 'boListPromotions',
  method: 'GET',
  path: '/api/bo/promotions',
  summary: 'Back office: every promotion with its schedule state and number of claims.',
  tags: ['backoffice'],
  audience: staff('promotions.read'),
  value: z.object({ items: z.array(StaffPromotionSchema) }),
});

export const SavePromotionBody = z.object({
  /** Absent: a new promotion. */
  id: Id.optional(),
  code: z.string().regex(/^[A-Z0-9_-]{2,40}$/, 'capital letters, digits, _ and -'),
  kind: PromotionKindSchema,
  claimMode: ClaimModeSchema,
  texts: z.record(z.string().regex(/^[a-z]{2}$/), PromotionTextSchema),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
  rules: PromotionRulesSchema,
  newMemberDays: z.number().int().min(1).max(3650).nullable(),
  memberTypes: z.array(z.number().int().min(0).max(99)).max(20).nullable(),
  agentAccount: z.string().trim().min(1).max(40).nullable(),
});
export type SavePromotion = z.input<typeof SavePromotionBody>;

export const savePromotion = defineRoute({
  operationId: 'boSavePromotion',
  method: 'POST',
  path: '/api/bo/promotions/save',
  summary:
    'Back office: creates or edits a promotion (kind, claim mode, schedule, eligibility, reward and wagering rules, texts per language, sanitized). Audited.',
  tags: ['backoffice'],
  audience: staff('promotions.manage'),
  body: SavePromotionBody,
  value: StaffPromotionSchema,
});

export const ApplicationSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  promotionCode: z.string(),
  memberAccount: z.string(),
  comment: z.string(),
  images: z.array(UploadedImageSchema),
  status: z.enum(['APPLYING', 'REJECTED', 'ISSUED']),
  rejectReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Application = z.infer<typeof ApplicationSchema>;

export const listApplications = defineRoute({
  operationId: 'boListApplications',
  method: 'GET',
  path: '/api/bo/promotions/applications',
  summary: 'Back office: applications to activities, waiting ones first, with their comment and images.',
  tags: ['backoffice'],
  audience: staff('promotions.review'),
  query: z.object({
    status: z.enum(['APPLYING', 'REJECTED', 'ISSUED']).optional(),
    pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  value: z.object({ content: z.array(ApplicationSchema), pageNum: z.number().int(), totalPages: z.number().int() }),
});

export const reviewApplication = defineRoute({
  operationId: 'boReviewApplication',
  method: 'POST',
  path: '/api/bo/promotions/applications/review',
  summary:
    'Back office: approves an application (its reward is issued once) or rejects it with a reason the member reads. Audited.',
  tags: ['backoffice'],
  audience: staff('promotions.review'),
  body: z.object({
    id: Id,
    decision: z.enum(['APPROVE', 'REJECT']),
    reason: z.string().trim().min(1).max(200).optional(),
  }),
  value: ApplicationSchema,
});

export const cancelBonus = defineRoute({
  operationId: 'boCancelBonus',
  method: 'POST',
  path: '/api/bo/bonuses/cancel',
  summary: "Back office: cancels a member's active bonus with a reason (it leaves the bonus balance). Audited.",
  tags: ['backoffice'],
  audience: staff('bonuses.cancel'),
  body: z.object({ id: Id, reason: z.string().trim().min(1).max(200) }),
  value: z.object({ id: z.string(), status: z.string() }),
});

/** Where a bonus came from: a promotion, a points mall item, or a grant by staff. */
export const BonusSourceSchema = z.enum(['PROMOTION', 'POINTS_MALL', 'STAFF', 'REFERRAL']);

export const StaffBonusSchema = BonusProgressSchema.pick({
  id: true,
  promotionCode: true,
  amount: true,
  currency: true,
  wageringRequired: true,
  wagered: true,
  progressPercent: true,
  status: true,
  issuedAt: true,
  expiresAt: true,
  endedAt: true,
  endReason: true,
}).extend({
  source: BonusSourceSchema,
  /** A staff grant: the reason the member reads and who granted it. */
  grantReason: z.string().nullable(),
  grantedBy: z.string().nullable(),
});
export type StaffBonus = z.infer<typeof StaffBonusSchema>;

export const listMemberBonuses = defineRoute({
  operationId: 'boListMemberBonuses',
  method: 'GET',
  path: '/api/bo/bonuses',
  summary: "Back office: a member's bonuses, newest first, with their source, wagering progress and end.",
  tags: ['backoffice'],
  audience: staff('players.read'),
  query: z.object({ memberId: Id }),
  value: z.object({ items: z.array(StaffBonusSchema), bonusBalance: z.string(), currency: z.string() }),
});

/** The most a grant may ask to be wagered: this many times the bonus. */
export const GRANT_MAX_WAGERING_MULTIPLE = 100;

export const grantBonus = defineRoute({
  operationId: 'boGrantBonus',
  method: 'POST',
  path: '/api/bo/bonuses/grant',
  summary:
    'Back office: grants a member a bonus (to the bonus balance) with a wagering multiple and a reason the member reads; once per request id. Audited.',
  tags: ['backoffice'],
  audience: staff('bonuses.grant'),
  body: z.object({
    memberId: Id,
    amount: z.string().regex(/^[1-9][0-9]{0,12}$/, 'a positive whole number of minor units'),
    wageringMultiple: z.number().int().min(0).max(GRANT_MAX_WAGERING_MULTIPLE),
    validDays: z.number().int().min(1).max(365).default(30),
    reason: z.string().trim().min(1).max(200),
    requestId: z.string().min(8).max(64),
  }),
  value: StaffBonusSchema,
});

export const RebateRateSchema = z.object({
  gameType: z.string(),
  /** Hundredths of a percent (80 = 0.80 %). */
  rateBp: z.number().int(),
  updatedAt: z.string().nullable(),
});

export const listRebateRates = defineRoute({
  operationId: 'boListRebateRates',
  method: 'GET',
  path: '/api/bo/rebate/rates',
  summary: 'Back office: the rebate rate of every game category (0 where none is set) (decision 071).',
  tags: ['backoffice'],
  audience: staff('promotions.read'),
  value: z.object({ items: z.array(RebateRateSchema) }),
});

export const saveRebateRates = defineRoute({
  operationId: 'boSaveRebateRates',
  method: 'POST',
  path: '/api/bo/rebate/rates',
  summary: 'Back office: sets rebate rates per game category; they apply to bets placed from now on. Audited.',
  tags: ['backoffice'],
  audience: staff('promotions.manage'),
  body: z.object({
    items: z
      .array(
        z.object({
          gameType: z.enum(GAME_CATEGORIES),
          rateBp: z.number().int().min(0).max(REBATE_MAX_RATE_BP),
        }),
      )
      .min(1)
      .max(GAME_CATEGORIES.length),
  }),
  value: z.object({ items: z.array(RebateRateSchema) }),
});

export const StaffMallItemSchema = z.object({
  id: z.string(),
  kind: MallItemKindSchema,
  texts: z.record(z.string(), z.object({ name: z.string(), description: z.string() })),
  points: z.number().int(),
  amount: z.string(),
  wageringMultiple: z.number().int(),
  stock: z.number().int().nullable(),
  memberLimit: z.number().int().nullable(),
  enabled: z.boolean(),
  sort: z.number().int(),
  redeemed: z.number().int(),
});
export type StaffMallItem = z.infer<typeof StaffMallItemSchema>;

export const listMallItems = defineRoute({
  operationId: 'boListMallItems',
  method: 'GET',
  path: '/api/bo/points/items',
  summary: 'Back office: the points mall items with stock, limits and units redeemed, and the points ratio.',
  tags: ['backoffice'],
  audience: staff('promotions.read'),
  value: z.object({ items: z.array(StaffMallItemSchema), config: PointsConfigSchema }),
});

export const SaveMallItemBody = z.object({
  id: Id.optional(),
  kind: MallItemKindSchema,
  texts: z.record(
    z.string().regex(/^[a-z]{2}$/),
    z.object({ name: z.string().trim().min(1).max(80), description: z.string().trim().max(400) }),
  ),
  points: z.number().int().min(1).max(100_000_000),
  amount: z.string().regex(/^(0|[1-9][0-9]{0,15})$/),
  wageringMultiple: z.number().int().min(0).max(100),
  stock: z.number().int().min(0).max(1_000_000).nullable(),
  memberLimit: z.number().int().min(1).max(10_000).nullable(),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
});
export type SaveMallItem = z.input<typeof SaveMallItemBody>;

export const saveMallItem = defineRoute({
  operationId: 'boSaveMallItem',
  method: 'POST',
  path: '/api/bo/points/items',
  summary: 'Back office: creates or edits a points mall item (cash, bonus or goods; stock and limits). Audited.',
  tags: ['backoffice'],
  audience: staff('promotions.manage'),
  body: SaveMallItemBody,
  value: StaffMallItemSchema,
});

export const savePointsConfig = defineRoute({
  operationId: 'boSavePointsConfig',
  method: 'POST',
  path: '/api/bo/points/config',
  summary: 'Back office: the points ratio (points per valid bet) and the cash one point converts to. Audited.',
  tags: ['backoffice'],
  audience: staff('promotions.manage'),
  body: z.object({
    earnPerMillion: z.number().int().min(0).max(1_000_000),
    convertRate: z.number().int().min(0).max(100_000_000),
  }),
  value: PointsConfigSchema,
});

export const StaffRedemptionSchema = RedemptionSchema.extend({ memberAccount: z.string() });
export type StaffRedemption = z.infer<typeof StaffRedemptionSchema>;

export const listRedemptions = defineRoute({
  operationId: 'boListRedemptions',
  method: 'GET',
  path: '/api/bo/points/redemptions',
  summary: 'Back office: points redemptions, those in process (goods waiting for review) first.',
  tags: ['backoffice'],
  audience: staff('promotions.review'),
  query: z.object({ status: RedeemStatusSchema.optional() }),
  value: z.object({ items: z.array(StaffRedemptionSchema) }),
});

export const reviewRedemption = defineRoute({
  operationId: 'boReviewRedemption',
  method: 'POST',
  path: '/api/bo/points/redemptions/review',
  summary:
    'Back office: approves a goods redemption, or rejects it with a reason (its points and stock come back). Audited.',
  tags: ['backoffice'],
  audience: staff('promotions.review'),
  body: z.object({
    id: Id,
    decision: z.enum(['APPROVE', 'REJECT']),
    reason: z.string().trim().min(1).max(200).optional(),
  }),
  value: StaffRedemptionSchema,
});

export const StaffMissionSchema = z.object({
  id: z.string(),
  period: z.enum(MISSION_PERIODS),
  kind: z.enum(MISSION_KINDS),
  gameType: z.string().nullable(),
  target: z.string(),
  reward: z.string(),
  texts: z.record(z.string(), z.object({ title: z.string() })),
  enabled: z.boolean(),
  sort: z.number().int(),
  claims: z.number().int(),
});
export type StaffMission = z.infer<typeof StaffMissionSchema>;

export const listMissions = defineRoute({
  operationId: 'boListMissions',
  method: 'GET',
  path: '/api/bo/missions',
  summary: 'Back office: daily and weekly missions with their rewards and claims.',
  tags: ['backoffice'],
  audience: staff('promotions.read'),
  value: z.object({ items: z.array(StaffMissionSchema) }),
});

export const SaveMissionBody = z.object({
  id: Id.optional(),
  period: z.enum(MISSION_PERIODS),
  kind: z.enum(MISSION_KINDS),
  gameType: z.enum(GAME_CATEGORIES).nullable(),
  target: z.string().regex(/^[1-9][0-9]{0,15}$/, 'a positive whole number'),
  reward: z.string().regex(/^[1-9][0-9]{0,15}$/, 'a positive whole number of minor units'),
  texts: z.record(z.string().regex(/^[a-z]{2}$/), z.object({ title: z.string().trim().min(1).max(120) })),
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(10_000),
});
export type SaveMission = z.input<typeof SaveMissionBody>;

export const saveMission = defineRoute({
  operationId: 'boSaveMission',
  method: 'POST',
  path: '/api/bo/missions',
  summary: 'Back office: creates or edits a mission (period, task, target, reward, titles). Audited.',
  tags: ['backoffice'],
  audience: staff('promotions.manage'),
  body: SaveMissionBody,
  value: StaffMissionSchema,
});

export const getReferralSettings = defineRoute({
  operationId: 'boGetReferralSettings',
  method: 'GET',
  path: '/api/bo/referral/settings',
  summary:
    'Back office: the refer-a-friend programme (on or off, reward, minimum first deposit, wagering, validity) (decision 075).',
  tags: ['backoffice'],
  audience: staff('promotions.read'),
  value: ReferralSettingsSchema,
});

export const saveReferralSettings = defineRoute({
  operationId: 'boSaveReferralSettings',
  method: 'POST',
  path: '/api/bo/referral/settings',
  summary: 'Back office: sets the refer-a-friend programme; it applies to first deposits decided from now on. Audited.',
  tags: ['backoffice'],
  audience: staff('promotions.manage'),
  body: ReferralSettingsSchema,
  value: ReferralSettingsSchema,
});
