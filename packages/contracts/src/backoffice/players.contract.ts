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
      z.object({
        kind: z.string(),
        vendorId: z.string().nullable(),
        /** A game wallet's vendor by name (its id when the vendor is gone). */
        vendorName: z.string().nullable(),
        currency: z.string(),
        balance: z.string(),
      }),
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

// ── Profile completion: bank accounts, bets, sign-ins, notes, payment password, upline, type ──

export const PlayerDetailsSchema = z.object({
  /** From the member's direct upline to the top. */
  uplines: z.array(z.object({ id: z.string(), account: z.string(), type: z.number().int() })),
  /** Members directly below (agents only). */
  downlineCount: z.number().int(),
  /** The player who referred this member (refer a friend, decision 075): not an upline. */
  referrer: z.object({ id: z.string(), account: z.string() }).nullable(),
  /** Members this one referred. */
  referredCount: z.number().int(),
  hasPaymentPassword: z.boolean(),
  bankAccounts: z.array(
    z.object({
      id: z.string(),
      payeeName: z.string(),
      bankName: z.string(),
      accountNumber: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Addresses the member has signed in from, with when each was first seen. */
  knownAddresses: z.array(z.object({ ip: z.string(), firstSeenAt: z.string() })),
  notes: z.array(z.object({ id: z.string(), author: z.string(), body: z.string(), createdAt: z.string() })),
});
export type PlayerDetails = z.infer<typeof PlayerDetailsSchema>;

export const playerDetails = defineRoute({
  operationId: 'playerDetails',
  method: 'GET',
  path: '/api/bo/players/details',
  summary: "Back office: a member's upline chain, bank accounts, sign-in addresses, staff notes.",
  tags: ['backoffice'],
  audience: staff('players.read'),
  query: z.object({ id: Id }),
  value: PlayerDetailsSchema,
});

export const RoundSchema = z.object({
  vendorId: z.string(),
  /** The vendor's name (its id when the vendor is gone). */
  vendorName: z.string(),
  roundId: z.string(),
  memberId: z.string().nullable(),
  memberAccount: z.string().nullable(),
  bet: z.string(),
  win: z.string(),
  rolledBack: z.string(),
  transactions: z.number().int(),
  startedAt: z.string(),
  lastAt: z.string(),
});
export type Round = z.infer<typeof RoundSchema>;

export const playerBets = defineRoute({
  operationId: 'playerBets',
  method: 'GET',
  path: '/api/bo/players/bets',
  summary: "Back office: a member's game rounds (bets, wins, rollbacks per round), newest first.",
  tags: ['backoffice'],
  audience: staff('players.read'),
  query: PageQuery.extend({ id: Id }),
  value: z.object({ rounds: z.array(RoundSchema), total: z.number().int() }),
});

export const playerSessions = defineRoute({
  operationId: 'playerSessions',
  method: 'GET',
  path: '/api/bo/players/sessions',
  summary: "Back office: a member's sign-ins (sessions) with address and device, newest first.",
  tags: ['backoffice'],
  audience: staff('players.read'),
  query: PageQuery.extend({ id: Id }),
  value: z.object({
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
    total: z.number().int(),
  }),
});

export const addPlayerNote = defineRoute({
  operationId: 'addPlayerNote',
  method: 'POST',
  path: '/api/bo/players/notes',
  summary: 'Back office: a staff note on a member, kept with its author; notes are never edited or deleted.',
  tags: ['backoffice'],
  audience: staff('players.note'),
  body: z.object({ id: Id, body: z.string().trim().min(1).max(2000) }),
  value: z.object({ id: z.string(), author: z.string(), body: z.string(), createdAt: z.string() }),
});

export const resetPlayerPaymentPassword = defineRoute({
  operationId: 'resetPlayerPaymentPassword',
  method: 'POST',
  path: '/api/bo/players/reset-payment-password',
  summary: 'Back office: clears the payment password; the member sets a new one before moving money out.',
  tags: ['backoffice'],
  audience: staff('players.resetPaymentPassword'),
  body: z.object({ id: Id }),
  value: z.object({ hadPaymentPassword: z.boolean() }),
});

export const movePlayer = defineRoute({
  operationId: 'movePlayer',
  method: 'POST',
  path: '/api/bo/players/move',
  summary: 'Back office: moves a member (with its whole downline) below another agent; refuses a cycle.',
  tags: ['backoffice'],
  audience: staff('players.move'),
  body: z.object({ id: Id, uplineAccount: z.string().trim().min(1).max(64) }),
  value: z.object({ memberId: z.string(), uplineId: z.string().nullable(), changed: z.boolean() }),
});

/** Types an operator may give: a player (0) or an agent type; a trial account (4) stays what it is. */
export const SettableMemberType = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(41), z.literal(42)]);

export const setPlayerType = defineRoute({
  operationId: 'setPlayerType',
  method: 'POST',
  path: '/api/bo/players/type',
  summary: "Back office: changes a member's type (player or an agent type); an agent with a downline stays an agent.",
  tags: ['backoffice'],
  audience: staff('players.type'),
  body: z.object({ id: Id, type: SettableMemberType }),
  value: z.object({ type: z.number().int(), changed: z.boolean() }),
});
