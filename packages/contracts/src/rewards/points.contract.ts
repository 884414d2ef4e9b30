import { z } from 'zod';
import { EncryptedPayloadSchema } from '../auth/auth.contract.ts';
import { defineRoute } from '../http.ts';

/**
 * The points mall (spec §1, §2 /pointMall, §3, §4, §7's seven points calls, §9; decision 072).
 * Points are whole numbers as decimal strings; cash amounts are minor units as decimal strings.
 * Points never expire.
 */

const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');
const RequestId = z.string().min(8).max(64);

export const MALL_ITEM_KINDS = ['CASH', 'BONUS', 'GOODS'] as const;
export const MallItemKindSchema = z.enum(MALL_ITEM_KINDS);
export type MallItemKind = z.infer<typeof MallItemKindSchema>;

/** Spec §4's redeem statuses: in process (goods waiting for staff), rejected, approved. */
export const REDEEM_STATUSES = ['PROCESS', 'REJECTED', 'APPROVED'] as const;
export const RedeemStatusSchema = z.enum(REDEEM_STATUSES);
export type RedeemStatus = z.infer<typeof RedeemStatusSchema>;

export const POINTS_LIMITS = { maxQuantity: 99, maxConvert: 100_000_000, pageSize: 20 } as const;

export const PointsConfigSchema = z.object({
  /** Points earned per 1 000 000 minor units of valid bet (spec §3 "points ratio"). */
  earnPerMillion: z.number().int(),
  /** Cash (minor units) one point converts to; 0: conversion is off. */
  convertRate: z.number().int(),
  currency: z.string(),
});
export type PointsConfig = z.infer<typeof PointsConfigSchema>;

export const getPointsBalance = defineRoute({
  operationId: 'getPointsBalance',
  method: 'GET',
  path: '/api/points/balance',
  summary: "The member's points balance (points earned on valid bets are credited first). Points never expire.",
  tags: ['points'],
  audience: 'realMember',
  value: z.object({ balance: z.string() }),
});

export const getPointsConfig = defineRoute({
  operationId: 'getPointsConfig',
  method: 'GET',
  path: '/api/points/config',
  summary: 'The points ratio: points earned per valid bet and the cash one point converts to.',
  tags: ['points'],
  audience: 'guest',
  value: PointsConfigSchema,
});

export const MallItemSchema = z.object({
  id: z.string(),
  kind: MallItemKindSchema,
  name: z.string(),
  description: z.string(),
  points: z.number().int(),
  /** CASH and BONUS: what one unit credits (minor units); GOODS: 0. */
  amount: z.string(),
  currency: z.string(),
  wageringMultiple: z.number().int(),
  /** Units left; null: unlimited. */
  stock: z.number().int().nullable(),
  /** Units one member may redeem in all; null: no limit. */
  memberLimit: z.number().int().nullable(),
  /** Units this member has redeemed (not counting rejected ones). */
  redeemed: z.number().int(),
});
export type MallItem = z.infer<typeof MallItemSchema>;

export const getPointsRewards = defineRoute({
  operationId: 'getPointsRewards',
  method: 'GET',
  path: '/api/points/rewards',
  summary: 'The reward list of the points mall: cash, bonus or goods, with stock and limits, in the language asked.',
  tags: ['points'],
  audience: 'realMember',
  query: z.object({ language: z.string().max(5).optional() }),
  value: z.object({ items: z.array(MallItemSchema) }),
});

export const RedemptionSchema = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  /** The item's name in the language asked; null for a conversion to cash. */
  name: z.string().nullable(),
  kind: z.enum(['CASH', 'BONUS', 'GOODS', 'CONVERT']),
  quantity: z.number().int(),
  points: z.string(),
  amount: z.string(),
  currency: z.string(),
  status: RedeemStatusSchema,
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof RedemptionSchema>;

/** What the encrypted body of a redemption holds. */
export const RedeemPayloadSchema = z.object({
  itemId: Id,
  quantity: z.number().int().min(1).max(POINTS_LIMITS.maxQuantity),
  paymentPassword: z.string().min(1).max(64),
  requestId: RequestId,
});
export type RedeemPayload = z.infer<typeof RedeemPayloadSchema>;

export const redeemPointsReward = defineRoute({
  operationId: 'redeemPointsReward',
  method: 'POST',
  path: '/api/points/redeem',
  summary:
    'Redeems a mall reward (spec §7, encrypted: a JWE of item, quantity, payment password and request id). Cash and bonus are credited at once; goods wait for staff. Once per request id.',
  tags: ['points'],
  audience: 'realMember',
  rateLimit: { perMinute: 20 },
  body: EncryptedPayloadSchema,
  value: RedemptionSchema,
});

export const listPointsRedemptions = defineRoute({
  operationId: 'listPointsRedemptions',
  method: 'GET',
  path: '/api/points/redemptions',
  summary: "The member's redeem history, newest first, with statuses in process, rejected and approved.",
  tags: ['points'],
  audience: 'realMember',
  query: z.object({
    language: z.string().max(5).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  }),
  value: z.object({ items: z.array(RedemptionSchema), total: z.number().int(), page: z.number().int() }),
});

export const PointsTransactionSchema = z.object({
  id: z.string(),
  /** Signed: positive earned or refunded, negative spent. */
  changedPoints: z.string(),
  balanceAfter: z.string(),
  /** EARN, REDEEM, CONVERT, REFUND. */
  type: z.enum(['EARN', 'REDEEM', 'CONVERT', 'REFUND', 'OTHER']),
  /** What the change was for: the item's name, or null when the type says it all. */
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type PointsTransaction = z.infer<typeof PointsTransactionSchema>;

export const getPointsTransactions = defineRoute({
  operationId: 'getPointsTransactions',
  method: 'GET',
  path: '/api/points/transactions',
  summary: "The member's points transaction detail: changed points, balance after and remark, newest first.",
  tags: ['points'],
  audience: 'realMember',
  query: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
  value: z.object({ items: z.array(PointsTransactionSchema), total: z.number().int(), page: z.number().int() }),
});

/** What the encrypted body of a conversion holds. */
export const ConvertPayloadSchema = z.object({
  points: z.number().int().min(1).max(POINTS_LIMITS.maxConvert),
  paymentPassword: z.string().min(1).max(64),
  requestId: RequestId,
});
export type ConvertPayload = z.infer<typeof ConvertPayloadSchema>;

export const convertPoints = defineRoute({
  operationId: 'convertPoints',
  method: 'POST',
  path: '/api/points/convert',
  summary:
    'Converts points to cash in the main wallet at the configured ratio (spec §7, encrypted: points, payment password, request id). Once per request id.',
  tags: ['points'],
  audience: 'realMember',
  rateLimit: { perMinute: 20 },
  body: EncryptedPayloadSchema,
  value: RedemptionSchema,
});
