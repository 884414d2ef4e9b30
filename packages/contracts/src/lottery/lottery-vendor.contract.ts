import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { HISTORY } from '../limits.ts';
import { pageOf, pageQuery } from '../paging.ts';
import { VendorMinor, VendorRequestId, VendorSession, vendorSessionRoutes } from '../vendor/vendor-session.contract.ts';

/**
 * The built-in lottery vendor's own API (decision 090), which its game pages call. Like the house
 * vendor's it is not the portal's API: a player is known only by the vendor session opened from the
 * operator's launch token, and money moves only through the operator's signed seamless-wallet calls.
 * Draws and their commitments are public. Money is minor units as decimal strings.
 */
export const LOTTERY_PREFIX = '/vendor/lottery';

const Session = VendorSession;
const RequestId = VendorRequestId;
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
  /** The province of a Vietnam draw (the north's host province), from its id; absent for the other games. */
  market: z.string().nullable().optional(),
});
export type LotteryDraw = z.infer<typeof LotteryDrawSchema>;

export const LotteryBetTypeSchema = z.object({
  code: z.string(),
  /** Every selection with its odds; empty for a number pick (below). */
  selections: z.array(z.object({ selection: z.string(), oddsBasisPoints: z.number().int() })),
  /**
   * A bet on picked numbers (decision 092): `count` different numbers of `digits` digits, zero-padded,
   * ascending and joined by `-` ("07-23"), every pick at the same odds.
   */
  pick: z.object({ count: z.number().int(), digits: z.number().int(), oddsBasisPoints: z.number().int() }).optional(),
  /** A stake is a whole number of this (lô's point); any stake when absent. */
  stakeUnit: Minor.optional(),
  /** How many times one ticket may be paid on one draw (lô: once per prize number); once when absent. */
  maxHits: z.number().int().optional(),
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
  /** The catalogue's lane: ELOTT for the fast draws, LOTT for the daily Vietnam and SEA draws. */
  lane: z.enum(['ELOTT', 'LOTT']).optional(),
  /** Every committed draw not yet drawn, soonest first (a day's Vietnam provinces draw at one time). */
  openDraws: z.array(LotteryDrawSchema).optional(),
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
      .regex(/^[A-Z0-9:-]+$/),
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

/** How many of a game's last drawn draws the trend charts may cover (decision 093). */
export const LOTTERY_TRENDS = { minDraws: 10, maxDraws: 200, defaultDraws: 50 } as const;

const SideSchema = z.enum(['BIG', 'SMALL', 'TRIPLE']);
const ParitySchema = z.enum(['ODD', 'EVEN', 'TRIPLE']);

export const LotteryTrendsSchema = z.object({
  gameCode: z.string(),
  family: z.string(),
  /** The first value a position can show (0 for digits, 1 for dice faces and cars). */
  valueMin: z.number().int(),
  /** positions[i][v]: how often value valueMin + v came at position i + 1 over the draws. */
  positions: z.array(z.array(z.number().int())),
  /** How often each headline sum came, min…max (five digits; three dice; the race's first two cars). */
  sums: z.object({ min: z.number().int(), max: z.number().int(), counts: z.array(z.number().int()) }),
  /** Each drawn draw, oldest first, with its sum and its big/small and odd/even side (a triple is neither). */
  series: z.array(
    z.object({
      drawId: z.string(),
      drawsAt: z.string(),
      result: z.array(z.number().int()),
      sum: z.number().int(),
      bigSmall: SideSchema,
      oddEven: ParitySchema,
    }),
  ),
  /** The series' sides as runs of equal sides, oldest first. */
  runs: z.object({
    bigSmall: z.array(z.object({ side: SideSchema, length: z.number().int() })),
    oddEven: z.array(z.object({ side: ParitySchema, length: z.number().int() })),
  }),
  /**
   * The daily games only, whose figures above read their headline two-digit number (Vietnam: đề, SEA:
   * 2 top): for each kind of two-digit ending (Vietnam LO and DE, SEA TOP2 and BOTTOM2) how often
   * each 00–99 came and how many draws since it last came (the number of draws when it never came).
   */
  endings: z
    .array(
      z.object({
        kind: z.enum(['LO', 'DE', 'TOP2', 'BOTTOM2']),
        counts: z.array(z.number().int()),
        since: z.array(z.number().int()),
      }),
    )
    .optional(),
});
export type LotteryTrends = z.infer<typeof LotteryTrendsSchema>;

export const lotteryTrends = defineRoute({
  operationId: 'lotteryTrends',
  method: 'GET',
  path: `${LOTTERY_PREFIX}/api/trends`,
  summary:
    "Trend figures of a lottery game over its last `draws` drawn draws: each value's frequency per position, the sums' distribution, and the big/small and odd/even runs; for the daily games (Vietnam, SEA) the same of their headline two-digit number plus each two-digit ending's frequency and draws since it last came.",
  tags: ['lottery-vendor'],
  audience: 'guest',
  query: z.object({
    gameCode: GameCode,
    draws: z.coerce
      .number()
      .int()
      .min(LOTTERY_TRENDS.minDraws)
      .max(LOTTERY_TRENDS.maxDraws)
      .default(LOTTERY_TRENDS.defaultDraws),
  }),
  value: LotteryTrendsSchema,
});

/** The ticket history's status filter: PENDING stands for every ticket still waiting for its draw or its payment. */
export const LOTTERY_HISTORY_STATUSES = ['PENDING', 'WON', 'LOST', 'REFUNDED'] as const;
const HistoryDay = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'a date YYYY-MM-DD');

export const lotteryTicketHistory = defineRoute({
  operationId: 'lotteryTicketHistory',
  method: 'GET',
  path: `${LOTTERY_PREFIX}/api/tickets/history`,
  summary:
    "The session's player's tickets of every lottery game, newest first, paged; filters by status, game and date range (calendar days in the site's time zone, as the wallet's history pages). Tickets never charged are left out.",
  tags: ['lottery-vendor'],
  audience: 'guest',
  query: z.object({
    session: Session,
    status: z.enum(LOTTERY_HISTORY_STATUSES).optional(),
    gameCode: GameCode.optional(),
    from: HistoryDay.optional(),
    to: HistoryDay.optional(),
    ...pageQuery(HISTORY),
  }),
  value: pageOf(LotteryTicketSchema, { from: HistoryDay, to: HistoryDay }),
});

const sessionRoutes = vendorSessionRoutes('lottery', LOTTERY_PREFIX);
export const lotteryOpenSession = sessionRoutes.openSession;
export const lotteryBalance = sessionRoutes.balance;
