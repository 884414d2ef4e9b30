import type {
  BoSelectionExposure,
  BoSportsFixture,
  BoSportsSettings,
} from '@portal/contracts/backoffice/sports.contract.ts';
import type { SportsFixture } from '@portal/contracts/sports/sportsbook-vendor.contract.ts';
import { COMPETITIONS, type Sport, SPORT_NAMES, SPORTS } from '@portal/house-vendor/sports/catalog.ts';
import type { LiveState } from '@portal/house-vendor/sports/match-engine.ts';
import {
  type LegOutcome,
  type MarketSpec,
  parseMarketId,
  type SelectionPrice,
  settleSelection,
} from '@portal/house-vendor/sports/markets.ts';
import { fixtureParams } from '@portal/house-vendor/sports/schedule.ts';
import { HALF_SHARE, type Period, type Score, scoreDistribution } from '@portal/house-vendor/sports/score-model.ts';
import { sql } from 'kysely';
import { VendorApiError } from '../vendor-api.ts';
import type { SportsSettings } from './sports-service.ts';
import { type FixtureRow, type FixtureStatus, OPEN_TICKETS, type SportsDb, sportsStore } from './sports-store.ts';

export const MAX_MARGIN = 0.3;
export const MAX_INPLAY_DELAY_MS = 30_000;

type Result = { final: Score; half: Score | null };

export interface OperatorDeps {
  db: SportsDb;
  now: () => Date;
  fill: (at: Date) => Promise<number>;
  settings: () => Promise<SportsSettings>;
  stateOf: (f: FixtureRow, at: Date) => LiveState;
  marketsOf: (f: FixtureRow) => MarketSpec[];
  pricesOf: (f: FixtureRow, state: LiveState, margin: number) => Map<string, SelectionPrice[]>;
  marginOf: (f: FixtureRow, s: SportsSettings) => number;
  fixtureView: (f: FixtureRow, at: Date, s: SportsSettings, withMain?: boolean) => SportsFixture;
  revise: (
    fixtureId: string,
    result: Result | null,
    at: Date,
    expected?: { revision: number; status: FixtureStatus; by: string; reason: string },
  ) => Promise<FixtureRow>;
}

export interface FixtureQuery {
  page: number;
  pageSize: number;
  sport?: string | undefined;
  competition?: string | undefined;
  state?: 'UPCOMING' | 'STARTED' | 'SETTLED' | 'VOID' | undefined;
  from?: string | undefined;
  to?: string | undefined;
  withBets?: boolean | undefined;
}

/** The return of a selection's open tickets for one outcome (stake × the other legs counted as won). */
function returnFor(outcome: LegOutcome, e: { potential: bigint; refund: bigint }): bigint {
  switch (outcome) {
    case 'WIN':
      return e.potential;
    case 'HALF_WIN':
      return (e.potential + e.refund) / 2n;
    case 'PUSH':
    case 'VOID':
      return e.refund;
    case 'HALF_LOSE':
      return e.refund / 2n;
    case 'LOSE':
      return 0n;
  }
}

interface SelectionRow extends BoSelectionExposure {
  fixtureId: string;
  /** What its tickets pay if the leg is void or pushed (the other legs' odds only). */
  refund: string;
}

/**
 * The worst case for the book on one match: the most its open tickets pay over every final score the
 * model still gives a chance (and, for first-period markets, over every first-period score, taken at
 * their own worst), with a parlay's legs on other matches counted as winning.
 */
export function worstCase(
  sport: Sport,
  f: Pick<FixtureRow, 'competition' | 'home' | 'away'>,
  state: LiveState,
  rows: readonly { marketId: string; selection: string; potential: string; refund: string }[],
): { exposure: bigint; worstScore: Score | null } {
  let exposure = 0n;
  let worstScore: Score | null = null;
  for (const period of ['FT', 'H1'] as Period[]) {
    const legs = rows.flatMap((r) => {
      const m = parseMarketId(r.marketId);
      return m && m.period === period
        ? [{ m, selection: r.selection, potential: BigInt(r.potential), refund: BigInt(r.refund) }]
        : [];
    });
    if (legs.length === 0 || (period === 'H1' && HALF_SHARE[sport] === null)) continue;
    let most = -1n;
    for (const score of scoreDistribution(fixtureParams(f), sport, state, period)) {
      if (score.p <= 0) continue;
      let total = 0n;
      for (const l of legs) total += returnFor(settleSelection(l.m, l.selection, score), l);
      if (total > most) {
        most = total;
        if (period === 'FT') worstScore = { home: score.home, away: score.away };
      }
    }
    exposure += most > 0n ? most : 0n;
  }
  return { exposure, worstScore };
}

