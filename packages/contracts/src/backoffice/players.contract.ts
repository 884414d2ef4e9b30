import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { PageQuery, staff } from './staff.contract.ts';

const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');

export const PlayerRowSchema = z.object({
  id: z.string(),
  account: z.string(),
  type: z.number().int(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  nickname: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});

export const searchPlayers = defineRoute({
  operationId: 'searchPlayers',
  method: 'GET',
  path: '/api/bo/players',
  summary: 'Back office: members by account, mobile, e-mail, nickname or sign-in address, newest first.',
  tags: ['backoffice'],
  audience: staff('players.read'),
  query: PageQuery.extend({ q: z.string().trim().max(64).optional() }),
  value: z.object({ players: z.array(PlayerRowSchema), total: z.number().int() }),
});

export const playerProfile = defineRoute({
  operationId: 'playerProfile',
  method: 'GET',
  path: '/api/bo/players/profile',
  summary: "Back office: a member's profile, every wallet balance, sessions and recent transactions.",
  tags: ['backoffice'],
  audience: staff('players.read'),
  query: z.object({ id: Id }),
  value: z.object({
    player: PlayerRowSchema.extend({ passwordChangeForced: z.boolean() }),
    wallets: z.array(
      z.object({ kind: z.string(), vendorId: z.string().nullable(), currency: z.string(), balance: z.string() }),
    ),
    sessions: z.array(
      z.object({
        id: z.string(),
        createdAt: z.string(),
        lastSeenAt: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        live: z.boolean(),
      }),
    ),
    transactions: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        amount: z.string(),
        direction: z.enum(['IN', 'OUT']),
        createdAt: z.string(),
      }),
    ),
  }),
});

export const setPlayerStatus = defineRoute({
  operationId: 'setPlayerStatus',
  method: 'POST',
  path: '/api/bo/players/status',
  summary: 'Back office: lock (signs the member out everywhere) or unlock a member.',
  tags: ['backoffice'],
  audience: staff('players.lock'),
  body: z.object({ id: Id, status: z.enum(['ACTIVE', 'DISABLED']) }),
  value: z.object({ changed: z.boolean(), status: z.enum(['ACTIVE', 'DISABLED']) }),
});

export const forcePlayerPasswordChange = defineRoute({
  operationId: 'forcePlayerPasswordChange',
  method: 'POST',
  path: '/api/bo/players/force-password-change',
  summary: 'Back office: the member must choose a new password at the next sign-in (signed out now).',
  tags: ['backoffice'],
  audience: staff('players.forcePassword'),
  body: z.object({ id: Id }),
  value: z.object({ forcedAt: z.string() }),
});

export const AdjustmentSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  memberAccount: z.string(),
  currency: z.string(),
  amount: z.string(),
  reason: z.string(),
  status: z.enum(['PENDING', 'APPLIED', 'REJECTED']),
  createdBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;

export const createAdjustment = defineRoute({
  operationId: 'createAdjustment',
  method: 'POST',
  path: '/api/bo/adjustments',
  summary:
    "Back office: credit (positive) or debit (negative) a member's main wallet against the house adjustment account; above the configured amount it waits for a second approver.",
  tags: ['backoffice'],
  audience: staff('players.adjust'),
  body: z.object({
    memberId: Id,
    amount: z.string().regex(/^-?[1-9][0-9]{0,15}$/, 'a non-zero whole number of minor units'),
    reason: z.string().trim().min(1).max(200),
  }),
  value: AdjustmentSchema,
});

export const listAdjustments = defineRoute({
  operationId: 'listAdjustments',
  method: 'GET',
  path: '/api/bo/adjustments',
  summary: 'Back office: balance adjustments, the ones waiting for approval first.',
  tags: ['backoffice'],
  audience: staff('players.read'),
  value: z.object({ adjustments: z.array(AdjustmentSchema), approvalAbove: z.string() }),
});

export const decideAdjustment = defineRoute({
  operationId: 'decideAdjustment',
  method: 'POST',
  path: '/api/bo/adjustments/decide',
  summary: 'Back office: a second staff user (never its creator) applies or rejects a waiting adjustment.',
  tags: ['backoffice'],
  audience: staff('players.approveAdjustment'),
  body: z.object({ id: Id, decision: z.enum(['APPLIED', 'REJECTED']) }),
  value: AdjustmentSchema,
});
