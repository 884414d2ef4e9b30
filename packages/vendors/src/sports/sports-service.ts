import { randomBytes } from 'node:crypto';
import type { SportsFixture, SportsMarket, SportsTicket } from '@portal/contracts/sports/sportsbook-vendor.contract.ts';
import type { ErrorCode } from '@portal/contracts/errors.ts';
import { generateServerSeed } from '@portal/house-vendor/fairness/server-seed.ts';
import {
  acceptPrice,
  cashOutOffer,
  checkLimits,
  checkParlay,
  combinedOddsBp,
  potentialReturn,
  SlipError,
  type OddsPolicy,
  type OpenLeg,
  ticketPayout,
} from '@portal/house-vendor/sports/bet-slip.ts';
import {
  COMPETITIONS,
  findCompetition,
  findTeam,
  isEsport,
  SPORT_NAMES,
  type Sport,
} from '@portal/house-vendor/sports/catalog.ts';
import {
  type LiveState,
  type MatchScript,
  PLAY_MS,
  playMatch,
  stateAt,
} from '@portal/house-vendor/sports/match-engine.ts';
import {
  collapse,
  type LegOutcome,
  type MarketSpec,
  matchMarkets,
  outcomeChances,
  parseMarketId,
  priceMarket,
  priceMatch,
  type SelectionPrice,
  settleSelection,
} from '@portal/house-vendor/sports/markets.ts';
import { fixturesBetween, fixtureParams } from '@portal/house-vendor/sports/schedule.ts';
import { PRE_MATCH, type Score, scoreDistribution } from '@portal/house-vendor/sports/score-model.ts';
import { type SeamlessClient, sendWins } from '../house/seamless-client.ts';
import { inParallel } from '@portal/contracts/in-parallel.ts';
import { VendorApiError } from '../vendor-api.ts';
import { answerOf, ticketBet, ticketWin, vendorSessions } from '../vendor-session.ts';
import { sportsOperator } from './sports-operator.ts';
import {
  type FixtureRow,
  type LegRow,
  type SportsDb,
  type SportsSessionRow,
  sportsStore as store,
  type TicketRow,
  type TicketStatus,
} from './sports-store.ts';

/** The schedule is kept filled this far ahead. */
const FILL_AHEAD_MS = 48 * 3_600_000;
/** A ticket whose bet answer was lost is rolled back once it is this old. */
const BET_RETRY_AFTER_MS = 15_000;
const SETTLE_BATCH = 500;
/** Tickets paid at once by one settler (decision 101, as the lottery's draws, decision 091). */
const SETTLE_CONCURRENCY = 16;
const LONGEST_MATCH_MS = Math.max(...Object.values(PLAY_MS)) + 60_000;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const SLIP_STATUS: Record<SlipError['code'], number> = {
  SLIP_EMPTY: 400,
  PARLAY_TOO_SHORT: 400,
  PARLAY_TOO_LONG: 400,
  CORRELATED_LEGS: 400,
  STAKE_TOO_LOW: 400,
  STAKE_TOO_HIGH: 400,
  PAYOUT_TOO_HIGH: 400,
  MATCH_LIMIT_REACHED: 409,
  ODDS_CHANGED: 409,
  MARKET_SUSPENDED: 409,
};

function slipRefusal(error: SlipError, field: string): VendorApiError {
  return new VendorApiError(`SPORTS_${error.code}` as ErrorCode, SLIP_STATUS[error.code], error.message, field);
}

export interface SportsSettings {
  margin: number;
  minStake: bigint;
  maxStake: bigint;
  maxPayout: bigint;
  maxMatchPayout: bigint;
  inplayDelayMs: number;
  /** A margin per sport over the book's (decision 102). */
  sportMargins: Partial<Record<string, number>>;
}

export interface SportsServiceDeps {
  db: SportsDb;
  seamless: SeamlessClient;
  /** The vendor's clock; in-process it is the app's (movable outside production, decision 032). */
  now?: () => Date;
}

/** What a ticket ended as, from its legs' outcomes and payout. */
function finalStatus(legs: readonly { outcome: string | null }[], payout: bigint): TicketStatus {
  if (legs.every((l) => l.outcome === 'VOID' || l.outcome === 'PUSH')) return 'REFUNDED';
  return payout > 0n ? 'WON' : 'LOST';
}

/**
 * The Striker Sports vendor (decision 100). Fixtures come from the schedule generator, play from the
 * match engine with each fixture's secret seed, prices from the strength model at the state of play.
 * Tickets are charged and paid only through signed seamless calls keyed by the ticket id, outside any
 * database transaction of the vendor's own; a call whose answer is lost is sent again, never guessed.
 */