/** Why a score cannot be a final (or first-period) score of this match, or null when it can. */
export function scoreProblem(sport: Sport, f: FixtureRow, result: Result): string | null {
  const params = fixtureParams(f);
  const { final, half } = result;
  if (params.kind === 'series') {
    if (half !== null) return 'body.half';
    const won = Math.max(final.home, final.away);
    const lost = Math.min(final.home, final.away);
    return won === params.target && lost < params.target ? null : 'body.final';
  }
  // Basketball and baseball have no draw: overtime or extra innings decide.
  if (final.home === final.away && sport !== 'football') return 'body.final';
  if (HALF_SHARE[sport] === null) return half === null ? null : 'body.half';
  if (half === null) return 'body.half';
  return half.home <= final.home && half.away <= final.away ? null : 'body.half';
}

const sameResult = (a: unknown, b: Result) => {
  const r = a as Result | null;
  return (
    !!r &&
    r.final.home === b.final.home &&
    r.final.away === b.final.away &&
    (r.half?.home ?? null) === (b.half?.home ?? null) &&
    (r.half?.away ?? null) === (b.half?.away ?? null)
  );
};

/**
 * The back office's side of the book (decision 102): matches with what the book holds on them, one
 * match's markets and open tickets per selection, suspending, results by hand, margins and limits.
 * It prices with the service's own functions, so the screen shows what a player is offered.
 */
