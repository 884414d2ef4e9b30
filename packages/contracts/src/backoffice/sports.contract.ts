import { z } from 'zod';
import { defineRoute } from '../http.ts';
import {
  FixtureId,
  FixtureSchema,
  MarketId,
  MarketSchema,
  NamesSchema,
  ScoreSchema,
} from '../sports/sportsbook-vendor.contract.ts';
import { PageQuery, staff } from './staff.contract.ts';

/**
 * The back office's sportsbook screen (issue 20, decision 102): matches with what the book holds on
 * them, suspending a match or a market, settling, voiding or correcting a result by hand, and the
 * book's margins and limits. Money is minor units as decimal strings; odds are basis points.
 */
export const SPORTS_OPERATOR_SPORTS = [
  'football',
  'basketball',
  'tennis',
  'baseball',
  'moba',
  'shooter',
  'cards',
] as const;
export const BoSportSchema = z.enum(SPORTS_OPERATOR_SPORTS);

/** UPCOMING: not kicked off; STARTED: kicked off, no result yet (live, or over and awaiting settlement). */
export const BO_FIXTURE_STATES = ['UPCOMING', 'STARTED', 'SETTLED', 'VOID'] as const;
export const BoFixtureStateSchema = z.enum(BO_FIXTURE_STATES);

const Minor = z.string().regex(/^-?[0-9]+$/);
/** A stored result: the final score and, where the sport has one, the first period's. */
const ResultSchema = z.object({ final: ScoreSchema, half: ScoreSchema.nullable() });

/** What the book holds on one selection: open tickets with a leg on it and what they would pay. */
export const BoSelectionExposureSchema = z.object({
  marketId: z.string(),
  selection: z.string(),
  tickets: z.number().int(),
  stake: Minor,
  /** What these tickets pay if the selection wins (a parlay's other legs counted as winning). */
  potential: Minor,
});
export type BoSelectionExposure = z.infer<typeof BoSelectionExposureSchema>;

export const BoSportsFixtureSchema = FixtureSchema.omit({ main: true, marketCount: true }).extend({
  status: z.enum(['OPEN', 'SETTLED', 'VOID']),
  /** Suspended by the operator (the whole match), and how many of its markets are. */
  operatorSuspended: z.boolean(),
  suspendedMarkets: z.array(z.string()),
  /** The match's own margin (null: its sport's or the book's). */
  margin: z.number().nullable(),
  /** Raised by every result set by hand; a result by hand names the one it was read at. */
  revision: z.number().int(),
  result: ResultSchema.extend({ revision: z.number().int() }).nullable(),
  resultBy: z.string().nullable(),
  resultReason: z.string().nullable(),
  /** Open tickets with a leg on the match and their stakes. */
  tickets: z.number().int(),
  stakes: Minor,
  /** Every open ticket on the match paying in full (the sum the per-match limit counts). */
  liability: Minor,
  /**
   * The worst case for the book: the most the open tickets pay over every final score still possible
   * (first-period markets at their own worst), a parlay's legs on other matches counted as winning;
   * null once the match has its result.
   */
  exposure: Minor.nullable(),
  /** The final score of that worst case (null with no open tickets). */
  worstScore: ScoreSchema.nullable(),
});
export type BoSportsFixture = z.infer<typeof BoSportsFixtureSchema>;

export const BoSportsSettingsSchema = z.object({
  /** The book's margin, 0–0.3 (0.05 = 5 %). */
  margin: z.number(),
  /** A margin per sport over the book's (a sport not listed takes the book's). */
  sportMargins: z.partialRecord(BoSportSchema, z.number()),
  minStake: Minor,
  maxStake: Minor,
  /** The most one ticket may pay. */
  maxPayout: Minor,
  /** The most the open tickets on one match may pay together. */
  maxMatchPayout: Minor,
  /** How long an in-play ticket waits before it is priced and checked (milliseconds). */
  inplayDelayMs: z.number().int(),
});
export type BoSportsSettings = z.infer<typeof BoSportsSettingsSchema>;

const Reason = z.string().trim().min(3).max(300);
const Revision = z.number().int().min(0);

