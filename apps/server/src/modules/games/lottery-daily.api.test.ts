import { createHash } from 'node:crypto';
import { drawResult, findLotteryGame } from '@portal/house-vendor/lottery/lottery-games.ts';
import { VN_ROTATION, loNumbers, vnDate } from '@portal/house-vendor/lottery/vn-lottery.ts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth-helpers.ts';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { mainBalance, newPlayer, requestId, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { inProcessLottery } from './in-process-vendors.ts';

/**
 * The daily draws of the lottery vendor (decision 092): the Vietnam lottery and the SEA draw. The
 * app's clock starts a week ahead at 10:00 Vietnam time (03:00 UTC), before any daily draw of the day.
 */
const DAY = 86_400_000;
const startOfDay = Math.floor(Date.now() / DAY) * DAY + 7 * DAY;
let nowMs = startOfDay + 3 * 3_600_000;
const clock = () => new Date(nowMs);
const t = useTestApp(() => startTestApp({}, undefined, { compose: { clock } }));
verifyLedgerAfterEach(() => t?.database.db);

const api = (url: string) => `/vendor/lottery/api/${url}`;
/** An instant of the test's day at a Vietnam wall-clock time (UTC+7). */
const vnAt = (hour: number, minute: number, days = 0) =>
  startOfDay + days * DAY + (hour - 7) * 3_600_000 + minute * 60_000;
const stamp = (days = 0) => vnDate(new Date(startOfDay + days * DAY + 3 * 3_600_000)).stamp;

async function moveTo(ms: number) {
  nowMs = ms;
  return t.app.jobs.tick(clock());
}

async function open(p: TestPlayer, gameCode: string): Promise<string> {
  const list = (await t.app.inject({ url: `/api/games?vassalage=LOTTO&pageSize=60` })).json().value.content;
  const node = list.find((g: { gameCode: string }) => g.gameCode === gameCode).nodeId;
  const launch = await t.app.inject({ url: `/api/games/launch?nodeId=${node}&mode=REAL`, headers: bearer(p.token) });
  expect(launch.statusCode, launch.body).toBe(200);
  const launchToken = new URLSearchParams(launch.json().value.url.split('#')[1]).get('t')!;
  const opened = await t.app.inject({ method: 'POST', url: api('session'), payload: { launchToken } });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().value.session;
}

const buy = (session: string, drawId: string, betType: string, selection: string, stake: string, rid = requestId()) =>
  t.app.inject({
    method: 'POST',
    url: api('tickets'),
    payload: { session, requestId: rid, drawId, betType, selection, stake },
  });

const drawOf = async (drawId: string) => (await t.app.inject({ url: api(`draw?drawId=${drawId}`) })).json().value;

/** The result a committed draw will have: the test reads the vendor's secret seed to bet on known numbers. */
async function comingResult(drawId: string, gameCode: string): Promise<number[]> {
  const row = await sql<{ seed: string }>`SELECT seed FROM lotto_draw WHERE id = ${drawId}`.execute(t.database.db);
  return drawResult(findLotteryGame(gameCode), row.rows[0]!.seed, drawId) as number[];
}

async function seamlessCalls(ticketId: string) {
  const rows = await sql<{ action: string; n: number }>`
    SELECT action, count(*)::int AS n FROM seamless_transaction
    WHERE vendor_id = 'LOTTO' AND round_id = ${ticketId} GROUP BY action ORDER BY action`.execute(t.database.db);
  return Object.fromEntries(rows.rows.map((r) => [r.action, r.n]));
}

const pad2 = (n: number) => String(n).padStart(2, '0');

describe('the Vietnam and SEA draws in the catalogue', () => {
  it('lists the northern, southern and central draws and the SEA draw in the lottery centre, each opening its own page', async () => {
    const list = (await t.app.inject({ url: '/api/games?vassalage=LOTTO&gameType=LOTT&language=en' })).json().value;
    expect(list.content.map((g: { gameCode: string }) => g.gameCode).sort()).toEqual([
      'lotto-sea',
      'lotto-vn-central',
      'lotto-vn-north',
      'lotto-vn-south',
    ]);
    const p = await newPlayer(t, { balance: 0n });
    for (const [code, page] of [
      ['lotto-vn-south', '/vnLottery'],
      ['lotto-sea', '/seaLottery'],
    ]) {
      const node = list.content.find((g: { gameCode: string }) => g.gameCode === code).nodeId;
      const launch = await t.app.inject({
        url: `/api/games/launch?nodeId=${node}&mode=REAL`,
        headers: bearer(p.token),
      });
      expect(launch.json().value.url).toMatch(new RegExp(`^${page}\\?gameCode=${code}#`));
    }
  });
});

describe('the Vietnam draws', () => {
  it("commits every province's draw of the day and of the next before betting opens, and draws each at its time with its full prize table", async () => {
    await moveTo(nowMs);
    const weekday = vnDate(clock()).weekday;
    const games = (await t.app.inject({ url: api('games') })).json().value.games;
    const south = games.find((g: { code: string }) => g.code === 'lotto-vn-south');
    const today = south.openDraws.filter((d: { drawId: string }) => d.drawId.endsWith(stamp()));
    expect(today.map((d: { market: string }) => d.market).sort()).toEqual([...VN_ROTATION.south[weekday]!].sort());
    for (const d of today) {
      expect(d).toMatchObject({
        status: 'OPEN',
        seed: null,
        result: null,
        closesAt: new Date(vnAt(16, 0)).toISOString(),
      });
      expect(d.drawsAt).toBe(new Date(vnAt(16, 15)).toISOString());
    }
    // Tomorrow's provinces are committed already: their commitments are public before their windows open.
    const tomorrow = south.openDraws.filter((d: { drawId: string }) => d.drawId.endsWith(stamp(1)));
    expect(tomorrow).toHaveLength(VN_ROTATION.south[(weekday + 1) % 7]!.length);
    expect(south.betTypes.find((b: { code: string }) => b.code === 'VN_LO')).toMatchObject({
      selections: [],
      pick: { count: 1, digits: 2, oddsBasisPoints: 52_700 },
      stakeUnit: '1800000',
      maxHits: 18,
    });

    await moveTo(vnAt(16, 16));
    for (const d of today) {
      const drawn = await drawOf(d.drawId);
      expect(['DRAWN', 'SETTLED']).toContain(drawn.status);
      expect(createHash('sha256').update(drawn.seed).digest('hex')).toBe(d.seedHash);
      expect(drawn.result).toHaveLength(18);
      expect(drawn.result).toEqual(drawResult(findLotteryGame('lotto-vn-south'), drawn.seed, d.drawId));
    }
    // The north draws at 18:15: still open.
    expect((await drawOf(`lotto-vn-north-${stamp()}`)).status).toBe('OPEN');
  });

  it('pays lô once per matching prize number, đề and 3 càng on the special prize and xiên when all its numbers come, each ticket once across two instances', async () => {
    const p = await newPlayer(t, { balance: 100_000_000n });
    const session = await open(p, 'lotto-vn-north');
    await moveTo(vnAt(17, 0));
    const drawId = `lotto-vn-north-${stamp()}`;
    const result = await comingResult(drawId, 'lotto-vn-north');
    const lo = loNumbers(result);
    const special = result[0]!;
    const hot = lo[1]!;
    const hits = lo.filter((x) => x === hot).length;
    const absent = Array.from({ length: 100 }, (_, i) => i).find((x) => !lo.includes(x))!;
    const other = lo.find((x) => x !== hot)!;
    const point = 2_700_000n;
    const tickets: [string, string, bigint, bigint][] = [
      // bet type, selection, stake, what it pays
      ['VN_LO', pad2(hot), 2n * point, (2n * point * 35_100n * BigInt(hits)) / 10_000n],
      ['VN_LO', pad2(absent), point, 0n],
      ['VN_DE', pad2(special % 100), 100_000n, 9_500_000n],
      ['VN_3CANG', String(special % 1000).padStart(3, '0'), 100_000n, 95_000_000n],
      [
        'VN_XIEN2',
        [hot, other]
          .sort((a, b) => a - b)
          .map(pad2)
          .join('-'),
        100_000n,
        -1n,
      ],
      [
        'VN_XIEN2',
        [hot, absent]
          .sort((a, b) => a - b)
          .map(pad2)
          .join('-'),
        100_000n,
        0n,
      ],
    ];
    const xienOdds = findLotteryGame('lotto-vn-north').family.betTypes.find((b) => b.code === 'VN_XIEN2')!;
    tickets[4]![3] = (100_000n * BigInt(xienOdds.oddsBasisPoints(''))) / 10_000n;
    const ids: string[] = [];
    let staked = 0n;
    for (const [type, sel, stake] of tickets) {
      const res = await buy(session, drawId, type, sel, stake.toString());
      expect(res.statusCode, `${type} ${sel}: ${res.body}`).toBe(200);
      ids.push(res.json().value.ticket.ticketId);
      staked += stake;
    }
    expect(await mainBalance(t, p.memberId)).toBe(100_000_000n - staked);

    nowMs = vnAt(18, 16);
    const second = inProcessLottery(t.database.db, t.services.games.registry, t.services.games.loopback.send, clock);
    await Promise.all([t.app.jobs.tick(clock()), second.runDraws(clock()), second.runDraws(clock())]);
    await t.services.games.lottery.runDraws(clock());
    expect((await drawOf(drawId)).result).toEqual(result);
    const won = tickets.reduce((sum, [, , , pays]) => sum + pays, 0n);
    expect(await mainBalance(t, p.memberId)).toBe(100_000_000n - staked + won);
    for (const id of ids) expect(await seamlessCalls(id)).toEqual({ BET: 1, WIN: 1 });
    const mine = (await t.app.inject({ url: api(`tickets?session=${session}`) })).json().value.tickets;
    expect(mine.filter((x: { status: string }) => x.status === 'WON')).toHaveLength(4);
  });

  it('refuses a southern ticket after its 16:00 cut-off and a lô stake that is not whole points, charging nothing', async () => {
    await moveTo(vnAt(10, 0, 1));
    const p = await newPlayer(t, { balance: 10_000_000n });
    const session = await open(p, 'lotto-vn-south');
    const province = VN_ROTATION.south[vnDate(clock()).weekday]![0]!;
    const drawId = `lotto-vn-south-${province}-${stamp(1)}`;
    const half = await buy(session, drawId, 'VN_LO', '07', '900000');
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ code: 'LOTTERY_STAKE_NOT_WHOLE_POINTS', field: 'body.stake' });
    const badPick = await buy(session, drawId, 'VN_XIEN2', '07-07', '100000');
    expect(badPick.json().code).toBe('INVALID_BET');
    nowMs = vnAt(16, 0, 1);
    const late = await buy(session, drawId, 'VN_DE', '07', '100000');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'LOTTERY_BETTING_CLOSED', field: 'body.drawId' });
    expect(await mainBalance(t, p.memberId)).toBe(10_000_000n);
    expect((await t.app.inject({ url: api(`tickets?session=${session}`) })).json().value.tickets).toEqual([]);
    await moveTo(vnAt(16, 16, 1));
  });

  it('holds the cap per number under 50 concurrent đề tickets on one number, charging only the tickets it takes', async () => {
    await moveTo(vnAt(10, 0, 2));
    const players = await Promise.all([0, 1, 2, 3, 4].map(() => newPlayer(t, { balance: 1_000_000_000n })));
    const sessions = await Promise.all(players.map((p) => open(p, 'lotto-vn-north')));
    const drawId = `lotto-vn-north-${stamp(2)}`;
    const game = findLotteryGame('lotto-vn-north');
    // ₩1,000,000 on đề 68 may pay ₩95,000,000: three fit under the ₩300,000,000 cap.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => buy(sessions[i % 5]!, drawId, 'VN_DE', '68', '100000000')),
    );
    const taken = answers.filter((a) => a.statusCode === 200);
    const fit = game.maxSelectionLiability / 9_500_000_000n;
    expect(BigInt(taken.length)).toBe(fit);
    for (const r of answers.filter((a) => a.statusCode !== 200))
      expect(r.json()).toMatchObject({ code: 'LOTTERY_SELECTION_LIMIT_REACHED', field: 'body.selection' });
    let charged = 0n;
    for (const p of players) charged += 1_000_000_000n - (await mainBalance(t, p.memberId));
    expect(charged).toBe(fit * 100_000_000n);
    // The same number as lô, and another đề number, are limits of their own.
    expect((await buy(sessions[0]!, drawId, 'VN_DE', '69', '100000000')).statusCode).toBe(200);
    expect((await buy(sessions[0]!, drawId, 'VN_LO', '68', '2700000')).statusCode).toBe(200);
    await moveTo(vnAt(18, 16, 2));
    expect((await drawOf(drawId)).status).toBe('SETTLED');
  });
});

