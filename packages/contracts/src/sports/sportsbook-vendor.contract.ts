import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { VendorMinor, VendorRequestId, VendorSession, vendorSessionRoutes } from '../vendor/vendor-session.contract.ts';

/**
 * The Striker Sports vendor's own API (decision 100), which its betting client calls. Like the house
 * and lottery vendors' it is not the portal's API: a player is known only by the vendor session opened
 * from the operator's launch token, and money moves only through the operator's signed seamless-wallet
 * calls. Fixtures, prices and results are public. Money is minor units as decimal strings; odds are
 * basis points (1.95 = 19 500).
 */
export const SPORTSBOOK_PREFIX = '/vendor/sports';

const Session = VendorSession;
const RequestId = VendorRequestId;
const Minor = VendorMinor;
export const FixtureId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/);
export const MarketId = z
  .string()
  .min(4)
  .max(32)
  .regex(/^(FT|H1):[A-Z_]+(:-?[0-9]+(\.[0-9]+)?)?$/);
const Selection = z
  .string()
  .min(1)
  .max(8)
  .regex(/^[A-Z0-9-]+$/);

export const NamesSchema = z.object({ ko: z.string(), en: z.string(), zh: z.string() });
export const ScoreSchema = z.object({ home: z.number().int(), away: z.number().int() });

export const SelectionPriceSchema = z.object({
  selection: z.string(),
  /** Offered odds, or null when the selection is not on offer now. */
  oddsBp: z.number().int().nullable(),
});

export const MarketSchema = z.object({
  id: z.string(),
  period: z.enum(['FT', 'H1']),
  kind: z.enum(['RESULT', 'MONEYLINE', 'HANDICAP', 'TOTAL', 'BTTS', 'CORRECT_SCORE']),
  line: z.number().nullable(),
  /** Closed for betting now (around an event, by the operator, or the match is over). */
  suspended: z.boolean(),
  selections: z.array(SelectionPriceSchema),
});
export type SportsMarket = z.infer<typeof MarketSchema>;

export const MatchEventSchema = z.object({
  atMs: z.number().int(),
  type: z.string(),
  side: z.enum(['home', 'away']).nullable(),
  period: z.number().int(),
  minute: z.number().int(),
  score: ScoreSchema,
  detail: z.string().optional(),
});

export const FixtureSchema = z.object({
  id: z.string(),
  sport: z.string(),
  competition: z.string(),
  competitionNames: NamesSchema,
  home: z.object({ code: z.string(), names: NamesSchema }),
  away: z.object({ code: z.string(), names: NamesSchema }),
  startsAt: z.string(),
  /** PRE before kick-off, LIVE while played, ENDED once over; VOID when the operator cancelled it. */
  phase: z.enum(['PRE', 'LIVE', 'ENDED', 'VOID']),
  score: ScoreSchema,
  /** The last event's period and minute (the running clock), null before the start. */
  clock: z.object({ period: z.number().int(), minute: z.number().int() }).nullable(),
  suspended: z.boolean(),
  /** The state's version: it changes with every event, so a client knows when to reprice. */
  version: z.number().int(),
  /** The main market (match result or winner), for lists. */
  main: MarketSchema.nullable(),
  marketCount: z.number().int(),
});
export type SportsFixture = z.infer<typeof FixtureSchema>;

export const sportsBook = defineRoute({
  operationId: 'sportsBook',
  method: 'GET',
  path: `${SPORTSBOOK_PREFIX}/api/book`,
  summary:
    'Sports or e-sports on offer: each sport with its competitions and their fixtures (live and next), main prices.',
  tags: ['sports-vendor'],
  audience: 'guest',
  query: z.object({
    group: z.enum(['sports', 'esports']),
    hours: z.coerce.number().int().min(1).max(48).default(24),
  }),
  value: z.object({
    serverTime: z.string(),
    sports: z.array(
      z.object({
        sport: z.string(),
        names: NamesSchema,
        competitions: z.array(z.object({ code: z.string(), names: NamesSchema, fixtures: z.array(FixtureSchema) })),
      }),
    ),
  }),
});

export const sportsFixture = defineRoute({
  operationId: 'sportsFixture',
  method: 'GET',
  path: `${SPORTSBOOK_PREFIX}/api/fixture`,
  summary: 'One fixture with every market priced now, its events so far and, once settled, its result.',
  tags: ['sports-vendor'],
  audience: 'guest',
  query: z.object({ id: FixtureId }),
  value: z.object({
    serverTime: z.string(),
    fixture: FixtureSchema,
    markets: z.array(MarketSchema),
    events: z.array(MatchEventSchema),
    result: z.object({ final: ScoreSchema, half: ScoreSchema.nullable(), revision: z.number().int() }).nullable(),
  }),
});

