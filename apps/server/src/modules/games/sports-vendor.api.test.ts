import { PLAY_MS } from '@portal/house-vendor/sports/match-engine.ts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { runOnTwoInstances } from '../../../test/two-instances.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { mainBalance, newPlayer, requestId, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { inProcessSports } from './in-process-vendors.ts';
import {
  afterFullTime,
  type Fixture,
  fixturePage,
  type Leg,
  type Market,
  openBook,
  placeTicket,
  priceOf,
  quietEvent,
  sportsApi,
  ticketCalls,
  upcomingFixtures,
} from './sports.test-helpers.ts';

/** The app's clock, moved by the tests (kick-offs, play, settlement and the wallet all read it). */
let nowMs = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000;
const clock = () => new Date(nowMs);
const t = useTestApp(() => startTestApp({}, undefined, { compose: { clock } }));
verifyLedgerAfterEach(() => t?.database.db);

const api = sportsApi;

async function moveTo(ms: number) {
  nowMs = ms;
  return t.app.jobs.tick(clock());
}

/** Runs the book's clock now (the job queue runs it only once its interval has passed). */
const runBook = () => t.services.games.sports.runBook(clock());

const open = (p: TestPlayer, gameCode?: string) => openBook(t, p, gameCode);
const upcoming = (sport?: string) => upcomingFixtures(t, sport);
const fixture = (id: string) => fixturePage(t, id);
const price = priceOf;
const place = (session: string, legs: Leg[], stake?: string, policy?: string, rid?: string) =>
  placeTicket(t, session, legs, stake, policy, rid);

/** Moves the clock past the end of a match and runs the book's clock. */
async function playOut(f: Fixture) {
  await moveTo(afterFullTime(f));
  return (await fixture(f.id)).result as { final: { home: number; away: number }; half: unknown } | null;
}

const seamlessCalls = (ticketId: string) => ticketCalls(t, ticketId);

const won1x2 = (sel: string, r: { home: number; away: number }) =>
  sel === 'H' ? r.home > r.away : sel === 'A' ? r.away > r.home : r.home === r.away;

describe('the sportsbook in the catalogue', () => {
  it('lists the sportsbook in the sports lane and the e-sports book in the e-sports lane, live, real money only', async () => {
    const list = (await t.app.inject({ url: '/api/games?vassalage=STRIKER&language=en' })).json().value.content;
    const byCode = Object.fromEntries(list.map((g: { gameCode: string }) => [g.gameCode, g]));
    expect(byCode['striker-sports']).toMatchObject({ gameType: 'SPORTS', status: 'LIVE', supportPlay: 1 });
    expect(byCode['striker-esports']).toMatchObject({ gameType: 'ESPORTS', status: 'LIVE', supportPlay: 1 });
  });

  it('offers sports and e-sports fixtures with priced main markets and every market on the match page', async () => {
    const book = (await t.app.inject({ url: api('book?group=esports') })).json().value;
    expect(book.sports.map((s: { sport: string }) => s.sport)).toEqual(['moba', 'shooter', 'cards']);
    const [f] = await upcoming();
    expect(f!.main!.id).toBe('FT:RESULT');
    const page = await fixture(f!.id);
    const ids = page.markets.map((m: Market) => m.id);
    expect(ids).toContain('FT:BTTS');
    expect(ids.filter((id: string) => id.startsWith('FT:HANDICAP'))).toHaveLength(5);
    expect(page.events).toEqual([]);
    expect(page.result).toBeNull();
  });
});

describe('placing and settling tickets', () => {
  it('charges a single once and pays it once when the match ends, by its odds and the final score', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    const session = await open(p);
    const [f] = await upcoming();
    const legs = ['H', 'D', 'A'].map((selection) => ({
      fixtureId: f!.id,
      marketId: 'FT:RESULT',
      selection,
      oddsBp: price(f!.main, selection),
    }));
    const tickets = [];
    for (const leg of legs) {
      const res = await place(session, [leg]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value.ticket).toMatchObject({
        status: 'OPEN',
        kind: 'SINGLE',
        stake: '10000',
        oddsBp: leg.oddsBp,
      });
      tickets.push(res.json().value.ticket.ticketId as string);
    }
    expect(await mainBalance(t, p.memberId)).toBe(70_000n);
    const result = await playOut(f!);
    expect(result).not.toBeNull();
    const winner = legs.find((l) => won1x2(l.selection, result!.final))!;
    expect(await mainBalance(t, p.memberId)).toBe(70_000n + (10_000n * BigInt(winner.oddsBp)) / 10_000n);
    const settled = (await t.app.inject({ url: api(`tickets?session=${session}&status=settled`) })).json().value
      .tickets;
    expect(settled.map((x: { status: string }) => x.status).sort()).toEqual(['LOST', 'LOST', 'WON']);
    expect(settled.find((x: { status: string }) => x.status === 'WON').legs[0]).toMatchObject({
      selection: winner.selection,
      outcome: 'WIN',
      score: result!.final,
    });
    for (const id of tickets) expect(await seamlessCalls(id)).toEqual({ BET: 1, WIN: 1 });
  });

  it('pays a parlay with a cancelled match as the other legs alone', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await open(p);
    const [a, b] = await upcoming();
    expect(b).toBeDefined();
    const legs = [a!, b!].map((f) => ({ fixtureId: f.id, marketId: 'FT:TOTAL:-1', selection: 'O', oddsBp: 0 }));
    // A line the match does not offer is refused; take the markets the page shows.
    expect((await place(session, [{ ...legs[0]!, oddsBp: 20_000 }])).json().code).toBe('SPORTS_MARKET_NOT_FOUND');
    const pageA = await fixture(a!.id);
    const btts = pageA.markets.find((m: Market) => m.id === 'FT:BTTS');
    const parlay = [
      { fixtureId: a!.id, marketId: 'FT:BTTS', selection: 'N', oddsBp: price(btts, 'N') },
      { fixtureId: b!.id, marketId: 'FT:RESULT', selection: 'D', oddsBp: price(b!.main, 'D') },
    ];
    const res = await place(session, parlay, '5000');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.ticket.kind).toBe('PARLAY');
    await t.services.games.sports.voidMatch(b!.id);
    const result = await playOut(a!);
    const bttsNo = !(result!.final.home > 0 && result!.final.away > 0);
    const expected = bttsNo ? (5_000n * BigInt(parlay[0]!.oddsBp)) / 10_000n : 0n;
    expect(await mainBalance(t, p.memberId)).toBe(45_000n + expected);
    const [ticket] = (await t.app.inject({ url: api(`tickets?session=${session}&status=settled`) })).json().value
      .tickets;
    expect(ticket.legs.map((l: { outcome: string }) => l.outcome)).toEqual([bttsNo ? 'WIN' : 'LOSE', 'VOID']);
  });

  it('refunds a single on a cancelled match', async () => {
    const p = await newPlayer(t, { balance: 20_000n });
    const session = await open(p);
    const [f] = await upcoming();
    const res = await place(session, [
      { fixtureId: f!.id, marketId: 'FT:RESULT', selection: 'H', oddsBp: price(f!.main, 'H') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await mainBalance(t, p.memberId)).toBe(10_000n);
    await t.services.games.sports.voidMatch(f!.id);
    await runBook();
    expect(await mainBalance(t, p.memberId)).toBe(20_000n);
    const [ticket] = (await t.app.inject({ url: api(`tickets?session=${session}&status=settled`) })).json().value
      .tickets;
    expect(ticket).toMatchObject({ status: 'REFUNDED', payout: '10000' });
  });
});