export function sportsOperator(d: OperatorDeps) {
  const { db } = d;

  /** Open tickets per selection on these matches: count, stakes, and what they pay if it wins or voids. */
  async function selections(ids: readonly string[]): Promise<SelectionRow[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('sbLeg as l')
      .innerJoin('sbTicket as t', 't.id', 'l.ticketId')
      .select([
        'l.fixtureId',
        'l.marketId',
        'l.selection',
        sql<number>`count(*)::int`.as('tickets'),
        sql<string>`sum(t.stake)::text`.as('stake'),
        sql<string>`sum(t.potential)::text`.as('potential'),
        sql<string>`sum(t.potential * 10000 / l.odds_bp)::text`.as('refund'),
      ])
      .where('l.fixtureId', 'in', ids)
      .where('t.status', 'in', OPEN_TICKETS)
      .groupBy(['l.fixtureId', 'l.marketId', 'l.selection'])
      .orderBy('l.fixtureId')
      .orderBy('l.marketId')
      .orderBy('l.selection')
      .execute();
    return rows;
  }

  /** The open tickets per selection of some matches, and what each match still owes (as its limit counts it). */
  async function exposureOf(ids: readonly string[]) {
    const [rows, liability] = await Promise.all([selections(ids), sportsStore.openLiability(db, ids)]);
    return { rows, liability };
  }

  type Exposure = Awaited<ReturnType<typeof exposureOf>>;

  function view(f: FixtureRow, at: Date, s: SportsSettings, e: Exposure): BoSportsFixture {
    const rows = e.rows;
    const { main: _main, marketCount: _count, ...base } = d.fixtureView(f, at, s, false);
    const mine = rows.filter((r) => r.fixtureId === f.id);
    const result = f.result as Result | null;
    let worst: { exposure: bigint; worstScore: Score | null } | null = null;
    if (f.status === 'OPEN')
      worst = mine.length ? worstCase(f.sport as Sport, f, d.stateOf(f, at), mine) : { exposure: 0n, worstScore: null };
    return {
      ...base,
      status: f.status,
      operatorSuspended: f.suspended,
      suspendedMarkets: f.suspendedMarkets,
      margin: f.margin === null ? null : Number(f.margin),
      revision: f.revision,
      result: result ? { final: result.final, half: result.half ?? null, revision: f.revision } : null,
      resultBy: f.resultBy,
      resultReason: f.resultReason,
      tickets: mine.reduce((n, r) => n + r.tickets, 0),
      stakes: mine.reduce((n, r) => n + BigInt(r.stake), 0n).toString(),
      liability: (e.liability.get(f.id) ?? 0n).toString(),
      exposure: worst ? worst.exposure.toString() : null,
      worstScore: worst?.worstScore ?? null,
    };
  }

  async function fixtureOrThrow(id: string, field: string): Promise<FixtureRow> {
    const f = await db.selectFrom('sbFixture').selectAll().where('id', '=', id).executeTakeFirst();
    if (!f) throw new VendorApiError('SPORTS_FIXTURE_NOT_FOUND', 404, 'There is no such match.', field);
    return f;
  }

  async function viewOf(f: FixtureRow): Promise<BoSportsFixture> {
    return view(f, d.now(), await d.settings(), await exposureOf([f.id]));
  }

  /** Tickets whose money a new result of this match may move (open, or settled and not cashed out). */
  const ticketsOn = async (fixtureId: string) =>
    (
      await db
        .selectFrom('sbTicket')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('status', 'in', ['PLACED', 'SETTLING', 'WON', 'LOST', 'REFUNDED', 'ADJUSTING'])
        .where('id', 'in', db.selectFrom('sbLeg').select('ticketId').where('fixtureId', '=', fixtureId))
        .executeTakeFirstOrThrow()
    ).n;

  function checkRevision(f: FixtureRow, revision: number): void {
    if (f.revision !== revision)
      throw new VendorApiError(
        'SPORTS_RESULT_CHANGED',
        409,
        "This match's result changed; reload it.",
        'body.revision',
      );
  }

  /** A new result (null: void) from the revision and status read; what it was, for the audit trail. */
  async function reviseFrom(f: FixtureRow, revision: number, result: Result | null, by: string, reason: string) {
    const before = { status: f.status, result: f.result ?? null, revision: f.revision };
    const after = await d.revise(f.id, result, d.now(), { revision, status: f.status, by, reason });
    return { fixture: await viewOf(after), tickets: await ticketsOn(f.id), before };
  }

  function settingsView(s: SportsSettings): BoSportsSettings {
    return {
      margin: s.margin,
      sportMargins: s.sportMargins,
      minStake: s.minStake.toString(),
      maxStake: s.maxStake.toString(),
      maxPayout: s.maxPayout.toString(),
      maxMatchPayout: s.maxMatchPayout.toString(),
      inplayDelayMs: s.inplayDelayMs,
    };
  }

  return {
    async operatorFixtures(q: FixtureQuery) {
      const at = d.now();
      await d.fill(at);
      let base = db.selectFrom('sbFixture');
      if (q.sport) base = base.where('sport', '=', q.sport);
      if (q.competition) base = base.where('competition', '=', q.competition);
      if (q.from) base = base.where('startsAt', '>=', new Date(q.from));
      if (q.to) base = base.where('startsAt', '<', new Date(q.to));
      if (q.state === 'UPCOMING') base = base.where('status', '=', 'OPEN').where('startsAt', '>', at);
      if (q.state === 'STARTED') base = base.where('status', '=', 'OPEN').where('startsAt', '<=', at);
      if (q.state === 'SETTLED' || q.state === 'VOID') base = base.where('status', '=', q.state);
      if (q.withBets)
        base = base.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('sbLeg')
              .innerJoin('sbTicket', 'sbTicket.id', 'sbLeg.ticketId')
              .select('sbLeg.idx')
              .whereRef('sbLeg.fixtureId', '=', 'sbFixture.id')
              .where('sbTicket.status', 'in', OPEN_TICKETS),
          ),
        );
      // Coming and running matches soonest first; finished ones, or everything without a start, latest first.
      const ascending = q.state === 'UPCOMING' || q.state === 'STARTED' || (!q.state && !!q.from);
      const [rows, count, s] = await Promise.all([
        base
          .selectAll()
          .orderBy('startsAt', ascending ? 'asc' : 'desc')
          .orderBy('id')
          .limit(q.pageSize)
          .offset(q.page * q.pageSize)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
        d.settings(),
      ]);
      const exposure = await exposureOf(rows.map((f) => f.id));
      return {
        fixtures: rows.map((f) => view(f, at, s, exposure)),
        total: count.n,
        sports: SPORTS.map((code) => ({ code, names: SPORT_NAMES[code] })),
        competitions: COMPETITIONS.map((c) => ({ code: c.code, sport: c.sport, names: c.names })),
      };
    },

    async operatorFixture(id: string) {
      const at = d.now();
      const f = await fixtureOrThrow(id, 'query.id');
      const s = await d.settings();
      const state = d.stateOf(f, at);
      const exposure = await exposureOf([f.id]);
      const { rows } = exposure;
      const fixture = view(f, at, s, exposure);
      const prices = d.pricesOf(f, state, d.marginOf(f, s));
      return {
        fixture,
        markets: d.marketsOf(f).map((m) => ({
          id: m.id,
          period: m.period,
          kind: m.kind,
          line: m.line,
          suspended:
            fixture.suspended || f.status !== 'OPEN' || state.phase === 'ENDED' || f.suspendedMarkets.includes(m.id),
          operatorSuspended: f.suspendedMarkets.includes(m.id),
          selections: (prices.get(m.id) ?? []).map((p) => ({ selection: p.selection, oddsBp: p.oddsBp })),
        })),
        selections: rows.map(({ fixtureId: _f, refund: _r, ...r }) => r),
      };
    },

    /** Suspends or reopens a whole match, or one market of it (one statement: two staff at once both apply). */
    async operatorSuspend(fixtureId: string, marketId: string | undefined, suspended: boolean) {
      const f = await fixtureOrThrow(fixtureId, 'body.fixtureId');
      if (marketId !== undefined && !d.marketsOf(f).some((m) => m.id === marketId))
        throw new VendorApiError('SPORTS_MARKET_NOT_FOUND', 404, 'This match offers no such market.', 'body.marketId');
      const updated = await db
        .updateTable('sbFixture')
        .set(
          marketId === undefined
            ? { suspended }
            : {
                suspendedMarkets: suspended
                  ? sql<string[]>`array_append(array_remove(suspended_markets, ${marketId}), ${marketId})`
                  : sql<string[]>`array_remove(suspended_markets, ${marketId})`,
              },
        )
        .where('id', '=', fixtureId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return {
        fixture: await viewOf(updated),
        before: { suspended: f.suspended, suspendedMarkets: f.suspendedMarkets },
      };
    },

    /**
     * Settles a match that kicked off by hand, or corrects a settled or void one; from the revision
     * the staff member saw, so of two at once one applies and the other is told to reload.
     */
    async operatorSettle(fixtureId: string, revision: number, result: Result, by: string, reason: string) {
      const f = await fixtureOrThrow(fixtureId, 'body.fixtureId');
      const field = scoreProblem(f.sport as Sport, f, result);
      if (field)
        throw new VendorApiError('SPORTS_SCORE_INVALID', 400, 'This score is not possible for this match.', field);
      checkRevision(f, revision);
      if (f.status === 'OPEN' && f.startsAt.getTime() > d.now().getTime())
        throw new VendorApiError('SPORTS_MATCH_NOT_STARTED', 409, 'This match has not kicked off.', 'body.fixtureId');
      if (f.status === 'SETTLED' && sameResult(f.result, result))
        throw new VendorApiError('SPORTS_RESULT_UNCHANGED', 409, 'The match already has this result.', 'body.final');
      return reviseFrom(f, revision, result, by, reason);
    },

    /** Cancels a match by hand: every leg on it is void; from the revision the staff member saw. */
    async operatorVoid(fixtureId: string, revision: number, by: string, reason: string) {
      const f = await fixtureOrThrow(fixtureId, 'body.fixtureId');
      checkRevision(f, revision);
      if (f.status === 'VOID')
        throw new VendorApiError('SPORTS_RESULT_UNCHANGED', 409, 'The match is already void.', 'body.fixtureId');
      return reviseFrom(f, revision, null, by, reason);
    },

    operatorSettings: async () => settingsView(await d.settings()),

    /** Sets margins, limits and the delay, all checked first: a refusal changes nothing. */
    async operatorSaveSettings(input: BoSportsSettings) {
      const margins: [string, number][] = [['body.margin', input.margin]];
      for (const [sport, m] of Object.entries(input.sportMargins))
        if (m !== undefined) margins.push([`body.sportMargins.${sport}`, m]);
      for (const [field, m] of margins)
        if (!(m >= 0 && m <= MAX_MARGIN))
          throw new VendorApiError('SPORTS_MARGIN_OUT_OF_RANGE', 400, 'A margin must be between 0 and 0.3.', field);
      const order: [string, bigint][] = [
        ['body.minStake', BigInt(input.minStake)],
        ['body.maxStake', BigInt(input.maxStake)],
        ['body.maxPayout', BigInt(input.maxPayout)],
        ['body.maxMatchPayout', BigInt(input.maxMatchPayout)],
      ];
      if (order[0]![1] <= 0n)
        throw new VendorApiError(
          'SPORTS_LIMITS_OUT_OF_ORDER',
          400,
          'The minimum stake must be above 0.',
          'body.minStake',
        );
      for (let i = 1; i < order.length; i++)
        if (order[i]![1] < order[i - 1]![1])
          throw new VendorApiError(
            'SPORTS_LIMITS_OUT_OF_ORDER',
            400,
            'Limits must rise: min stake ≤ max stake ≤ max payout ≤ max per match.',
            order[i]![0],
          );
      if (!(input.inplayDelayMs >= 0 && input.inplayDelayMs <= MAX_INPLAY_DELAY_MS))
        throw new VendorApiError('SPORTS_DELAY_OUT_OF_RANGE', 400, 'The delay must be 0–30 s.', 'body.inplayDelayMs');
      const before = settingsView(await d.settings());
      const round = (m: number) => Math.round(m * 10_000) / 10_000;
      await db
        .updateTable('sbSetting')
        .set({
          margin: input.margin.toFixed(4),
          sportMargins: JSON.stringify(
            Object.fromEntries(
              Object.entries(input.sportMargins)
                .filter(([, m]) => m !== undefined)
                .map(([k, m]) => [k, round(m!)]),
            ),
          ),
          minStake: input.minStake,
          maxStake: input.maxStake,
          maxPayout: input.maxPayout,
          maxMatchPayout: input.maxMatchPayout,
          inplayDelayMs: input.inplayDelayMs,
        })
        .where('id', '=', 1)
        .execute();
      return { settings: settingsView(await d.settings()), before };
    },
  };
}