describe('the SEA draw', () => {
  it('pays 2 top, 2 bottom, 3 top and a 3 tote in any order from the first prize and the bottom number', async () => {
    await moveTo(vnAt(10, 0, 3));
    const p = await newPlayer(t, { balance: 10_000_000n });
    const session = await open(p, 'lotto-sea');
    const drawId = `lotto-sea-${stamp(3)}`;
    const games = (await t.app.inject({ url: api('games') })).json().value.games;
    const sea = games.find((g: { code: string }) => g.code === 'lotto-sea');
    expect(sea.openDraws.map((d: { drawId: string }) => d.drawId)).toContain(drawId);
    const [first, bottom] = await comingResult(drawId, 'lotto-sea');
    const top3 = first! % 1000;
    const digits = String(top3).padStart(3, '0').split('');
    const tote = [...digits].sort().join('');
    const toteOrders = new Set(digits).size;
    const bets: [string, string][] = [
      ['SEA_2TOP', pad2(first! % 100)],
      ['SEA_2BOTTOM', pad2(bottom!)],
      ['SEA_3TOP', String(top3).padStart(3, '0')],
      ['SEA_2BOTTOM', pad2((bottom! + 1) % 100)],
    ];
    if (toteOrders > 1) bets.push(['SEA_3TOTE', tote]);
    for (const [type, sel] of bets) expect((await buy(session, drawId, type, sel, '100000')).statusCode).toBe(200);
    await moveTo(vnAt(16, 1, 3));
    expect((await drawOf(drawId)).result).toEqual([first, bottom]);
    const toteWin = toteOrders === 3 ? 15_833_000n : toteOrders === 2 ? 31_666_000n : 0n;
    const staked = BigInt(bets.length) * 100_000n;
    expect(await mainBalance(t, p.memberId)).toBe(10_000_000n - staked + 9_500_000n * 2n + 95_000_000n + toteWin);
  });
});