describe('refusals that charge nothing', () => {
  it('refuses a ticket while its match or market is suspended, and one after the odds moved outside the policy', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await open(p);
    const [f] = await upcoming();
    const leg = { fixtureId: f!.id, marketId: 'FT:RESULT', selection: 'H', oddsBp: price(f!.main, 'H') };
    await t.services.games.sports.setSwitches(f!.id, { suspended: true });
    const suspended = await place(session, [leg]);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json()).toMatchObject({ code: 'SPORTS_MARKET_SUSPENDED', field: 'body.legs.0' });
    expect((await fixture(f!.id)).fixture.main).toBeNull();
    await t.services.games.sports.setSwitches(f!.id, { suspended: false, suspendedMarkets: ['FT:RESULT'] });
    expect((await place(session, [leg])).json().code).toBe('SPORTS_MARKET_SUSPENDED');
    await t.services.games.sports.setSwitches(f!.id, { suspendedMarkets: [] });

    // The player saw better odds than the book now offers: ASK and HIGHER refuse, ANY takes the book's.
    const seen = { ...leg, oddsBp: leg.oddsBp + 500 };
    for (const policy of ['ASK', 'HIGHER']) {
      const moved = await place(session, [seen], '10000', policy);
      expect(moved.statusCode).toBe(409);
      expect(moved.json().code).toBe('SPORTS_ODDS_CHANGED');
    }
    expect(await mainBalance(t, p.memberId)).toBe(50_000n);
    const lower = await place(session, [{ ...leg, oddsBp: leg.oddsBp - 500 }], '10000', 'HIGHER');
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json().value.ticket.oddsBp).toBe(leg.oddsBp);
    expect((await place(session, [seen], '10000', 'ANY')).json().value.ticket.oddsBp).toBe(leg.oddsBp);
    expect(await mainBalance(t, p.memberId)).toBe(30_000n);
  });

  it('refuses two legs from one match, stakes out of limits and a match past its liability, charging nothing', async () => {
    const p = await newPlayer(t, { balance: 10_000_000n });
    const session = await open(p);
    const [f] = await upcoming();
    const h = { fixtureId: f!.id, marketId: 'FT:RESULT', selection: 'H', oddsBp: price(f!.main, 'H') };
    const d = { ...h, selection: 'D', oddsBp: price(f!.main, 'D') };
    expect((await place(session, [h, d])).json()).toMatchObject({ code: 'SPORTS_CORRELATED_LEGS', field: 'body.legs' });
    expect((await place(session, [h], '999')).json().code).toBe('SPORTS_STAKE_TOO_LOW');
    expect((await place(session, [h], '100000001')).json().code).toBe('SPORTS_STAKE_TOO_HIGH');
    // Room for one more ticket of 10 000 on this match, not two.
    const { liability } = (
      await sql<{ liability: string }>`
        SELECT coalesce(sum(t.potential), 0)::text AS liability FROM sb_leg l JOIN sb_ticket t ON t.id = l.ticket_id
        WHERE l.fixture_id = ${f!.id} AND t.status IN ('BETTING', 'PLACED', 'SETTLING')`.execute(t.database.db)
    ).rows[0]!;
    const one = (10_000n * BigInt(h.oddsBp)) / 10_000n;
    await t.services.games.sports.updateSettings({ maxMatchPayout: BigInt(liability) + one + one / 2n });
    try {
      expect((await place(session, [h], '10000')).statusCode).toBe(200);
      const over = await place(session, [h], '10000');
      expect(over.json().code).toBe('SPORTS_MATCH_LIMIT_REACHED');
    } finally {
      await t.services.games.sports.updateSettings({ maxMatchPayout: 5_000_000_000n });
    }
    expect(await mainBalance(t, p.memberId)).toBe(9_990_000n);
    const poor = await newPlayer(t, { balance: 500n });
    const poorSession = await open(poor);
    expect((await place(poorSession, [h], '1000')).json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(await mainBalance(t, poor.memberId)).toBe(500n);
  });

  it('answers the same requestId with the same ticket, charged once, even when sent five times at once', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await open(p);
    const [f] = await upcoming();
    const leg = { fixtureId: f!.id, marketId: 'FT:RESULT', selection: 'A', oddsBp: price(f!.main, 'A') };
    const rid = requestId();
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => place(session, [leg], '10000', 'ASK', rid)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().value.ticket.ticketId)).size).toBe(1);
    expect(await mainBalance(t, p.memberId)).toBe(40_000n);
  });
});