export const SportsLegSchema = z.object({
  fixtureId: z.string(),
  sport: z.string(),
  home: NamesSchema,
  away: NamesSchema,
  startsAt: z.string(),
  marketId: z.string(),
  selection: z.string(),
  oddsBp: z.number().int(),
  /** Null while the match is on. */
  outcome: z.enum(['WIN', 'HALF_WIN', 'PUSH', 'HALF_LOSE', 'LOSE', 'VOID']).nullable(),
  score: ScoreSchema.nullable(),
});

export const SportsTicketSchema = z.object({
  ticketId: z.string(),
  kind: z.enum(['SINGLE', 'PARLAY']),
  stake: Minor,
  /** The legs' odds multiplied (a single's own odds). */
  oddsBp: z.number().int(),
  potentialReturn: Minor,
  /** What the ticket has paid (0 while open). */
  payout: Minor,
  currency: z.string(),
  /** The cash-out offer now for an open ticket; null when none (a leg suspended, or not open). */
  cashOut: Minor.nullable(),
  /** OPEN until every leg is settled; WON, LOST, REFUNDED (every leg void); CASHED_OUT; VOID: never charged. */
  status: z.enum(['OPEN', 'WON', 'LOST', 'REFUNDED', 'CASHED_OUT', 'VOID']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  legs: z.array(SportsLegSchema),
});
export type SportsTicket = z.infer<typeof SportsTicketSchema>;

export const sportsPlaceTicket = defineRoute({
  operationId: 'sportsPlaceTicket',
  method: 'POST',
  path: `${SPORTSBOOK_PREFIX}/api/tickets`,
  summary:
    'Places a single (one leg) or a parlay (2–10 legs from different matches) at the prices seen, under the odds policy; charged through the operator once with the ticket id as the key. The same requestId answers the same ticket.',
  tags: ['sports-vendor'],
  audience: 'guest',
  body: z.object({
    session: Session,
    requestId: RequestId,
    stake: Minor,
    /** ANY: take the current price; HIGHER: only a better one; ASK: only the price seen. */
    policy: z.enum(['ANY', 'HIGHER', 'ASK']),
    legs: z
      .array(
        z.object({
          fixtureId: FixtureId,
          marketId: MarketId,
          selection: Selection,
          oddsBp: z.number().int().min(10_100).max(5_000_000),
        }),
      )
      .min(1)
      .max(10),
  }),
  value: z.object({ ticket: SportsTicketSchema, balance: Minor }),
});

export const sportsTickets = defineRoute({
  operationId: 'sportsTickets',
  method: 'GET',
  path: `${SPORTSBOOK_PREFIX}/api/tickets`,
  summary: "The player's tickets, open or settled, newest first, with their legs.",
  tags: ['sports-vendor'],
  audience: 'guest',
  query: z.object({
    session: Session,
    status: z.enum(['open', 'settled']).default('open'),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  }),
  value: z.object({ tickets: z.array(SportsTicketSchema) }),
});

const TicketId = z
  .string()
  .min(4)
  .max(64)
  .regex(/^[A-Za-z0-9_]+$/);

export const sportsCashOutQuote = defineRoute({
  operationId: 'sportsCashOutQuote',
  method: 'GET',
  path: `${SPORTSBOOK_PREFIX}/api/cashout`,
  summary:
    "The cash-out offer now for one of the player's open tickets, from the model's current chances of each open leg, less the book's margin.",
  tags: ['sports-vendor'],
  audience: 'guest',
  query: z.object({ session: Session, ticketId: TicketId }),
  value: z.object({ ticketId: z.string(), offer: Minor, currency: z.string() }),
});

export const sportsCashOut = defineRoute({
  operationId: 'sportsCashOut',
  method: 'POST',
  path: `${SPORTSBOOK_PREFIX}/api/cashout`,
  summary:
    "Cashes an open ticket out for the offer seen (or more, if it rose): once, paid through the operator as the ticket's win; refused, with nothing moved, when the offer fell, a leg is suspended or the ticket is not open.",
  tags: ['sports-vendor'],
  audience: 'guest',
  body: z.object({ session: Session, ticketId: TicketId, offer: Minor }),
  value: z.object({ ticket: SportsTicketSchema, balance: Minor }),
});

const sessionRoutes = vendorSessionRoutes('sports', SPORTSBOOK_PREFIX);
export const sportsOpenSession = sessionRoutes.openSession;
export const sportsBalance = sessionRoutes.balance;