describe('the lottery calls of spec §7', () => {
  it('lists the games and odds tables each prize mode offers on the game menu', async () => {
    const menu = async (mode: string) =>
      (await t.app.inject({ url: `/api/games/menu?prizeMode=${mode}` })).json().value.lottery as {
        code: string;
        betTypes: { code: string }[];
      }[];
    expect((await menu('LOTT')).map((g) => g.code)).toEqual(['lotto-vn-north', 'lotto-vn-south', 'lotto-vn-central']);
    expect((await menu('SEA')).map((g) => g.code)).toEqual(['lotto-sea']);
    expect((await menu('ELOTT')).every((g) => /^lotto-(5d|k3|pk10)-/.test(g.code))).toBe(true);
    expect(await menu('ZY')).toHaveLength(13);
    expect((await menu('LOTT'))[0]!.betTypes.map((b) => b.code)).toEqual([
      'VN_LO',
      'VN_DE',
      'VN_3CANG',
      'VN_XIEN2',
      'VN_XIEN3',
      'VN_XIEN4',
    ]);
    expect((await t.app.inject({ url: '/api/games/menu' })).json().value.lottery).toBeUndefined();
  });

  it('opens the lottery lobby of an area or launches one of its games for a member, refusing what does not fit', async () => {
    const p = await newPlayer(t, { balance: 0n });
    const lobby = (query: string, token: string | null = p.token) =>
      t.app.inject({ url: `/api/lottery/lobby?${query}`, headers: token ? bearer(token) : {} });
    expect((await lobby('lottoArea=VN', null)).statusCode).toBe(401);
    const page = await lobby('lottoArea=VN&launchMode=LOTT&view=LOBBY&device=WEB&backUrl=/home&language=en');
    expect(page.json().value).toMatchObject({
      url: '/vnLottery',
      view: 'LOBBY',
      gameCode: null,
      backUrl: '/home',
      games: ['lotto-vn-north', 'lotto-vn-south', 'lotto-vn-central'],
    });
    const betting = await lobby('lottoArea=VN&launchMode=LOTT&prizeMode=LOTT&gameCode=lotto-vn-south&view=BETTING');
    expect(betting.statusCode, betting.body).toBe(200);
    expect(betting.json().value.url).toMatch(/^\/vnLottery\?gameCode=lotto-vn-south#t=/);
    const sea = await lobby('lottoArea=SEA&view=BETTING');
    expect(sea.json().value).toMatchObject({ gameCode: 'lotto-sea' });
    const wrongMode = await lobby('lottoArea=SEA&launchMode=ELOTT');
    expect(wrongMode.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'query.launchMode' });
    const otherArea = await lobby('lottoArea=VN&gameCode=lotto-sea&view=BETTING');
    expect(otherArea.json()).toMatchObject({ code: 'GAME_NOT_FOUND', field: 'query.gameCode' });
    expect((await lobby('lottoArea=VN&backUrl=//evil.example/')).statusCode).toBe(400);
    expect((await lobby('lottoArea=VN&backUrl=https://evil.example/')).statusCode).toBe(400);
  });

  it('answers the Vietnam menus, the numeros taking bets and the opened numeros with their prize tables', async () => {
    await moveTo(vnAt(12, 0, 3));
    const menus = (await t.app.inject({ url: '/api/lottery/vn/menus?prizeMode=LOTT&device=WEB' })).json().value;
    expect(menus.regions.map((r: { region: string; drawTime: string }) => `${r.region} ${r.drawTime}`)).toEqual([
      'north 18:15',
      'central 17:15',
      'south 16:15',
    ]);
    const south = menus.regions.find((r: { region: string }) => r.region === 'south');
    const weekday = vnDate(clock()).weekday;
    expect(south.draws.filter((d: { drawId: string }) => d.drawId.endsWith(stamp(3))).length).toBe(
      VN_ROTATION.south[weekday]!.length,
    );
    expect(south.draws[0].provinceName).toEqual(expect.any(String));
    expect((await t.app.inject({ url: '/api/lottery/vn/menus?prizeMode=SEA' })).json().value.regions).toEqual([]);

    const numero = (await t.app.inject({ url: '/api/lottery/vn/numero' })).json().value.draws;
    expect(numero.length).toBeGreaterThan(0);
    expect(numero.every((d: { status: string; seed: null }) => d.status === 'OPEN' && d.seed === null)).toBe(true);
    const times = numero.map((d: { drawsAt: string }) => d.drawsAt);
    expect(times).toEqual([...times].sort());

    const opened = (await t.app.inject({ url: '/api/lottery/vn/opened?limit=5' })).json().value.draws;
    expect(opened).toHaveLength(5);
    for (const d of opened) {
      expect(createHash('sha256').update(d.seed).digest('hex')).toBe(d.seedHash);
      expect(d.result).toEqual(drawResult(findLotteryGame(d.gameCode), d.seed, d.drawId));
    }
    const recent = (await t.app.inject({ url: '/api/lottery/recent' })).json().value.draws;
    expect(recent.map((d: { gameCode: string }) => d.gameCode)).toEqual(
      expect.arrayContaining(['lotto-vn-north', 'lotto-vn-south', 'lotto-vn-central', 'lotto-sea']),
    );
  });
});