describe('settlement on many instances and corrections', () => {
  it('settles every ticket of a match once when several instances run the book at the same moment', async () => {
    const players = await Promise.all([0, 1, 2].map(() => newPlayer(t, { balance: 90_000n })));
    const [f] = await upcoming();
    for (const p of players) {
      const session = await open(p);
      for (const selection of ['H', 'D', 'A'])
        expect(
          (
            await place(session, [
              { fixtureId: f!.id, marketId: 'FT:RESULT', selection, oddsBp: price(f!.main, selection) },
            ])
          ).statusCode,
        ).toBe(200);
    }
    nowMs = Date.parse(f!.startsAt) + PLAY_MS.football + 120_000;
    const second = inProcessSports(t.database.db, t.services.games.registry, t.services.games.loopback.send, clock);
    await runOnTwoInstances(
      t,
      clock(),
      (at) => t.services.games.sports.runBook(at),
      (at) => second.runBook(at),
    );
    const result = (await fixture(f!.id)).result.final;
    const winner = ['H', 'D', 'A'].find((s) => won1x2(s, result))!;
    for (const p of players)
      expect(await mainBalance(t, p.memberId)).toBe(60_000n + (10_000n * BigInt(price(f!.main, winner))) / 10_000n);
    // Every charged ticket on the match got exactly one win call (0 for a lost one), whoever ran the book.
    const wins = await sql<{ tickets: number; wins: number; most: number }>`
      SELECT count(DISTINCT l.ticket_id)::int AS tickets, count(s.transaction_id)::int AS wins,
             coalesce(max(per.n), 0)::int AS most
      FROM sb_leg l
      JOIN sb_ticket tk ON tk.id = l.ticket_id AND tk.status <> 'VOID'
      LEFT JOIN seamless_transaction s ON s.vendor_id = 'STRIKER' AND s.action = 'WIN' AND s.round_id = l.ticket_id
      LEFT JOIN (SELECT round_id, count(*) AS n FROM seamless_transaction WHERE vendor_id = 'STRIKER' AND action = 'WIN'
                 GROUP BY round_id) per ON per.round_id = l.ticket_id
      WHERE l.fixture_id = ${f!.id}`.execute(t.database.db);
    expect(wins.rows[0]!.tickets).toBeGreaterThanOrEqual(9);
    expect(wins.rows[0]!.wins).toBe(wins.rows[0]!.tickets);
    expect(wins.rows[0]!.most).toBe(1);
  });

  it('corrects a result with compensating transfers only: the net moved is exactly the new payout less the old', async () => {
    const p = await newPlayer(t, { balance: 30_000n });
    const session = await open(p);
    const [f] = await upcoming();
    const oddsH = price(f!.main, 'H');
    const res = await place(session, [{ fixtureId: f!.id, marketId: 'FT:RESULT', selection: 'H', oddsBp: oddsH }]);
    const ticketId = res.json().value.ticket.ticketId as string;
    const result = await playOut(f!);
    const winH = (10_000n * BigInt(oddsH)) / 10_000n;
    const homeWon = result!.final.home > result!.final.away;
    expect(await mainBalance(t, p.memberId)).toBe(20_000n + (homeWon ? winH : 0n));

    // The operator turns the result round: a home win becomes an away win and the reverse.
    const flipped = homeWon ? { home: 0, away: 1 } : { home: 2, away: 0 };
    await t.services.games.sports.correctResult(f!.id, { final: flipped, half: { home: 0, away: 0 } });
    await runBook();
    expect(await mainBalance(t, p.memberId)).toBe(20_000n + (homeWon ? 0n : winH));
    // Corrected back to what the match played: the money follows again.
    await t.services.games.sports.correctResult(f!.id, result as never);
    await runBook();
    expect(await mainBalance(t, p.memberId)).toBe(20_000n + (homeWon ? winH : 0n));
    const calls = await seamlessCalls(ticketId);
    expect(calls.WIN).toBeGreaterThanOrEqual(2);
    const settled = (await t.app.inject({ url: api(`tickets?session=${session}&status=settled`) })).json().value
      .tickets;
    expect(settled[0]).toMatchObject({ status: homeWon ? 'WON' : 'LOST', payout: homeWon ? String(winH) : '0' });
  });
});

