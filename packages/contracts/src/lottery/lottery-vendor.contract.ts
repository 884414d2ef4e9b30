import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { VendorMinor, VendorSession, vendorSessionRoutes } from '../vendor/vendor-session.contract.ts';

/**
 * The built-in lottery vendor's own API (decision 090), which its game pages call. Like the house
 * vendor's it is not the portal's API: a player is known only by the vendor session opened from the
 * operator's launch token, and money moves only through the operator's signed seamless-wallet calls.
 * Draws and their commitments are public. Money is minor units as decimal strings.
 */
export const LOTTERY_PREFIX = '/vendor/lottery';

const Session = VendorSession;
const RequestId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
const Minor = VendorMinor;
export const GameCode = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9-]+$/);
export const DrawId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/);

export const DrawStatusSchema = z.enum(['OPEN', 'DRAWN', 'SETTLED', 'CANCELLED']);
export type DrawStatus = z.infer<typeof DrawStatusSchema>;

export const LotteryDrawSchema = z.object({
  drawId: z.string(),
  gameCode: z.string(),
  /** OPEN: committed, betting until closesAt; DRAWN: result known, tickets being paid; SETTLED; CANCELLED. */
  status: DrawStatusSchema,
  opensAt: z.string(),
  closesAt: z.string(),
  drawsAt: z.string(),
  /** sha256(seed), published before betting opens. */
  seedHash: z.string(),
  /** Revealed once the draw is drawn; null before. */
  seed: z.string().nullable(),
  /** The drawn numbers; null before the draw. */
  result: z.array(z.number().int()).nullable(),
  /** Why the operator cancelled the draw (every ticket refunded); null unless CANCELLED. */
  cancelReason: z.string().nullable(),
});
export type LotteryDraw = z.infer<typeof LotteryDrawSchema>;

export const LotteryBetTypeSchema = z.object({
  code: z.string(),
  selections: z.array(z.object({ selection: z.string(), oddsBasisPoints: z.number().int() })),
});

export const LotteryGameSchema = z.object({
  code: z.string(),
  family: z.string(),
  intervalMs: z.number().int(),
  cutoffMs: z.number().int(),
  minStake: Minor,
  maxStake: Minor,
  maxPayout: Minor,
  /** The most one draw's tickets on one selection of one bet type may pay together. */
  maxSelectionLiability: Minor,
  /** The most one draw may pay (every ticket's possible payout, summed). */
  maxDrawPayout: Minor,
  betTypes: z.array(LotteryBetTypeSchema),
  /** The draw taking bets now (or next, between its cut-off and its draw). */
  current: LotteryDrawSchema.nullable(),
  /** The latest drawn draw. */
  last: LotteryDrawSchema.nullable(),
});
export type LotteryGameInfo = z.infer<typeof LotteryGameSchema>;

export const LotteryTicketSchema = z.object({
  ticketId: z.string(),
  drawId: z.string(),
  gameCode: z.string(),
  betType: z.string(),
  selection: z.string(),
  stake: Minor,
  oddsBasisPoints: z.number().int(),
  payout: Minor,
  currency: z.string(),
  /** PENDING: waiting for its draw (or its payment); WON / LOST: settled; REFUNDED: the draw was cancelled; VOID: never charged. */
  status: z.enum(['PENDING', 'WON', 'LOST', 'REFUNDED', 'VOID']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryTicket = z.infer<typeof LotteryTicketSchema>;

export const lotteryGames = defineRoute({
  operationId: 'lotteryGames',
  method: 'GET',
  path: `${LOTTERY_PREFIX}/api/games`,
  summary:
    "Every lottery game with its bet types, odds, current draw's commitment and last result; and the vendor's time.",
  tags: ['lottery-vendor'],
  audience: 'guest',
  value: z.object({ serverTime: z.string(), games: z.array(LotteryGameSchema) }),
});

export const lotteryDraws = defineRoute({
  operationId: 'lotteryDraws',
  method: 'GET',
  path: `${LOTTERY_PREFIX}/api/draws`,
  summary: 'Recent draws of one game, newest first, each with its commitment, revealed seed and result.',
  tags: ['lottery-vendor'],
  audience: 'guest',
  query: z.object({ gameCode: GameCode, limit: z.coerce.number().int().min(1).max(100).default(20) }),
  value: z.object({ draws: z.array(LotteryDrawSchema) }),
});

export const lotteryDraw = defineRoute({
  operationId: 'lotteryDraw',
  method: 'GET',
  path: `${LOTTERY_PREFIX}/api/draw`,
  summary: 'One draw by its id: commitment, and once drawn its seed and result.',
  tags: ['lottery-vendor'],
  audience: 'guest',
  query: z.object({ drawId: DrawId }),
  value: LotteryDrawSchema,
});

export const lotteryBuyTicket = defineRoute({
  operationId: 'lotteryBuyTicket',
  method: 'POST',
  path: `${LOTTERY_PREFIX}/api/tickets`,
  summary:
    'Buys one ticket on an open draw: charged through the operator with the ticket id as the key. The same requestId answers the same ticket.',
  tags: ['lottery-vendor'],
  audience: 'guest',
  body: z.object({
    session: Session,
    requestId: RequestId,
    drawId: DrawId,
    betType: z
      .string()
      .min(1)
      .max(32)
      .regex(/^[A-Z0-9_]+$/),
    selection: z
      .string()
      .min(1)
      .max(32)
      .regex(/^[A-Z0-9:]+$/),
    stake: Minor,
  }),
  value: z.object({ ticket: LotteryTicketSchema, balance: Minor }),
});

export const lotteryTickets = defineRoute({
  operationId: 'lotteryTickets',
  method: 'GET',
  path: `${LOTTERY_PREFIX}/api/tickets`,
  summary: "The player's latest tickets of this session's game, newest first.",
  tags: ['lottery-vendor'],
  audience: 'guest',
  query: z.object({ session: Session, limit: z.coerce.number().int().min(1).max(100).default(30) }),
  value: z.object({ tickets: z.array(LotteryTicketSchema) }),
});

const sessionRoutes = vendorSessionRoutes('lottery', LOTTERY_PREFIX);
export const lotteryOpenSession = sessionRoutes.openSession;
export const lotteryBalance = sessionRoutes.balance;
