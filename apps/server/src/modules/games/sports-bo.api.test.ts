import { describe, expect, it } from 'vitest';
import { auditTrail, staffGet, staffPost, type StaffClient, useStaffTeam } from '../../../test/staff-helpers.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { mainBalance, newPlayer } from '../wallet/cashier.test-helpers.ts';
import {
  afterFullTime,
  type Fixture,
  fixturePage,
  type Leg,
  type Market,
  openBook,
  placeTicket,
  priceOf,
  ticketCalls,
  upcomingFixtures,
} from './sports.test-helpers.ts';

/** The app's clock, moved by the tests (kick-offs, play, settlement, staff codes and the wallet read it). */
let nowMs = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000;
const clock = () => new Date(nowMs);
// Matches are played out by moving the clock: the staff sessions outlive the story's hours.
const t = useTestApp(() =>
  startTestApp({ RATE_LIMIT_SCALE: '100', BO_SESSION_IDLE_MINUTES: '1440' }, undefined, { compose: { clock } }),
);

const staff = useStaffTeam(t, ['support', 'risk', 'content'], clock);

const runBook = () => t.services.games.sports.runBook(clock());
const bo = {
  fixtures: (who: StaffClient, query: string) => staffGet(t, who, `/api/bo/sports/fixtures?${query}`),
  fixture: async (id: string, who = staff.owner) => {
    const res = await staffGet(t, who, `/api/bo/sports/fixture?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  },
  suspend: (body: { fixtureId: string; marketId?: string; suspended: boolean }, who = staff.owner) =>
    staffPost(t, who, '/api/bo/sports/fixture/suspend', { reason: 'Team news pending', ...body }),
  settle: (
    body: { fixtureId: string; revision: number; final: object; half: object | null; reason?: string },
    who = staff.owner,
  ) => staffPost(t, who, '/api/bo/sports/fixture/result', { reason: 'Official result from the league', ...body }),
  void: (fixtureId: string, revision: number, who = staff.owner) =>
    staffPost(t, who, '/api/bo/sports/fixture/void', { fixtureId, revision, reason: 'Match abandoned: floodlights' }),
  saveSettings: (body: object, who = staff.owner) =>
    t.app.inject({ method: 'PUT', url: '/api/bo/sports/settings', headers: who.headers, payload: body }),
};

/** Upcoming football fixtures nobody has bet on yet (earlier tests share the book). */
async function fresh(n: number): Promise<Fixture[]> {
  const out: Fixture[] = [];
  for (const f of await upcomingFixtures(t)) {
    if ((await bo.fixture(f.id)).fixture.tickets === 0) out.push(f);
    if (out.length === n) return out;
  }
  throw new Error('not enough fresh fixtures');
}

const leg = (f: Fixture, selection: string, marketId = 'FT:RESULT', market: Market | null = f.main): Leg => ({
  fixtureId: f.id,
  marketId,
  selection,
  oddsBp: priceOf(market, selection),
});
const returnOf = (stake: bigint, ...odds: number[]) =>
  odds.reduce((r, o) => r * BigInt(o), stake) / 10_000n ** BigInt(odds.length);

describe('who may use the sportsbook screen', () => {
  it('lets support and risk look, risk suspend, and only owners and admins settle and set limits', async () => {
    const [f] = await fresh(1);
    expect((await bo.fixtures(staff.content, 'state=UPCOMING')).json()).toMatchObject({ code: 'STAFF_FORBIDDEN' });
    expect((await bo.fixtures(staff.support, 'state=UPCOMING')).statusCode).toBe(200);
    expect((await bo.suspend({ fixtureId: f!.id, suspended: true }, staff.support)).statusCode).toBe(403);
    expect((await bo.settle({ fixtureId: f!.id, revision: 0, final: {}, half: null }, staff.risk)).statusCode).toBe(
      403,
    );
    expect((await bo.void(f!.id, 0, staff.risk)).statusCode).toBe(403);
    expect((await bo.saveSettings({}, staff.risk)).statusCode).toBe(403);
    const byRisk = await bo.suspend({ fixtureId: f!.id, suspended: true }, staff.risk);
    expect(byRisk.statusCode, byRisk.body).toBe(200);
    expect(byRisk.json().value.fixture).toMatchObject({ operatorSuspended: true, suspended: true });
    expect((await bo.suspend({ fixtureId: f!.id, suspended: false }, staff.risk)).statusCode).toBe(200);
    expect(await bo.fixture(f!.id, staff.support)).toMatchObject({
      fixture: { status: 'OPEN', operatorSuspended: false },
    });
  });
});

describe('suspending from the back office', () => {
  it('refuses a ticket on a suspended market and charges nothing, keeps the match’s other markets open, and reopens it; audited', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await openBook(t, p);
    const [f] = await fresh(1);
    const page = await fixturePage(t, f!.id);
    const btts = page.markets.find((m: Market) => m.id === 'FT:BTTS');

    const res = await bo.suspend({ fixtureId: f!.id, marketId: 'FT:RESULT', suspended: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.fixture.suspendedMarkets).toEqual(['FT:RESULT']);
    const detail = await bo.fixture(f!.id);
    expect(detail.markets.find((m: { id: string }) => m.id === 'FT:RESULT')).toMatchObject({
      suspended: true,
      operatorSuspended: true,
    });
    expect(detail.markets.find((m: { id: string }) => m.id === 'FT:BTTS')).toMatchObject({ suspended: false });

    const refused = await placeTicket(t, session, [leg(f!, 'H')]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SPORTS_MARKET_SUSPENDED', field: 'body.legs.0' });
    expect(await mainBalance(t, p.memberId)).toBe(50_000n);
    expect((await placeTicket(t, session, [leg(f!, 'Y', 'FT:BTTS', btts)])).statusCode).toBe(200);
    expect(await mainBalance(t, p.memberId)).toBe(40_000n);

    // The whole match: every market refuses; reopened, the first market takes bets again.
    expect((await bo.suspend({ fixtureId: f!.id, suspended: true })).statusCode).toBe(200);
    expect((await placeTicket(t, session, [leg(f!, 'N', 'FT:BTTS', btts)])).json().code).toBe(
      'SPORTS_MARKET_SUSPENDED',
    );
    expect((await bo.suspend({ fixtureId: f!.id, suspended: false })).statusCode).toBe(200);
    expect((await bo.suspend({ fixtureId: f!.id, marketId: 'FT:RESULT', suspended: false })).statusCode).toBe(200);
    expect((await placeTicket(t, session, [leg(f!, 'H')])).statusCode).toBe(200);
    expect(await mainBalance(t, p.memberId)).toBe(30_000n);

    const unknown = await bo.suspend({ fixtureId: f!.id, marketId: 'FT:TOTAL:-9', suspended: true });
    expect(unknown.json()).toMatchObject({ code: 'SPORTS_MARKET_NOT_FOUND', field: 'body.marketId' });
    const trail = await auditTrail(t, `sb_fixture:${f!.id}:FT:RESULT`);
    expect(trail.map((a) => [a.actor, a.action])).toEqual([
      ['owner', 'sports.suspend'],
      ['owner', 'sports.resume'],
    ]);
    expect(trail[0]!.after).toMatchObject({ suspendedMarkets: ['FT:RESULT'], reason: 'Team news pending' });
  });
});

describe('exposure per match', () => {
  it('shows the stakes held, the liability and the worst case per match and per selection, as computed by hand', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    const session = await openBook(t, p);
    const [f, g] = await fresh(2);
    const stakes = { H: 10_000n, D: 20_000n, A: 5_000n };
    const pays: Record<string, bigint> = {};
    for (const [sel, stake] of Object.entries(stakes)) {
      const l = leg(f!, sel);
      expect((await placeTicket(t, session, [l], String(stake))).statusCode).toBe(200);
      pays[sel] = returnOf(stake, l.oddsBp);
    }
    // A parlay: both teams score in f, and g's home side wins.
    const btts = (await fixturePage(t, f!.id)).markets.find((m: Market) => m.id === 'FT:BTTS');
    const parlay = [leg(f!, 'Y', 'FT:BTTS', btts), leg(g!, 'H')];
    expect((await placeTicket(t, session, parlay, '4000')).statusCode).toBe(200);
    const parlayPays = returnOf(4_000n, parlay[0]!.oddsBp, parlay[1]!.oddsBp);

    const view = (await bo.fixture(f!.id)).fixture;
    // Every result of f (1-1, 2-1 or 1-2) can come with both sides scoring: the worst is the largest
    // 1X2 payout plus the parlay's.
    const worst = Object.entries(pays).sort((a, b) => (a[1] > b[1] ? -1 : 1))[0]!;
    expect(view).toMatchObject({
      tickets: 4,
      stakes: '39000',
      liability: String(pays.H! + pays.D! + pays.A! + parlayPays),
      exposure: String(worst[1] + parlayPays),
    });
    const ws = view.worstScore as { home: number; away: number };
    expect(ws.home > 0 && ws.away > 0).toBe(true);
    expect(Math.sign(ws.home - ws.away)).toBe({ H: 1, D: 0, A: -1 }[worst[0]]);
    expect((await bo.fixture(f!.id)).selections).toEqual([
      { marketId: 'FT:BTTS', selection: 'Y', tickets: 1, stake: '4000', potential: String(parlayPays) },
      { marketId: 'FT:RESULT', selection: 'A', tickets: 1, stake: '5000', potential: String(pays.A) },
      { marketId: 'FT:RESULT', selection: 'D', tickets: 1, stake: '20000', potential: String(pays.D) },
      { marketId: 'FT:RESULT', selection: 'H', tickets: 1, stake: '10000', potential: String(pays.H) },
    ]);
    // g holds only the parlay: its worst case is the parlay paying in full.
    expect((await bo.fixture(g!.id)).fixture).toMatchObject({ tickets: 1, exposure: String(parlayPays) });

    const list = await bo.fixtures(staff.support, `sport=football&state=UPCOMING&withBets=true&pageSize=200`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().value.fixtures as { id: string; exposure: string; status: string }[];
    expect(rows.find((r) => r.id === f!.id)).toMatchObject({ exposure: view.exposure, stakes: '39000' });
    expect(rows.every((r) => r.status === 'OPEN')).toBe(true);
    const paged = (await bo.fixtures(staff.support, 'sport=football&state=UPCOMING&pageSize=2&page=1')).json().value;
    expect(paged.fixtures).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(4);
    const bad = await bo.fixtures(staff.support, 'state=LATER');
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('results by hand', () => {
  it('settles a stuck match by hand, refusing one before kick-off and an impossible score, and pays its tickets once', async () => {
    const p = await newPlayer(t, { balance: 30_000n });
    const session = await openBook(t, p);
    const [f, later] = await fresh(2);
    const h = leg(f!, 'H');
    const res = await placeTicket(t, session, [h]);
    const ticketId = res.json().value.ticket.ticketId as string;
    const early = await bo.settle({
      fixtureId: later!.id,
      revision: 0,
      final: { home: 1, away: 0 },
      half: { home: 0, away: 0 },
    });
    expect(early.json()).toMatchObject({ code: 'SPORTS_MATCH_NOT_STARTED' });

    // Past full time, and the book has not settled it (its clock did not run): stuck.
    nowMs = afterFullTime(f!);
    expect((await bo.fixture(f!.id)).fixture).toMatchObject({ status: 'OPEN', phase: 'ENDED', result: null });
    const before = await bo.fixture(f!.id);
    for (const [final, half, field] of [
      [{ home: 2, away: 1 }, { home: 3, away: 0 }, 'body.half'],
      [{ home: 2, away: 1 }, null, 'body.half'],
    ] as const) {
      const bad = await bo.settle({ fixtureId: f!.id, revision: 0, final, half });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'SPORTS_SCORE_INVALID', field });
    }
    expect(await bo.fixture(f!.id)).toEqual(before);

    const settled = await bo.settle({
      fixtureId: f!.id,
      revision: 0,
      final: { home: 3, away: 1 },
      half: { home: 1, away: 1 },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().value).toMatchObject({
      tickets: 1,
      fixture: {
        status: 'SETTLED',
        result: { final: { home: 3, away: 1 }, half: { home: 1, away: 1 }, revision: 1 },
        resultBy: 'owner',
        resultReason: 'Official result from the league',
        exposure: null,
      },
    });
    await runBook();
    await runBook();
    expect(await mainBalance(t, p.memberId)).toBe(20_000n + returnOf(10_000n, h.oddsBp));
    expect(await ticketCalls(t, ticketId)).toEqual({ BET: 1, WIN: 1 });
    expect((await auditTrail(t, `sb_fixture:${f!.id}`)).map((a) => a.action)).toEqual(['sports.settle']);
  });

  it('voids a match: a single on it refunds, a parlay counts its leg as 1; voiding again is refused; audited with the reason', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await openBook(t, p);
    const [a, b] = await fresh(2);
    const single = await placeTicket(t, session, [leg(b!, 'A')], '10000');
    expect(single.statusCode).toBe(200);
    const parlay = [leg(a!, 'H'), leg(b!, 'D')];
    expect((await placeTicket(t, session, parlay, '5000')).statusCode).toBe(200);
    expect(await mainBalance(t, p.memberId)).toBe(35_000n);

    const voided = await bo.void(b!.id, 0);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().value).toMatchObject({ tickets: 2, fixture: { status: 'VOID', phase: 'VOID' } });
    expect((await bo.void(b!.id, 1)).json()).toMatchObject({ code: 'SPORTS_RESULT_UNCHANGED' });
    await runBook();
    expect(await mainBalance(t, p.memberId)).toBe(45_000n);

    nowMs = afterFullTime(a!);
    await t.app.jobs.tick(clock());
    await runBook();
    const result = (await fixturePage(t, a!.id)).result.final as { home: number; away: number };
    const homeWon = result.home > result.away;
    expect(await mainBalance(t, p.memberId)).toBe(45_000n + (homeWon ? returnOf(5_000n, parlay[0]!.oddsBp) : 0n));
    expect(await auditTrail(t, `sb_fixture:${b!.id}`)).toEqual([
      {
        actor: 'owner',
        action: 'sports.void',
        before: { status: 'OPEN', result: null, revision: 0 },
        after: { status: 'VOID', reason: 'Match abandoned: floodlights', tickets: 2 },
      },
    ]);
  });

  it('corrects a result with compensating transfers that net exactly, once, when two corrections are sent at once', async () => {
    const p = await newPlayer(t, { balance: 30_000n });
    const session = await openBook(t, p);
    const [f] = await fresh(1);
    const h = leg(f!, 'H');
    const ticketId = (await placeTicket(t, session, [h])).json().value.ticket.ticketId as string;
    nowMs = afterFullTime(f!);
    await runBook();
    await runBook();
    const played = (await bo.fixture(f!.id)).fixture.result as { final: { home: number; away: number } };
    const homeWon = played.final.home > played.final.away;
    const win = returnOf(10_000n, h.oddsBp);
    expect(await mainBalance(t, p.memberId)).toBe(20_000n + (homeWon ? win : 0n));

    // Two staff send the same correction at once from the revision they both saw: one applies.
    const flipped = homeWon
      ? { final: { home: 0, away: 1 }, half: { home: 0, away: 0 } }
      : { final: { home: 2, away: 0 }, half: { home: 1, away: 0 } };
    const answers = await Promise.all([0, 1].map(() => bo.settle({ fixtureId: f!.id, revision: 0, ...flipped })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      code: 'SPORTS_RESULT_CHANGED',
      field: 'body.revision',
    });
    expect((await bo.settle({ fixtureId: f!.id, revision: 1, ...flipped })).json().code).toBe(
      'SPORTS_RESULT_UNCHANGED',
    );
    await runBook();
    await runBook();
    expect(await mainBalance(t, p.memberId)).toBe(20_000n + (homeWon ? 0n : win));
    // Only compensating transfers: the first win stands, one adjustment moves the difference.
    const calls = await ticketCalls(t, ticketId);
    expect(calls).toEqual(homeWon ? { BET: 2, WIN: 1 } : { BET: 1, WIN: 2 });
    const trail = await auditTrail(t, `sb_fixture:${f!.id}`);
    expect(trail.map((a) => a.action)).toEqual(['sports.correct']);
    expect(trail[0]!.after).toMatchObject({ status: 'SETTLED', result: { ...flipped, revision: 1 } });
  });
  it('releases a match’s liability as its tickets are paid, and a parlay lost on another match frees room under its limit at once', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    const session = await openBook(t, p);
    const [g] = await fresh(1);
    // f kicks off after g is over: g's result settles the parlay while f still takes bets.
    const f = (await upcomingFixtures(t)).find((x) => Date.parse(x.startsAt) > afterFullTime(g!))!;
    const base = BigInt((await bo.fixture(f.id)).fixture.liability);
    const parlay = [leg(g!, 'H'), leg(f, 'H')];
    expect((await placeTicket(t, session, parlay, '4000')).statusCode).toBe(200);
    const onG = leg(g!, 'A');
    expect((await placeTicket(t, session, [onG], '10000')).statusCode).toBe(200);
    const parlayPays = returnOf(4_000n, parlay[0]!.oddsBp, parlay[1]!.oddsBp);
    expect(BigInt((await bo.fixture(f.id)).fixture.liability)).toBe(base + parlayPays);

    // f's limit leaves room for a single returning `pays` only once the parlay no longer counts on f.
    const single = leg(f, 'D');
    const pays = returnOf(10_000n, single.oddsBp);
    await t.services.games.sports.updateSettings({ maxMatchPayout: base + pays });
    try {
      expect((await placeTicket(t, session, [single], '10000')).json().code).toBe('SPORTS_MATCH_LIMIT_REACHED');
      nowMs = afterFullTime(g!);
      const lost = await bo.settle({
        fixtureId: g!.id,
        revision: 0,
        final: { home: 0, away: 1 },
        half: { home: 0, away: 0 },
      });
      expect(lost.statusCode, lost.body).toBe(200);
      // The parlay lost its leg on g: it can pay nothing, on g or on f. g still owes its single until paid.
      expect((await bo.fixture(g!.id)).fixture.liability).toBe(String(returnOf(10_000n, onG.oddsBp)));
      expect(BigInt((await bo.fixture(f.id)).fixture.liability)).toBe(base);
      await runBook();
      // Paid: nothing owed on g; the lost parlay stays open until f is played.
      expect((await bo.fixture(g!.id)).fixture).toMatchObject({ status: 'SETTLED', tickets: 1, liability: '0' });
      expect((await placeTicket(t, session, [single], '10000')).statusCode).toBe(200);
      expect(BigInt((await bo.fixture(f.id)).fixture.liability)).toBe(base + pays);
    } finally {
      await t.services.games.sports.updateSettings({ maxMatchPayout: 5_000_000_000n });
    }
    expect(await mainBalance(t, p.memberId)).toBe(100_000n - 24_000n + returnOf(10_000n, onG.oddsBp));
  });
});

describe('margins and limits', () => {
  const valid = {
    margin: 0.05,
    sportMargins: {},
    minStake: '1000',
    maxStake: '100000000',
    maxPayout: '1000000000',
    maxMatchPayout: '5000000000',
    inplayDelayMs: 0,
    reason: 'Weekly risk review',
  };

  it('refuses margins out of range, limits out of order and a delay too long, changing nothing', async () => {
    const before = (await staffGet(t, staff.support, '/api/bo/sports/settings')).json().value;
    for (const [patch, code, field] of [
      [{ margin: 0.31 }, 'SPORTS_MARGIN_OUT_OF_RANGE', 'body.margin'],
      [{ sportMargins: { tennis: -0.01 } }, 'SPORTS_MARGIN_OUT_OF_RANGE', 'body.sportMargins.tennis'],
      [{ minStake: '0' }, 'SPORTS_LIMITS_OUT_OF_ORDER', 'body.minStake'],
      [{ minStake: '200000000' }, 'SPORTS_LIMITS_OUT_OF_ORDER', 'body.maxStake'],
      [{ maxPayout: '6000000000' }, 'SPORTS_LIMITS_OUT_OF_ORDER', 'body.maxMatchPayout'],
      [{ inplayDelayMs: 30_001 }, 'SPORTS_DELAY_OUT_OF_RANGE', 'body.inplayDelayMs'],
      [{ reason: 'x' }, 'VALIDATION_FAILED', undefined],
      [{ minStake: '1.5' }, 'VALIDATION_FAILED', undefined],
    ] as const) {
      const res = await bo.saveSettings({ ...valid, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json()).toMatchObject({ code, ...(field ? { field } : {}) });
    }
    expect((await staffGet(t, staff.support, '/api/bo/sports/settings')).json().value).toEqual(before);
    expect(await auditTrail(t, 'sb_setting:1')).toEqual([]);
  });

  it('saves margins and limits that the book applies at once, audited with the reason', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await openBook(t, p);
    const [f] = await fresh(1);
    const [ball] = await upcomingFixtures(t, 'basketball');
    const oddsBefore = { f: priceOf(f!.main, 'H'), ball: priceOf(ball!.main, 'H') };
    try {
      const saved = await bo.saveSettings({ ...valid, sportMargins: { football: 0.12 }, minStake: '2000' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().value).toMatchObject({ sportMargins: { football: 0.12 }, minStake: '2000' });
      // Football takes its own, larger margin; basketball keeps the book's.
      expect(priceOf((await fixturePage(t, f!.id)).markets[0], 'H')).toBeLessThan(oddsBefore.f);
      expect(priceOf((await fixturePage(t, ball!.id)).markets[0], 'H')).toBe(oddsBefore.ball);
      const low = await placeTicket(
        t,
        session,
        [{ ...leg(f!, 'H'), oddsBp: priceOf((await fixturePage(t, f!.id)).markets[0], 'H') }],
        '1000',
      );
      expect(low.json()).toMatchObject({ code: 'SPORTS_STAKE_TOO_LOW' });
      expect(await mainBalance(t, p.memberId)).toBe(50_000n);
      const [entry] = await auditTrail(t, 'sb_setting:1');
      expect(entry).toMatchObject({
        actor: 'owner',
        action: 'sports.settings',
        before: { sportMargins: {}, minStake: '1000' },
        after: { sportMargins: { football: 0.12 }, minStake: '2000', reason: 'Weekly risk review' },
      });
    } finally {
      expect((await bo.saveSettings(valid)).statusCode).toBe(200);
    }
  });
});