describe('in play', () => {
  it('holds an in-play ticket for the bet delay and refuses it when the market is suspended by then, charging nothing', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await open(p);
    const [f] = await upcoming();
    const found = await quietEvent(t, f!);
    expect(found).toBeDefined();
    const { start, event, quiet } = found!;
    await t.services.games.sports.updateSettings({ inplayDelayMs: 1_500 });
    try {
      nowMs = quiet;
      const page = await fixture(f!.id);
      expect(page.fixture.phase).toBe('LIVE');
      const result = page.markets.find((m: Market) => m.id === 'FT:RESULT');
      const leg = { fixtureId: f!.id, marketId: 'FT:RESULT', selection: 'H', oddsBp: price(result, 'H') };
      // The event comes during the delay: the ticket meets the suspension.
      const sent = Date.now();
      const pending = place(session, [leg], '10000', 'ANY');
      await new Promise((r) => setTimeout(r, 300));
      nowMs = start + event.atMs;
      const refused = await pending;
      expect(Date.now() - sent).toBeGreaterThanOrEqual(1_500);
      expect(refused.json()).toMatchObject({ code: 'SPORTS_MARKET_SUSPENDED' });
      expect(await mainBalance(t, p.memberId)).toBe(50_000n);
      // A quiet moment through the whole delay: taken at the price at its end.
      nowMs = quiet;
      const taken = await place(session, [leg], '10000', 'ANY');
      expect(taken.statusCode, taken.body).toBe(200);
      expect(await mainBalance(t, p.memberId)).toBe(40_000n);
    } finally {
      await t.services.games.sports.updateSettings({ inplayDelayMs: 0 });
    }
  });
});