export const boSportsFixtures = defineRoute({
  operationId: 'boSportsFixtures',
  method: 'GET',
  path: '/api/bo/sports/fixtures',
  summary:
    "Back office: the sportsbook's matches by sport, competition, state and date, with state of play, stakes held, liability and worst-case exposure.",
  tags: ['backoffice'],
  audience: staff('sports.read'),
  query: PageQuery.extend({
    sport: BoSportSchema.optional(),
    competition: z.string().trim().max(32).optional(),
    state: BoFixtureStateSchema.optional(),
    /** Kick-off from (inclusive) and before (exclusive), ISO instants. */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Only matches with open tickets. */
    withBets: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  }),
  value: z.object({
    fixtures: z.array(BoSportsFixtureSchema),
    total: z.number().int(),
    /** For the filters: every sport and competition of the book, with their names. */
    sports: z.array(z.object({ code: z.string(), names: NamesSchema })),
    competitions: z.array(z.object({ code: z.string(), sport: z.string(), names: NamesSchema })),
  }),
});

export const boSportsFixture = defineRoute({
  operationId: 'boSportsFixture',
  method: 'GET',
  path: '/api/bo/sports/fixture',
  summary:
    'Back office: one match with every market priced now, what is suspended, and the open tickets per selection.',
  tags: ['backoffice'],
  audience: staff('sports.read'),
  query: z.object({ id: FixtureId }),
  value: z.object({
    fixture: BoSportsFixtureSchema,
    markets: z.array(MarketSchema.extend({ operatorSuspended: z.boolean() })),
    selections: z.array(BoSelectionExposureSchema),
  }),
});

export const boSuspendSports = defineRoute({
  operationId: 'boSuspendSports',
  method: 'POST',
  path: '/api/bo/sports/fixture/suspend',
  summary: 'Back office: suspends or reopens a whole match, or one of its markets (marketId). Audited with the reason.',
  tags: ['backoffice'],
  audience: staff('sports.suspend'),
  body: z.object({
    fixtureId: FixtureId,
    marketId: MarketId.optional(),
    suspended: z.boolean(),
    reason: Reason,
  }),
  value: z.object({ fixture: BoSportsFixtureSchema }),
});

export const boSettleSports = defineRoute({
  operationId: 'boSettleSports',
  method: 'POST',
  path: '/api/bo/sports/fixture/result',
  summary:
    "Back office: settles a match that kicked off by hand, or corrects a settled match's result; tickets are paid again by difference only. `revision` is the one the staff member saw. Audited with the reason.",
  tags: ['backoffice'],
  audience: staff('sports.settle'),
  body: z.object({
    fixtureId: FixtureId,
    revision: Revision,
    final: z.object({ home: z.number().int().min(0).max(999), away: z.number().int().min(0).max(999) }),
    half: z.object({ home: z.number().int().min(0).max(999), away: z.number().int().min(0).max(999) }).nullable(),
    reason: Reason,
  }),
  value: z.object({ fixture: BoSportsFixtureSchema, tickets: z.number().int() }),
});

export const boVoidSports = defineRoute({
  operationId: 'boVoidSports',
  method: 'POST',
  path: '/api/bo/sports/fixture/void',
  summary:
    'Back office: cancels a match: every leg on it is void (a single refunds, a parlay goes on without it). Audited with the reason.',
  tags: ['backoffice'],
  audience: staff('sports.settle'),
  body: z.object({ fixtureId: FixtureId, revision: Revision, reason: Reason }),
  value: z.object({ fixture: BoSportsFixtureSchema, tickets: z.number().int() }),
});

export const boSportsSettings = defineRoute({
  operationId: 'boSportsSettings',
  method: 'GET',
  path: '/api/bo/sports/settings',
  summary: "Back office: the sportsbook's margins, stake and payout limits and in-play bet delay.",
  tags: ['backoffice'],
  audience: staff('sports.read'),
  value: BoSportsSettingsSchema,
});

export const boSaveSportsSettings = defineRoute({
  operationId: 'boSaveSportsSettings',
  method: 'PUT',
  path: '/api/bo/sports/settings',
  summary:
    "Back office: sets the sportsbook's margins, limits and bet delay (min stake ≤ max stake ≤ max payout ≤ max per match). Audited with the reason.",
  tags: ['backoffice'],
  audience: staff('sports.settings'),
  body: BoSportsSettingsSchema.extend({
    minStake: z.string().regex(/^[0-9]{1,15}$/),
    maxStake: z.string().regex(/^[0-9]{1,15}$/),
    maxPayout: z.string().regex(/^[0-9]{1,15}$/),
    maxMatchPayout: z.string().regex(/^[0-9]{1,15}$/),
    reason: Reason,
  }),
  value: BoSportsSettingsSchema,
});