export function sportsService({ db, seamless, now = () => new Date() }: SportsServiceDeps) {
  const scripts = new Map<string, MatchScript>();
  const marketCache = new Map<string, MarketSpec[]>();
  const priceCache = new Map<string, Map<string, SelectionPrice[]>>();
  let filled: { from: number; to: number } | null = null;

  const bounded = <K, V>(m: Map<K, V>, max: number) => {
    if (m.size > max) m.clear();
    return m;
  };

  function scriptOf(f: FixtureRow): MatchScript {
    let s = scripts.get(f.id);
    if (!s) {
      s = playMatch(f.sport as Sport, fixtureParams(f), f.id, f.seed);
      bounded(scripts, 5_000).set(f.id, s);
    }
    return s;
  }

  function marketsOf(f: FixtureRow): MarketSpec[] {
    let m = marketCache.get(f.id);
    if (!m) {
      m = matchMarkets(f.sport as Sport, fixtureParams(f), PRE_MATCH);
      bounded(marketCache, 5_000).set(f.id, m);
    }
    return m;
  }

  const stateOf = (f: FixtureRow, at: Date): LiveState =>
    stateAt(f.sport as Sport, scriptOf(f), at.getTime() - f.startsAt.getTime());

  const marginOf = (f: FixtureRow, s: SportsSettings) =>
    f.margin === null ? (s.sportMargins[f.sport] ?? s.margin) : Number(f.margin);

  function pricesOf(f: FixtureRow, state: LiveState, margin: number): Map<string, SelectionPrice[]> {
    const key = `${f.id}:${state.seen}:${state.progress.toFixed(3)}:${margin}`;
    let p = priceCache.get(key);
    if (!p) {
      p = priceMatch(f.sport as Sport, fixtureParams(f), marketsOf(f), state, margin);
      bounded(priceCache, 2_000).set(key, p);
    }
    return p;
  }

  /** Why a market takes no bets now, or null when it does. */
  function closed(f: FixtureRow, state: LiveState, marketId: string): boolean {
    return (
      f.status !== 'OPEN' ||
      state.phase === 'ENDED' ||
      state.suspended ||
      f.suspended ||
      f.suspendedMarkets.includes(marketId)
    );
  }

  async function settings(): Promise<SportsSettings> {
    const s = await store.settings(db);
    return {
      margin: Number(s.margin),
      minStake: BigInt(s.minStake),
      maxStake: BigInt(s.maxStake),
      maxPayout: BigInt(s.maxPayout),
      maxMatchPayout: BigInt(s.maxMatchPayout),
      inplayDelayMs: s.inplayDelayMs,
      sportMargins: s.sportMargins ?? {},
    };
  }

  function names(f: FixtureRow) {
    const c = findCompetition(f.competition)!;
    return { c, home: findTeam(c, f.home)!, away: findTeam(c, f.away)! };
  }

  function marketView(f: FixtureRow, state: LiveState, m: MarketSpec, prices: SelectionPrice[]): SportsMarket {
    const off = closed(f, state, m.id);
    return {
      id: m.id,
      period: m.period,
      kind: m.kind,
      line: m.line,
      suspended: off,
      selections: prices.map((p) => ({ selection: p.selection, oddsBp: off ? null : p.oddsBp })),
    };
  }

  function fixtureView(f: FixtureRow, at: Date, s: SportsSettings, withMain = true): SportsFixture {
    const { c, home, away } = names(f);
    const state = stateOf(f, at);
    const markets = marketsOf(f);
    let main: SportsMarket | null = null;
    if (withMain && markets[0]) {
      const m = markets[0];
      const scores = scoreDistribution(fixtureParams(f), f.sport as Sport, state, m.period);
      main = marketView(f, state, m, priceMarket(m, scores, marginOf(f, s)));
    }
    return {
      id: f.id,
      sport: f.sport,
      competition: f.competition,
      competitionNames: c.names,
      home: { code: home.code, names: home.names },
      away: { code: away.code, names: away.names },
      startsAt: f.startsAt.toISOString(),
      phase: f.status === 'VOID' ? 'VOID' : state.phase,
      score: state.score,
      clock: state.last ? { period: state.last.period, minute: state.last.minute } : null,
      suspended: state.suspended || f.suspended,
      version: state.seen,
      main,
      marketCount: markets.length,
    };
  }

  /** A fixture's page at an instant: every market priced, its events so far, its result once settled. */
  function pageOf(f: FixtureRow, at: Date, s: SportsSettings) {
    const state = stateOf(f, at);
    const prices = pricesOf(f, state, marginOf(f, s));
    const script = scriptOf(f);
    const result = f.result as { final: Score; half: Score | null } | null;
    return {
      fixture: fixtureView(f, at, s, false),
      markets: marketsOf(f).map((m) => marketView(f, state, m, prices.get(m.id)!)),
      events: script.events
        .slice(0, state.seen)
        .filter((e) => e.type !== 'DANGER')
        .map(({ atMs, type, side, period, minute, score, detail }) => ({
          atMs,
          type,
          side,
          period,
          minute,
          score,
          ...(detail ? { detail } : {}),
        })),
      result: result ? { ...result, revision: f.revision } : null,
    };
  }

  const sessions = vendorSessions<SportsSessionRow>({
    seamless,
    now,
    words: { stake: 'ticket', unavailable: 'The ticket could not be placed now; try again.' },
    find: (id) => store.session(db, id),
    insert: (row) => store.insertSession(db, row),
    end: (playerId, at) => store.endSessions(db, playerId, at),
  });
  const { require: requireSession, balance: currentBalance } = sessions;
  const rollBack = (ticket: TicketRow, token: string) => sessions.rollBack(ticketBet(ticket, token));

  async function voidTicket(ticket: TicketRow): Promise<void> {
    await store.updateTicket(db, ticket.id, 'BETTING', { status: 'VOID', settledAt: now() });
  }

  /** Charges a BETTING ticket. A refusal voids it; an unknown answer rolls it back. */
  async function placeBet(ticket: TicketRow, token: string): Promise<void> {
    await sessions.chargeStake(ticketBet(ticket, token), {
      placed: () => store.updateTicket(db, ticket.id, 'BETTING', { status: 'PLACED' }),
      voided: () => voidTicket(ticket),
    });
  }

  // ---- the book's clock: fill the schedule, settle what ended, pay tickets ----

  /** Keeps the next two days of fixtures stored, each with its own secret seed (inserted once). */
  async function fill(at: Date): Promise<number> {
    const t = at.getTime();
    const to = t + FILL_AHEAD_MS;
    const from = filled && t >= filled.from && t <= filled.to ? filled.to : t - LONGEST_MATCH_MS;
    if (from >= to) return 0;
    const rows = fixturesBetween(from, to).map((f) => ({
      id: f.id,
      competition: f.competition,
      sport: f.sport,
      home: f.home,
      away: f.away,
      startsAt: new Date(f.startsAt),
      seed: generateServerSeed(),
    }));
    for (let i = 0; i < rows.length; i += 500) await store.insertFixtures(db, rows.slice(i, i + 500));
    filled = { from: filled && from !== t - LONGEST_MATCH_MS ? filled.from : t, to };
    return rows.length;
  }

  /** Every selection bet on a fixture, settled against its result (every leg void for a void match). */
  async function settleLegs(trx: SportsDb, f: FixtureRow, result: { final: Score; half: Score | null } | null) {
    for (const { marketId, selection } of await store.fixtureSelections(trx, f.id)) {
      const m = parseMarketId(marketId);
      let outcome: LegOutcome = 'VOID';
      if (result && m) {
        const score = m.period === 'H1' ? result.half : result.final;
        outcome = score ? settleSelection(m, selection, score) : 'VOID';
      }
      await store.setOutcome(trx, f.id, marketId, selection, outcome);
    }
  }

  /** Writes the result of every match that has ended, once, and settles the selections bet on it. */
  async function settleEnded(at: Date): Promise<number> {
    let settled = 0;
    for (const f of await store.startedOpen(db, at, 500)) {
      const state = stateOf(f, at);
      if (state.phase !== 'ENDED') continue;
      const script = scriptOf(f);
      const result = { final: script.final, half: script.half };
      const done = await db.transaction().execute(async (trx) => {
        const row = await store.settleFixture(trx, f.id, JSON.stringify(result), at);
        if (row) await settleLegs(trx as unknown as SportsDb, row, result);
        return row;
      });
      if (done) settled += 1;
    }
    return settled;
  }

  /** Claims a ticket for payment (or a stale one for adjustment) with its payout from its legs now. */
  async function claim(t: TicketRow, at: Date): Promise<TicketRow | undefined> {
    return db.transaction().execute(async (trx) => {
      const [legs, locked] = await Promise.all([
        store.legs(trx, [t.id]),
        trx.selectFrom('sbTicket').select('id').where('id', '=', t.id).forUpdate().executeTakeFirst(),
      ]);
      if (!locked || legs.some((l) => l.outcome === null)) return undefined;
      const payout = ticketPayout(
        BigInt(t.stake),
        legs.map((l) => ({ oddsBp: l.oddsBp, outcome: l.outcome as LegOutcome })),
      );
      if (t.status === 'PLACED') return store.updateTicket(trx, t.id, 'PLACED', { status: 'SETTLING', payout });
      if (payout === BigInt(t.paid)) {
        await store.updateTicket(
          trx,
          t.id,
          ['WON', 'LOST', 'REFUNDED'],
          { stale: false, status: finalStatus(legs, payout) },
          true,
        );
        return undefined;
      }
      return store.updateTicket(
        trx,
        t.id,
        ['WON', 'LOST', 'REFUNDED'],
        { status: 'ADJUSTING', payout, stale: false, adjustments: t.adjustments + 1, settledAt: at },
        true,
      );
    });
  }

  /** Marks an adjusted ticket paid its new payout, with the status its legs give it now. */
  async function finish(t: TicketRow, from: TicketStatus, at: Date): Promise<boolean> {
    const legs = await store.legs(db, [t.id]);
    const payout = BigInt(t.payout);
    return !!(await store.updateTicket(db, t.id, from, {
      status: finalStatus(legs, payout),
      paid: payout,
      settledAt: at,
    }));
  }

  /**
   * Sends a ticket's win (0 for a lost one, the offer for a cash-out) with the ticket's one win key:
   * the operator applies it once, so a ticket is paid once whichever way it ends. Answers whether the
   * operator took it.
   */
  async function sendWin(t: TicketRow & { operatorToken: string }): Promise<boolean> {
    const r = await answerOf(() => seamless.win(ticketWin(t, BigInt(t.payout))));
    return r?.status === 'OK';
  }

  /** Pays a CASHING_OUT ticket's cash-out, then marks it cashed out. */
  async function payCashOut(t: TicketRow & { operatorToken: string }, at: Date): Promise<boolean> {
    if (!(await sendWin(t))) return false;
    return !!(await store.updateTicket(db, t.id, 'CASHING_OUT', {
      status: 'CASHED_OUT',
      paid: BigInt(t.payout),
      settledAt: at,
    }));
  }

  /**
   * Sends an ADJUSTING ticket's difference under its adjustment's own key: more to pay as a win; less
   * as a charge, through a session of the player still open (it waits for one when none is).
   */
  async function adjust(t: TicketRow & { operatorToken: string }, at: Date): Promise<boolean> {
    const diff = BigInt(t.payout) - BigInt(t.paid);
    const key = `${t.id}:adj:${t.adjustments}`;
    if (diff === 0n) return finish(t, 'ADJUSTING', at);
    if (diff > 0n) {
      const r = await answerOf(() =>
        seamless.win({
          token: t.operatorToken,
          transactionId: key,
          roundId: t.id,
          gameCode: t.gameCode,
          amount: diff,
          currency: t.currency,
        }),
      );
      return r?.status === 'OK' && finish(t, 'ADJUSTING', at);
    }
    const tokens = [
      { token: t.operatorToken, gameCode: t.gameCode },
      ...(await store.liveSessions(db, t.playerId, at)).map((s) => ({ token: s.operatorToken, gameCode: s.gameCode })),
    ];
    for (const s of tokens) {
      const r = await answerOf(() =>
        seamless.bet({
          token: s.token,
          transactionId: key,
          roundId: t.id,
          gameCode: s.gameCode,
          amount: -diff,
          currency: t.currency,
        }),
      );
      if (r?.status === 'OK') return finish(t, 'ADJUSTING', at);
    }
    return false;
  }

  /**
   * One ticket of the book's work list other than a placed or claimed one (those are paid a batch at
   * a time, `settleTickets`): a lost bet answer rolled back, a cash-out paid again, a stale one
   * adjusted. Answers whether it was paid or adjusted (`done`) and whether anything moved (`progress`).
   */
  async function workOn(t: TicketRow & { operatorToken: string }, at: Date) {
    if (t.status === 'BETTING') {
      if (at.getTime() - t.createdAt.getTime() < BET_RETRY_AFTER_MS) return { done: false, progress: false };
      if (!(await rollBack(t, t.operatorToken))) return { done: false, progress: false };
      await voidTicket(t);
      return { done: false, progress: true };
    }
    let ticket: TicketRow | undefined = t;
    const restale = t.stale && (t.status === 'WON' || t.status === 'LOST' || t.status === 'REFUNDED');
    if (restale) ticket = await claim(t, at);
    if (!ticket) return { done: false, progress: restale };
    const ok =
      ticket.status === 'CASHING_OUT'
        ? await payCashOut({ ...ticket, operatorToken: t.operatorToken }, at)
        : ticket.status === 'ADJUSTING'
          ? await adjust({ ...ticket, operatorToken: t.operatorToken }, at)
          : false;
    return { done: ok, progress: ok };
  }

  /**
   * Works through the tickets due, a batch at a time in id order, each batch after the last: the
   * batch's legs in one read; its placed tickets whose legs are all settled claimed in one statement
   * (PLACED → SETTLING with their payouts; of two settlers, or a settler and a cash-out holding the
   * row, one moves each); the other tickets' work (rollbacks, cash-outs, adjustments) SETTLE_CONCURRENCY
   * at a time; the claimed tickets' wins in `wins` calls (decision 104), each win under its ticket's
   * own key `{ticketId}:win` (so sending them side by side, here or on other instances, pays each
   * ticket once); then the paid ones finished in one statement. A correction committed meanwhile
   * marks a ticket stale (PLACED and SETTLING included), so it is adjusted afterwards.
   */
  async function settleTickets(at: Date): Promise<number> {
    let done = 0;
    let after = '';
    for (;;) {
      const batch = await store.workTickets(db, SETTLE_BATCH, after);
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.id;
      const legs = new Map<string, LegRow[]>();
      for (const l of await store.legs(
        db,
        batch.map((t) => t.id),
      ))
        legs.set(l.ticketId, [...(legs.get(l.ticketId) ?? []), l]);
      const legsOf = (t: TicketRow) => legs.get(t.id) ?? [];
      const payouts = new Map<string, bigint>();
      for (const t of batch) {
        // A claimed ticket is paid what it was claimed with (its win may have been sent already).
        if (t.status === 'SETTLING') payouts.set(t.id, BigInt(t.payout));
        const ls = legsOf(t);
        if (t.status !== 'PLACED' || ls.length === 0 || ls.some((l) => l.outcome === null)) continue;
        payouts.set(
          t.id,
          ticketPayout(
            BigInt(t.stake),
            ls.map((l) => ({ oddsBp: l.oddsBp, outcome: l.outcome as LegOutcome })),
          ),
        );
      }
      const claimed = await store.claimTickets(
        db,
        batch
          .filter((t) => t.status === 'PLACED' && payouts.has(t.id))
          .map((t) => ({ id: t.id, payout: payouts.get(t.id)! })),
      );
      const outcomes = await inParallel(
        batch.filter((t) => t.status !== 'PLACED' && t.status !== 'SETTLING'),
        SETTLE_CONCURRENCY,
        (t) => workOn(t, at),
      );
      const due = batch.filter(
        (t) => payouts.has(t.id) && (t.status === 'SETTLING' || (t.status === 'PLACED' && claimed.has(t.id))),
      );
      const answers = await sendWins(
        seamless,
        due.map((t) => ticketWin(t, payouts.get(t.id)!)),
      );
      const paid = due.flatMap((t, i) => {
        if (answers[i] !== 'OK') return [];
        const payout = payouts.get(t.id)!;
        return [{ id: t.id, status: finalStatus(legsOf(t), payout), paid: payout }];
      });
      done += outcomes.filter((o) => o.done).length + (await store.finishTickets(db, paid, at)).size;
      if (batch.length < SETTLE_BATCH || (paid.length === 0 && !outcomes.some((o) => o.progress))) break;
    }
    return done;
  }

  // ---- tickets ----

  /**
   * The cash-out offer for a PLACED ticket now: every open leg's outcome chances from the model at the
   * state of play, settled legs their outcome (decision 100). Refused while a leg's market is closed
   * (around an event, by the operator, or its match over and not yet settled), and with no leg open.
   */
  function offerFor(
    t: TicketRow,
    legs: readonly LegRow[],
    fixtures: ReadonlyMap<string, FixtureRow>,
    at: Date,
  ): bigint {
    const open: OpenLeg[] = legs.map((l, i) => {
      if (l.outcome !== null) return { oddsBp: l.oddsBp, outcome: l.outcome as LegOutcome, chances: null };
      const f = fixtures.get(l.fixtureId)!;
      const market = marketsOf(f).find((m) => m.id === l.marketId)!;
      const state = stateOf(f, at);
      if (closed(f, state, market.id))
        throw new VendorApiError(
          'SPORTS_CASHOUT_SUSPENDED',
          409,
          'Cash-out is paused while a match on this ticket is suspended.',
          `legs.${i}`,
        );
      const scores = scoreDistribution(fixtureParams(f), f.sport as Sport, state, market.period);
      return {
        oddsBp: l.oddsBp,
        outcome: null,
        chances: outcomeChances(market, l.selection, collapse(market.kind, scores)),
      };
    });
    const offer = open.some((l) => l.outcome === null) ? cashOutOffer(BigInt(t.stake), open) : 0n;
    if (offer <= 0n)
      throw new VendorApiError('SPORTS_CASHOUT_UNAVAILABLE', 409, 'This ticket has no cash-out offer now.');
    return offer;
  }

  function ticketView(t: TicketRow, legs: LegRow[], fixtures: Map<string, FixtureRow>, at = now()): SportsTicket {
    const status: SportsTicket['status'] =
      t.status === 'BETTING' || t.status === 'PLACED' || t.status === 'SETTLING'
        ? 'OPEN'
        : t.status === 'ADJUSTING'
          ? BigInt(t.payout) > 0n
            ? 'WON'
            : 'LOST'
          : t.status === 'CASHING_OUT'
            ? 'CASHED_OUT'
            : t.status;
    let cashOut: string | null = null;
    if (t.status === 'PLACED')
      try {
        cashOut = offerFor(t, legs, fixtures, at).toString();
      } catch (error) {
        if (!(error instanceof VendorApiError)) throw error;
      }
    return {
      ticketId: t.id,
      kind: t.kind,
      stake: String(t.stake),
      oddsBp: Number(t.oddsBp),
      potentialReturn: String(t.potential),
      payout: status === 'OPEN' ? '0' : String(t.payout),
      currency: t.currency,
      status,
      cashOut,
      createdAt: iso(t.createdAt)!,
      settledAt: iso(t.settledAt),
      legs: legs.map((l) => {
        const f = fixtures.get(l.fixtureId)!;
        const { home, away } = names(f);
        const result = f.result as { final: Score } | null;
        return {
          fixtureId: l.fixtureId,
          sport: f.sport,
          home: home.names,
          away: away.names,
          startsAt: f.startsAt.toISOString(),
          marketId: l.marketId,
          selection: l.selection,
          oddsBp: l.oddsBp,
          outcome: l.outcome as LegOutcome | null,
          score: result ? result.final : null,
        };
      }),
    };
  }

  async function ticketViews(tickets: TicketRow[]): Promise<SportsTicket[]> {
    const legs = await store.legs(
      db,
      tickets.map((t) => t.id),
    );
    const fixtures = new Map(
      (await store.fixtures(db, [...new Set(legs.map((l) => l.fixtureId))])).map((f) => [f.id, f]),
    );
    return tickets.map((t) =>
      ticketView(
        t,
        legs.filter((l) => l.ticketId === t.id),
        fixtures,
      ),
    );
  }

  const notOpen = () =>
    new VendorApiError('SPORTS_TICKET_NOT_OPEN', 409, 'This ticket is no longer open: cashed out or settled.');

  async function ownTicket(s: SportsSessionRow, ticketId: string): Promise<TicketRow> {
    const t = await store.ticket(db, ticketId);
    if (!t || t.playerId !== s.playerId)
      throw new VendorApiError('SPORTS_TICKET_NOT_FOUND', 404, 'There is no such ticket.', 'ticketId');
    return t;
  }

  async function fixtureOrThrow(id: string, field: string): Promise<FixtureRow> {
    const f = await store.fixture(db, id);
    if (!f) throw new VendorApiError('SPORTS_FIXTURE_NOT_FOUND', 404, 'There is no such match.', field);
    return f;
  }

  async function revise(
    fixtureId: string,
    result: { final: Score; half: Score | null } | null,
    at: Date,
    expected?: Parameters<typeof store.reviseFixture>[5],
  ) {
    return db.transaction().execute(async (trx) => {
      const f = await store.reviseFixture(
        trx,
        fixtureId,
        result ? 'SETTLED' : 'VOID',
        result ? JSON.stringify(result) : null,
        at,
        expected,
      );
      if (!f && expected)
        throw new VendorApiError(
          'SPORTS_RESULT_CHANGED',
          409,
          "This match's result changed since it was read; reload it.",
          'body.revision',
        );
      if (!f) throw new VendorApiError('SPORTS_FIXTURE_NOT_FOUND', 404, 'There is no such match.', 'fixtureId');
      await settleLegs(trx as unknown as SportsDb, f, result);
      await store.markStale(trx, fixtureId);
      return f;
    });
  }

  return {
    /** One run of the book's clock: fill the schedule, settle ended matches, pay and adjust tickets. */
    async runBook(at: Date = now()) {
      const scheduled = await fill(at);
      const matches = await settleEnded(at);
      const tickets = await settleTickets(at);
      return { scheduled, matches, tickets };
    },

    fill,
    settleEnded,
    settleTickets,

    async book(group: 'sports' | 'esports', hours: number) {
      const at = now();
      await fill(at);
      const s = await settings();
      const rows = await store.window(
        db,
        new Date(at.getTime() - LONGEST_MATCH_MS),
        new Date(at.getTime() + hours * 3_600_000),
      );
      const sports = [...new Set(COMPETITIONS.map((c) => c.sport))]
        .filter((sport) => isEsport(sport) === (group === 'esports'))
        .map((sport) => ({
          sport,
          names: SPORT_NAMES[sport],
          competitions: COMPETITIONS.filter((c) => c.sport === sport).map((c) => ({
            code: c.code,
            names: c.names,
            fixtures: rows
              .filter((f) => f.competition === c.code && f.status === 'OPEN')
              .map((f) => fixtureView(f, at, s))
              .filter((f) => f.phase !== 'ENDED'),
          })),
        }));
      return { serverTime: at.toISOString(), sports };
    },

    async fixture(id: string) {
      const at = now();
      const f = await fixtureOrThrow(id, 'query.id');
      return { serverTime: at.toISOString(), ...pageOf(f, at, await settings()) };
    },

    /**
     * What the live socket pushes (decision 101): the list view of each fixture and, for `pages`, its
     * whole page, all at one instant from one read of the fixtures and the settings (so an operator's
     * suspension or margin made on any instance shows on the next read).
     */
    async liveViews(ids: readonly string[], pages: ReadonlySet<string>, at: Date = now()) {
      const [rows, s] = await Promise.all([store.fixtures(db, [...ids]), settings()]);
      const views = rows.map((f) => ({
        id: f.id,
        fixture: fixtureView(f, at, s),
        page: pages.has(f.id) ? pageOf(f, at, s) : null,
      }));
      return { at, views };
    },

    /** The player of a live vendor session (a refusal when it has ended). */
    sessionPlayer: async (token: string) => (await requireSession(token)).playerId,

    /** A mark per player that changes whenever one of the player's tickets is placed, settled or cashed out. */
    ticketMarks: (playerIds: readonly string[]) => store.ticketMarks(db, playerIds),

    openSession: (launchToken: string) => sessions.open(launchToken),

    endSessions: sessions.end,

    async balance(token: string) {
      const s = await requireSession(token);
      return { balance: await currentBalance(s.operatorToken), currency: s.currency };
    },

    async place(
      token: string,
      input: {
        requestId: string;
        stake: string;
        policy: OddsPolicy;
        legs: { fixtureId: string; marketId: string; selection: string; oddsBp: number }[];
      },
    ): Promise<{ ticket: SportsTicket; balance: string }> {
      const s = await requireSession(token);
      let ticket = await store.ticketByRequest(db, s.playerId, input.requestId);
      if (!ticket) {
        try {
          checkParlay(input.legs.map((l) => ({ matchId: l.fixtureId })));
        } catch (error) {
          if (error instanceof SlipError) throw slipRefusal(error, 'body.legs');
          throw error;
        }
        const stake = BigInt(input.stake);
        const id = `sb_${randomBytes(12).toString('hex')}`;
        const limits = await settings();
        // The in-play bet delay: a ticket with a leg on a match being played waits, then is priced at the
        // end of the wait, so a bet sent as a goal goes in meets the suspension (or the new price).
        if (limits.inplayDelayMs > 0) {
          const before = now();
          const rows = await store.fixtures(
            db,
            input.legs.map((l) => l.fixtureId),
          );
          if (rows.some((f) => stateOf(f, before).phase === 'LIVE'))
            await new Promise((resolve) => setTimeout(resolve, limits.inplayDelayMs));
        }
        const at = now();
        try {
          await db.transaction().execute(async (trx) => {
            const ids = input.legs.map((l) => l.fixtureId);
            const locked = new Map((await store.lockFixtures(trx, ids)).map((f) => [f.id, f]));
            const odds: number[] = [];
            input.legs.forEach((leg, i) => {
              const field = `body.legs.${i}`;
              const f = locked.get(leg.fixtureId);
              if (!f) throw new VendorApiError('SPORTS_FIXTURE_NOT_FOUND', 404, 'There is no such match.', field);
              const market = marketsOf(f).find((m) => m.id === leg.marketId);
              if (!market || !market.selections.includes(leg.selection))
                throw new VendorApiError('SPORTS_MARKET_NOT_FOUND', 404, 'This match offers no such selection.', field);
              const state = stateOf(f, at);
              const price = closed(f, state, market.id)
                ? null
                : (pricesOf(f, state, marginOf(f, limits))
                    .get(market.id)!
                    .find((p) => p.selection === leg.selection)?.oddsBp ?? null);
              try {
                odds.push(acceptPrice(input.policy, leg.oddsBp, price));
              } catch (error) {
                if (error instanceof SlipError) throw slipRefusal(error, field);
                throw error;
              }
            });
            const potential = potentialReturn(stake, odds);
            const liability = await store.openLiability(trx, ids);
            try {
              checkLimits(limits, stake, potential, liability, ids);
            } catch (error) {
              if (error instanceof SlipError) throw slipRefusal(error, 'body.stake');
              throw error;
            }
            await store.insertTicket(
              trx,
              {
                id,
                playerId: s.playerId,
                sessionId: s.id,
                requestId: input.requestId,
                gameCode: s.gameCode,
                kind: input.legs.length === 1 ? 'SINGLE' : 'PARLAY',
                stake,
                oddsBp: BigInt(combinedOddsBp(odds)),
                potential,
                currency: s.currency,
                status: 'BETTING',
                createdAt: at,
              },
              input.legs.map((leg, idx) => ({
                ticketId: id,
                idx,
                fixtureId: leg.fixtureId,
                marketId: leg.marketId,
                selection: leg.selection,
                oddsBp: odds[idx]!,
              })),
            );
          });
        } catch (error) {
          // The same request sent twice at once: the second finds the first's ticket.
          const again = await store.ticketByRequest(db, s.playerId, input.requestId);
          if (!again) throw error;
        }
        ticket = await store.ticketByRequest(db, s.playerId, input.requestId);
        if (!ticket) throw new Error('the ticket was not stored');
      }
      if (ticket.status === 'BETTING') await placeBet(ticket, s.operatorToken);
      const stored = (await store.ticket(db, ticket.id))!;
      if (stored.status === 'VOID')
        throw new VendorApiError('GAME_TEMPORARILY_UNAVAILABLE', 503, 'The ticket could not be placed now; try again.');
      const [view] = await ticketViews([stored]);
      return { ticket: view!, balance: await currentBalance(s.operatorToken) };
    },

    /** The cash-out offer for one of the player's open tickets now (a refusal when there is none). */
    async quote(token: string, ticketId: string) {
      const s = await requireSession(token);
      const t = await ownTicket(s, ticketId);
      if (t.status !== 'PLACED') throw notOpen();
      const legs = await store.legs(db, [t.id]);
      const fixtures = new Map(
        (
          await store.fixtures(
            db,
            legs.map((l) => l.fixtureId),
          )
        ).map((f) => [f.id, f]),
      );
      return { ticketId: t.id, offer: offerFor(t, legs, fixtures, now()).toString(), currency: t.currency };
    },

    /**
     * Cashes an open ticket out for the offer the player saw, or more if it rose; refused (nothing
     * moves) when it fell, a leg is suspended, or the ticket is no longer open. The ticket moves
     * PLACED → CASHING_OUT once under its row lock, so of concurrent requests one pays; the win is sent
     * with the ticket's one win key, and one whose answer is lost is sent again by the book's clock.
     */
    async cashOut(token: string, ticketId: string, seen: bigint) {
      const s = await requireSession(token);
      await ownTicket(s, ticketId);
      const at = now();
      const claimed = await db.transaction().execute(async (trx) => {
        const t = await store.lockTicket(trx, ticketId);
        if (!t || t.status !== 'PLACED') throw notOpen();
        const legs = await store.legs(trx, [t.id]);
        const ids = legs.map((l) => l.fixtureId);
        const fixtures = new Map((await store.fixtures(trx, ids)).map((f) => [f.id, f]));
        const offer = offerFor(t, legs, fixtures, at);
        if (offer < seen)
          throw new VendorApiError(
            'SPORTS_CASHOUT_CHANGED',
            409,
            `The cash-out offer went down from ${seen} to ${offer}.`,
            'body.offer',
          );
        const moved = await store.updateTicket(trx, t.id, 'PLACED', { status: 'CASHING_OUT', payout: offer });
        if (!moved) throw notOpen();
        return moved;
      });
      await payCashOut({ ...claimed, operatorToken: s.operatorToken }, at);
      const [view] = await ticketViews([(await store.ticket(db, ticketId))!]);
      return { ticket: view!, balance: await currentBalance(s.operatorToken) };
    },

    async tickets(token: string, status: 'open' | 'settled', limit: number) {
      const s = await requireSession(token);
      return { tickets: await ticketViews(await store.playerTickets(db, s.playerId, status === 'open', limit)) };
    },

    // ---- the operator's levers (back office, decision 100) ----

    settings,

    async updateSettings(patch: Partial<SportsSettings>) {
      await store.updateSettings(db, {
        ...(patch.margin !== undefined ? { margin: patch.margin.toFixed(4) } : {}),
        ...(patch.minStake !== undefined ? { minStake: patch.minStake } : {}),
        ...(patch.maxStake !== undefined ? { maxStake: patch.maxStake } : {}),
        ...(patch.maxPayout !== undefined ? { maxPayout: patch.maxPayout } : {}),
        ...(patch.maxMatchPayout !== undefined ? { maxMatchPayout: patch.maxMatchPayout } : {}),
        ...(patch.inplayDelayMs !== undefined ? { inplayDelayMs: patch.inplayDelayMs } : {}),
      });
      return settings();
    },

    /** Suspends (or reopens) a whole match or some of its markets, or sets its own margin. */
    async setSwitches(
      fixtureId: string,
      patch: { suspended?: boolean; suspendedMarkets?: string[]; margin?: number | null },
    ) {
      const f = await store.setFixtureSwitches(db, fixtureId, {
        ...(patch.suspended !== undefined ? { suspended: patch.suspended } : {}),
        ...(patch.suspendedMarkets !== undefined ? { suspendedMarkets: patch.suspendedMarkets } : {}),
        ...(patch.margin !== undefined ? { margin: patch.margin === null ? null : patch.margin.toFixed(4) } : {}),
      });
      if (!f) throw new VendorApiError('SPORTS_FIXTURE_NOT_FOUND', 404, 'There is no such match.', 'fixtureId');
      return f;
    },

    /** Sets (or corrects) a match's result: its legs are settled again and settled tickets paid by difference. */
    correctResult: (fixtureId: string, result: { final: Score; half: Score | null }) =>
      revise(fixtureId, result, now()),

    /** Cancels a match: every leg on it is void (a single refunds, a parlay goes on without it). */
    voidMatch: (fixtureId: string) => revise(fixtureId, null, now()),

    // The back office's views and hand settlement (decision 102), on the same pricing and settlement.
    ...sportsOperator({ db, now, fill, settings, stateOf, marketsOf, pricesOf, marginOf, fixtureView, revise }),
  };
}
export type SportsService = ReturnType<typeof sportsService>;