describe('trend charts of the daily draws', () => {
  type Trends = {
    family: string;
    series: { drawId: string; result: number[]; sum: number }[];
    sums: { counts: number[] };
    positions: number[][];
    endings: { kind: string; counts: number[]; since: number[] }[];
  };
  const trendsOf = async (gameCode: string) => {
    const res = await t.app.inject({ url: api(`trends?gameCode=${gameCode}&draws=10`) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as Trends;
  };
  const tally = (numbers: number[]) => {
    const counts = new Array<number>(100).fill(0);
    for (const n of numbers) counts[n]! += 1;
    return counts;
  };

  it('answers the Vietnam lô endings of every prize number, the đề history and the draws since each number last came', async () => {
    await moveTo(vnAt(18, 20, 3));
    const north = await trendsOf('lotto-vn-north');
    expect(north.family).toBe('VN_NORTH');
    expect(north.series.length).toBeGreaterThanOrEqual(2);
    const newest = north.series[north.series.length - 1]!;
    expect(newest.result).toEqual((await drawOf(newest.drawId)).result);
    expect(newest.result).toHaveLength(27);
    const lo = north.endings.find((e) => e.kind === 'LO')!;
    const de = north.endings.find((e) => e.kind === 'DE')!;
    expect(lo.counts).toEqual(tally(north.series.flatMap((p) => loNumbers(p.result))));
    expect(de.counts).toEqual(tally(north.series.map((p) => p.result[0]! % 100)));
    expect(north.sums.counts).toEqual(de.counts);
    expect(north.series.map((p) => p.sum)).toEqual(north.series.map((p) => p.result[0]! % 100));
    for (const n of loNumbers(newest.result)) expect(lo.since[n]).toBe(0);
    lo.counts.forEach((count, n) => {
      if (count === 0) expect(lo.since[n]).toBe(north.series.length);
    });
    expect(north.positions.map((row) => row.reduce((a, b) => a + b, 0))).toEqual([
      north.series.length,
      north.series.length,
    ]);
  });

  it('answers the SEA draw’s 2 top and 2 bottom endings, and refuses a span out of 10–200', async () => {
    const sea = await trendsOf('lotto-sea');
    expect(sea.series.length).toBeGreaterThanOrEqual(1);
    expect(sea.endings.map((e) => e.kind)).toEqual(['TOP2', 'BOTTOM2']);
    expect(sea.endings[0]!.counts).toEqual(tally(sea.series.map((p) => p.result[0]! % 100)));
    expect(sea.endings[1]!.counts).toEqual(tally(sea.series.map((p) => p.result[1]!)));
    const res = await t.app.inject({ url: api('trends?gameCode=lotto-vn-south&draws=201') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field: 'querystring.draws' });
  });
});