describe('cash-out', () => {
  const quote = async (session: string, ticketId: string) =>
    t.app.inject({ url: api(`cashout?session=${session}&ticketId=${ticketId}`) });
  const cashOut = (session: string, ticketId: string, offer: string) =>
    t.app.inject({ method: 'POST', url: api('cashout'), payload: { session, ticketId, offer } });

  async function openTicket(p: TestPlayer, session: string) {
    const [a, b] = await upcoming();
    const res = await place(
      session,
      [a!, b!].map((f) => ({ fixtureId: f.id, marketId: 'FT:RESULT', selection: 'H', oddsBp: price(f.main, 'H') })),
    );
    expect(res.statusCode, res.body).toBe(200);
    return { a: a!, b: b!, ticket: res.json().value.ticket as { ticketId: string; cashOut: string | null } };
  }

  it('pays a parlay cashed out by five requests at once exactly once, and neither settlement nor a correction pays it again', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await open(p);
    const { a, b, ticket } = await openTicket(p, session);
    const q = await quote(session, ticket.ticketId);
    expect(q.statusCode, q.body).toBe(200);
    const offer = BigInt(q.json().value.offer);
    expect(ticket.cashOut).toBe(String(offer));
    // Before kick-off the offer is the fair value less 5 %: below the stake the book took its margin on.
    expect(offer).toBeGreaterThan(0n);
    expect(offer).toBeLessThan(10_000n);

    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => cashOut(session, ticket.ticketId, String(offer))));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200))
      expect(r.json()).toMatchObject({ code: 'SPORTS_TICKET_NOT_OPEN' });
    expect(ok[0]!.json().value.ticket).toMatchObject({ status: 'CASHED_OUT', payout: String(offer), cashOut: null });
    expect(ok[0]!.json().value.balance).toBe(String(40_000n + offer));
    expect(await mainBalance(t, p.memberId)).toBe(40_000n + offer);
    expect(await seamlessCalls(ticket.ticketId)).toEqual({ BET: 1, WIN: 1 });

    // Both matches end and one is corrected: the cashed-out ticket is skipped by both.
    await playOut(a);
    await playOut(b);
    const result = (await fixture(a.id)).result;
    await t.services.games.sports.correctResult(a.id, {
      final: { home: result.final.away + 3, away: result.final.home },
      half: result.half,
    });
    await runBook();
    expect(await mainBalance(t, p.memberId)).toBe(40_000n + offer);
    expect(await seamlessCalls(ticket.ticketId)).toEqual({ BET: 1, WIN: 1 });
    const settled = (await t.app.inject({ url: api(`tickets?session=${session}&status=settled`) })).json().value
      .tickets;
    expect(settled[0]).toMatchObject({ ticketId: ticket.ticketId, status: 'CASHED_OUT', payout: String(offer) });
  });

  it('refuses a cash-out while a leg is suspended, below a higher offer seen, and after settlement, moving nothing', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await open(p);
    const { a, b, ticket } = await openTicket(p, session);
    const offer = (await quote(session, ticket.ticketId)).json().value.offer as string;

    await t.services.games.sports.setSwitches(b.id, { suspendedMarkets: ['FT:RESULT'] });
    expect((await quote(session, ticket.ticketId)).json()).toMatchObject({ code: 'SPORTS_CASHOUT_SUSPENDED' });
    const suspended = await cashOut(session, ticket.ticketId, offer);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json()).toMatchObject({ code: 'SPORTS_CASHOUT_SUSPENDED', field: 'legs.1' });
    const [listed] = (await t.app.inject({ url: api(`tickets?session=${session}`) })).json().value.tickets;
    expect(listed).toMatchObject({ status: 'OPEN', cashOut: null });
    await t.services.games.sports.setSwitches(b.id, { suspendedMarkets: [] });

    // The player saw more than the book offers now: refused, naming the offer.
    const stale = await cashOut(session, ticket.ticketId, String(BigInt(offer) + 1n));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'SPORTS_CASHOUT_CHANGED', field: 'body.offer' });
    expect(await mainBalance(t, p.memberId)).toBe(40_000n);
    expect(await seamlessCalls(ticket.ticketId)).toEqual({ BET: 1 });

    // Another player's session cannot see or cash the ticket.
    const other = await open(await newPlayer(t, { balance: 1_000n }));
    expect((await cashOut(other, ticket.ticketId, offer)).json()).toMatchObject({ code: 'SPORTS_TICKET_NOT_FOUND' });

    await playOut(a);
    await playOut(b);
    const settled = await cashOut(session, ticket.ticketId, '1');
    expect(settled.statusCode).toBe(409);
    expect(settled.json().code).toBe('SPORTS_TICKET_NOT_OPEN');
    const paid = (await t.app.inject({ url: api(`tickets?session=${session}&status=settled`) })).json().value
      .tickets[0];
    expect(paid.status).not.toBe('CASHED_OUT');
    expect(await mainBalance(t, p.memberId)).toBe(40_000n + BigInt(paid.payout));
    expect(await seamlessCalls(ticket.ticketId)).toEqual({ BET: 1, WIN: 1 });
  });
});
