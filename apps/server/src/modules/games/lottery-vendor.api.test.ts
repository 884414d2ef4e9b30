import { createHash } from 'node:crypto';
import { findLotteryGame, drawResult } from '@portal/house-vendor/lottery/lottery-games.ts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth-helpers.ts';
import { auditTrail, staffGet, staffPost, staffTeam, type StaffClient } from '../../../test/staff-helpers.ts';
import { startTestApp } from '../../../test/test-app.ts';
import { runOnTwoInstances } from '../../../test/two-instances.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { mainBalance, newPlayer, requestId, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { inProcessLottery } from './in-process-vendors.ts';

/** The app's clock, moved by the tests (the draws, the cut-off and the wallet all read it). */
let nowMs = Math.floor(Date.now() / 60_000) * 60_000 + 5_000;
const clock = () => new Date(nowMs);
const t = useTestApp(() => startTestApp({}, undefined, { compose: { clock } }));

const GAME = 'lotto-5d-1m';
const api = (url: string) => `/vendor/lottery/api/${url}`;

/** Moves the clock and runs the job queue once at the new time, as the dev clock call does. */
async function moveTo(ms: number) {
  nowMs = ms;
  return t.app.jobs.tick(clock());
}

async function nodeOf(gameCode: string): Promise<number> {
  const list = (await t.app.inject({ url: `/api/games?vassalage=LOTTO&pageSize=60` })).json().value.content;
  const game = list.find((g: { gameCode: string }) => g.gameCode === gameCode);
  if (!game) throw new Error(`${gameCode} is not in the catalogue`);
  return game.nodeId;
}

/** Launches the game as the player and opens the vendor session from the launch URL's fragment. */
async function open(p: TestPlayer, gameCode = GAME): Promise<string> {
  const launch = await t.app.inject({
    url: `/api/games/launch?nodeId=${await nodeOf(gameCode)}&mode=REAL`,
    headers: bearer(p.token),
  });
  expect(launch.statusCode, launch.body).toBe(200);
  const url: string = launch.json().value.url;
  expect(url).toMatch(new RegExp(`^/lottery\\?gameCode=${gameCode}#`));
  const launchToken = new URLSearchParams(url.split('#')[1]).get('t')!;
  const opened = await t.app.inject({ method: 'POST', url: api('session'), payload: { launchToken } });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().value.session;
}

/** Moves the clock to one second into the next 1-minute draw's betting window: every test starts with 49 s to bet. */
async function bettingDraw(gameCode = GAME) {
  await moveTo(Math.floor(nowMs / 60_000) * 60_000 + 61_000);
  return currentDraw(gameCode);
}

async function currentDraw(gameCode = GAME) {
  const games = (await t.app.inject({ url: api('games') })).json().value.games;
  return games.find((g: { code: string }) => g.code === gameCode).current as {
    drawId: string;
    closesAt: string;
    drawsAt: string;
    seedHash: string;
    seed: string | null;
  };
}

const buy = (session: string, drawId: string, betType: string, selection: string, stake = '1000', rid = requestId()) =>
  t.app.inject({
    method: 'POST',
    url: api('tickets'),
    payload: { session, requestId: rid, drawId, betType, selection, stake },
  });

const drawOf = async (drawId: string) => (await t.app.inject({ url: api(`draw?drawId=${drawId}`) })).json().value;

/** The operator's seamless records of one ticket: its bet and its win, each applied once. */
async function seamlessCalls(ticketId: string) {
  const rows = await sql<{ action: string; n: number }>`
    SELECT action, count(*)::int AS n FROM seamless_transaction
    WHERE vendor_id = 'LOTTO' AND round_id = ${ticketId} GROUP BY action ORDER BY action`.execute(t.database.db);
  return Object.fromEntries(rows.rows.map((r) => [r.action, r.n]));
}

describe('the lottery vendor in the catalogue', () => {
  it('lists the five-digit, three-dice and ten-car fast draws every 1, 3 and 5 minutes in the lottery lane, real money only', async () => {
    const list = (await t.app.inject({ url: '/api/games?vassalage=LOTTO&gameType=ELOTT&language=en' })).json().value;
    expect(list.content.map((g: { gameCode: string }) => g.gameCode).sort()).toEqual([
      'lotto-5d-1m',
      'lotto-5d-3m',
      'lotto-5d-5m',
      'lotto-k3-1m',
      'lotto-k3-3m',
      'lotto-k3-5m',
      'lotto-pk10-1m',
      'lotto-pk10-3m',
      'lotto-pk10-5m',
    ]);
    expect(list.content[0]).toMatchObject({ gameType: 'ELOTT', status: 'LIVE', supportPlay: 1 });
  });
});

describe('draws anyone can verify', () => {
  it('commits sha256(seed) before betting opens, then reveals a seed whose documented function is the result', async () => {
    await moveTo(nowMs);
    const current = await currentDraw();
    expect(current.seed).toBeNull();
    // The next draw is already committed, before its window opens.
    const game = findLotteryGame(GAME);
    const nextId = `${GAME}-${new Date(Date.parse(current.drawsAt) + game.intervalMs)
      .toISOString()
      .replace(/[-:T]/g, '')
      .slice(0, 12)}`;
    const next = await drawOf(nextId);
    expect(next).toMatchObject({ status: 'OPEN', seed: null, result: null, opensAt: current.drawsAt });

    await moveTo(Date.parse(current.drawsAt) + 1_000);
    const drawn = await drawOf(current.drawId);
    expect(['DRAWN', 'SETTLED']).toContain(drawn.status);
    expect(createHash('sha256').update(drawn.seed).digest('hex')).toBe(current.seedHash);
    expect(drawn.result).toEqual(drawResult(game, drawn.seed, current.drawId));
    expect(drawn.seedHash).toBe(current.seedHash);

    // Running the clock again draws nothing twice: the stored result stands.
    await moveTo(nowMs + 2_000);
    expect((await drawOf(current.drawId)).result).toEqual(drawn.result);
  });

  it('answers an unknown draw with LOTTERY_DRAW_NOT_FOUND', async () => {
    const res = await t.app.inject({ url: api('draw?drawId=lotto-5d-1m-190001010000') });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('LOTTERY_DRAW_NOT_FOUND');
  });
});

describe('buying and settling tickets', () => {
  it('charges each ticket through the wallet and pays the winner once when the draw is made', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    const session = await open(p);
    const draw = await bettingDraw();
    const tickets: string[] = [];
    for (let digit = 0; digit < 10; digit++) {
      const res = await buy(session, draw.drawId, 'POS_DIGIT', `1:${digit}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().value.ticket).toMatchObject({ status: 'PENDING', stake: '1000', oddsBasisPoints: 98_000 });
      tickets.push(res.json().value.ticket.ticketId);
    }
    expect(await mainBalance(t, p.memberId)).toBe(90_000n);

    await moveTo(Date.parse(draw.drawsAt) + 1_000);
    const result = (await drawOf(draw.drawId)).result as number[];
    const mine = (await t.app.inject({ url: api(`tickets?session=${session}`) })).json().value.tickets;
    const won = mine.filter((x: { status: string }) => x.status === 'WON');
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ selection: `1:${result[0]}`, payout: '9800' });
    expect(mine.filter((x: { status: string }) => x.status === 'LOST')).toHaveLength(9);
    expect(await mainBalance(t, p.memberId)).toBe(99_800n);
    expect((await drawOf(draw.drawId)).status).toBe('SETTLED');
    for (const id of tickets) expect(await seamlessCalls(id)).toEqual({ BET: 1, WIN: 1 });
  });

  it('pays every ticket once when several instances run the draw clock at the same moment', async () => {
    const players = await Promise.all([0, 1, 2, 3].map(() => newPlayer(t, { balance: 50_000n })));
    const draw = await bettingDraw();
    const stakes = new Map<string, bigint>();
    for (const p of players) {
      const session = await open(p);
      for (const sel of ['BIG', 'SMALL']) {
        const res = await buy(session, draw.drawId, 'SUM_BIG_SMALL', sel, '2000');
        expect(res.statusCode, res.body).toBe(200);
      }
      const one = await buy(session, draw.drawId, 'DRAGON_TIGER', 'TIE', '1000');
      expect(one.statusCode, one.body).toBe(200);
      stakes.set(p.memberId, 5_000n);
    }
    nowMs = Date.parse(draw.drawsAt) + 1_000;
    const second = inProcessLottery(t.database.db, t.services.games.registry, t.services.games.loopback.send, clock);
    await runOnTwoInstances(
      t,
      clock(),
      (at) => t.services.games.lottery.runDraws(at),
      (at) => second.runDraws(at),
    );
    const result = (await drawOf(draw.drawId)).result as number[];
    const sum = result.reduce((a, b) => a + b, 0);
    const tie = result[0] === result[4];
    // One of BIG/SMALL pays 2000 × 1.96; the tie pays 1000 × 9.76 when it comes.
    const expected = 50_000n - 5_000n + 3_920n + (tie ? 9_760n : 0n);
    for (const p of players) expect(await mainBalance(t, p.memberId)).toBe(expected);
    expect(sum).toBeGreaterThanOrEqual(0);
    const wins = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM seamless_transaction WHERE vendor_id = 'LOTTO' AND action = 'WIN'
        AND round_id IN (SELECT id FROM lotto_ticket WHERE draw_id = ${draw.drawId})`.execute(t.database.db);
    expect(wins.rows[0]!.n).toBe(12);
  });

  it('sells and pays a three-dice ticket on its own draw, by the same rules', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await open(p, 'lotto-k3-1m');
    const draw = await bettingDraw('lotto-k3-1m');
    for (const face of ['1', '2', '3', '4', '5', '6']) {
      const res = await buy(session, draw.drawId, 'K3_SINGLE', face, '1000');
      expect(res.statusCode, res.body).toBe(200);
    }
    const wrong = await buy(session, draw.drawId, 'POS_DIGIT', '1:1', '1000');
    expect(wrong.json().code).toBe('INVALID_BET');
    await moveTo(Date.parse(draw.drawsAt) + 1_000);
    const dice = (await drawOf(draw.drawId)).result as number[];
    expect(dice).toEqual(drawResult(findLotteryGame('lotto-k3-1m'), (await drawOf(draw.drawId)).seed, draw.drawId));
    // Each face shown pays 1000 × 2.30 once, however many dice show it.
    const faces = new Set(dice).size;
    expect(await mainBalance(t, p.memberId)).toBe(50_000n - 6_000n + BigInt(faces) * 2_300n);
  });

  it('sells and pays a ten-car race ticket: one car of ten wins the first place', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await open(p, 'lotto-pk10-1m');
    const draw = await bettingDraw('lotto-pk10-1m');
    for (let car = 1; car <= 10; car++)
      expect((await buy(session, draw.drawId, 'RACE_POS', `1:${car}`, '1000')).statusCode).toBe(200);
    await moveTo(Date.parse(draw.drawsAt) + 1_000);
    const order = (await drawOf(draw.drawId)).result as number[];
    expect([...order].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await mainBalance(t, p.memberId)).toBe(50_000n - 10_000n + 9_800n);
  });

  it('refuses a ticket after the cut-off with LOTTERY_BETTING_CLOSED and charges nothing', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const session = await open(p);
    const draw = await bettingDraw();
    nowMs = Date.parse(draw.closesAt) + 500;
    const res = await buy(session, draw.drawId, 'SUM_ODD_EVEN', 'ODD');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'LOTTERY_BETTING_CLOSED', field: 'body.drawId' });
    expect(await mainBalance(t, p.memberId)).toBe(10_000n);
    const mine = (await t.app.inject({ url: api(`tickets?session=${session}`) })).json().value.tickets;
    expect(mine).toEqual([]);
  });

  it('refuses a bad bet type, a selection the type lacks and a stake out of range, changing nothing', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const session = await open(p);
    const draw = await bettingDraw();
    const cases: [string, string, string, number, string][] = [
      ['LUCKY', 'BIG', '1000', 400, 'INVALID_BET'],
      ['POS_DIGIT', '6:1', '1000', 400, 'INVALID_BET'],
      ['POS_DIGIT', '1:1', '999', 400, 'LOTTERY_STAKE_OUT_OF_RANGE'],
      ['POS_DIGIT', '1:1', '100000001', 400, 'LOTTERY_STAKE_OUT_OF_RANGE'],
    ];
    for (const [type, sel, stake, status, code] of cases) {
      const res = await buy(session, draw.drawId, type, sel, stake);
      expect(res.statusCode, `${type} ${sel} ${stake}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const foreign = await buy(session, draw.drawId.replace('5d-1m', '5d-3m'), 'SUM_ODD_EVEN', 'ODD');
    expect(foreign.json().code).toBe('LOTTERY_DRAW_NOT_FOUND');
    const poor = await buy(session, draw.drawId, 'SUM_ODD_EVEN', 'ODD', '20000');
    expect(poor.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(await mainBalance(t, p.memberId)).toBe(10_000n);
    const mine = (await t.app.inject({ url: api(`tickets?session=${session}`) })).json().value.tickets;
    expect(mine.map((x: { status: string }) => x.status)).toEqual(['VOID']);
  });

  it('answers the same requestId with the same ticket, charged once, even when sent five times at once', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const session = await open(p);
    const draw = await bettingDraw();
    const rid = requestId();
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map(() => buy(session, draw.drawId, 'POS_ODD_EVEN', '3:EVEN', '1000', rid)),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => a.json().value.ticket.ticketId));
    expect(ids.size).toBe(1);
    expect(await mainBalance(t, p.memberId)).toBe(9_000n);
  });

  it('draws and settles a draw missed while no instance ran, when one starts again', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const session = await open(p);
    const draw = await bettingDraw();
    expect((await buy(session, draw.drawId, 'SUM_ODD_EVEN', 'ODD')).statusCode).toBe(200);
    expect((await buy(session, draw.drawId, 'SUM_ODD_EVEN', 'EVEN')).statusCode).toBe(200);
    // Ten minutes pass with no instance running; the first tick after draws it and pays it.
    await moveTo(Date.parse(draw.drawsAt) + 10 * 60_000);
    const drawn = await drawOf(draw.drawId);
    expect(drawn.status).toBe('SETTLED');
    expect(await mainBalance(t, p.memberId)).toBe(10_000n - 2_000n + 1_960n);
  });
});

describe('risk limits', () => {
  it('holds the cap per selection and bet type under 50 concurrent tickets on one number, charging only the tickets it takes', async () => {
    const players = await Promise.all([0, 1, 2, 3, 4].map(() => newPlayer(t, { balance: 1_000_000_000n })));
    const sessions = await Promise.all(players.map((p) => open(p)));
    const draw = await bettingDraw();
    const game = findLotteryGame(GAME);
    // ₩1,000,000 on digit 7 at the first place may pay ₩9,800,000: ten fit under the ₩100,000,000 cap.
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => buy(sessions[i % 5]!, draw.drawId, 'POS_DIGIT', '1:7', '100000000')),
    );
    const taken = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    const fit = game.maxSelectionLiability / 980_000_000n;
    expect(BigInt(taken.length)).toBe(fit);
    for (const r of refused)
      expect(r.json()).toMatchObject({ code: 'LOTTERY_SELECTION_LIMIT_REACHED', field: 'body.selection' });
    let charged = 0n;
    for (const p of players) charged += 1_000_000_000n - (await mainBalance(t, p.memberId));
    expect(charged).toBe(fit * 100_000_000n);
    const [row] = (
      await sql<{ payout: string }>`SELECT payout::text FROM lotto_liability
        WHERE draw_id = ${draw.drawId} AND bet_type = 'POS_DIGIT' AND selection = '1:7'`.execute(t.database.db)
    ).rows;
    expect(BigInt(row!.payout)).toBe(fit * 980_000_000n);
    // Another number, and the same number at another place, are their own limits.
    expect((await buy(sessions[0]!, draw.drawId, 'POS_DIGIT', '1:8', '100000000')).statusCode).toBe(200);
    expect((await buy(sessions[0]!, draw.drawId, 'POS_DIGIT', '2:7', '100000000')).statusCode).toBe(200);
    await moveTo(Date.parse(draw.drawsAt) + 1_000);
    expect((await drawOf(draw.drawId)).status).toBe('SETTLED');
  });

  it("refuses a ticket that would push the draw's possible payout past its cap, charging nothing", async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    const session = await open(p);
    const draw = await bettingDraw();
    const cap = findLotteryGame(GAME).maxDrawPayout;
    // The draw already carries its cap but for ₩10 of payout (as if many players had bet on it).
    await sql`UPDATE lotto_draw SET liability = ${(cap - 1_000n).toString()} WHERE id = ${draw.drawId}`.execute(
      t.database.db,
    );
    const res = await buy(session, draw.drawId, 'SUM_ODD_EVEN', 'ODD', '1000');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LOTTERY_DRAW_LIMIT_REACHED', field: 'body.drawId' });
    expect(await mainBalance(t, p.memberId)).toBe(100_000n);
    const mine = (await t.app.inject({ url: api(`tickets?session=${session}`) })).json().value.tickets;
    expect(mine).toEqual([]);
    await sql`UPDATE lotto_draw SET liability = 0 WHERE id = ${draw.drawId}`.execute(t.database.db);
  });

  it('gives a refused ticket its room back: a ticket the wallet refuses does not count against the cap', async () => {
    const poor = await newPlayer(t, { balance: 1_000n });
    const session = await open(poor);
    const draw = await bettingDraw();
    const res = await buy(session, draw.drawId, 'POS_DIGIT', '3:3', '100000000');
    expect(res.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    const rows = await sql<{ payout: string; liability: string }>`
      SELECT l.payout::text, d.liability::text FROM lotto_liability l JOIN lotto_draw d ON d.id = l.draw_id
      WHERE l.draw_id = ${draw.drawId} AND l.selection = '3:3'`.execute(t.database.db);
    expect(rows.rows).toEqual([{ payout: '0', liability: '0' }]);
  });
});

describe('operator cancellation', () => {
  let staff: { owner: StaffClient; support: StaffClient };
  const cancel = (who: StaffClient, drawId: string, reason = 'The draw machine failed its check') =>
    staffPost(t, who, '/api/bo/lottery/draws/cancel', { drawId, reason });

  it('cancels a draw before its result and refunds every ticket once, audited with the reason', async () => {
    staff = await staffTeam(t, ['support'], clock);
    const players = await Promise.all([0, 1, 2].map(() => newPlayer(t, { balance: 20_000n })));
    const draw = await bettingDraw();
    const tickets: string[] = [];
    for (const p of players) {
      const session = await open(p);
      for (const sel of ['ODD', 'EVEN']) {
        const res = await buy(session, draw.drawId, 'SUM_ODD_EVEN', sel, '3000');
        expect(res.statusCode, res.body).toBe(200);
        tickets.push(res.json().value.ticket.ticketId);
      }
    }
    for (const p of players) expect(await mainBalance(t, p.memberId)).toBe(14_000n);

    // Support may look but not cancel.
    expect((await staffGet(t, staff.support, '/api/bo/lottery/draws?gameCode=lotto-5d-1m')).statusCode).toBe(200);
    expect((await cancel(staff.support, draw.drawId)).statusCode).toBe(403);

    // Two cancellations at once: one cancels, the other is told the draw is no longer cancellable.
    const [a, b] = await Promise.all([cancel(staff.owner, draw.drawId), cancel(staff.owner, draw.drawId)]);
    const ok = [a, b].filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect([a, b].find((r) => r.statusCode !== 200)!.json().code).toBe('LOTTERY_DRAW_NOT_CANCELLABLE');
    expect(ok[0]!.json().value).toMatchObject({
      refunded: 6,
      draw: { status: 'CANCELLED', cancelReason: 'The draw machine failed its check', tickets: 6, stakes: '18000' },
    });
    for (const p of players) expect(await mainBalance(t, p.memberId)).toBe(20_000n);

    // The clock passes the draw time on two instances: nothing is drawn, nothing refunded twice.
    nowMs = Date.parse(draw.drawsAt) + 1_000;
    const second = inProcessLottery(t.database.db, t.services.games.registry, t.services.games.loopback.send, clock);
    await Promise.all([t.app.jobs.tick(clock()), second.runDraws(clock())]);
    const after = await drawOf(draw.drawId);
    expect(after).toMatchObject({ status: 'CANCELLED', result: null });
    expect(createHash('sha256').update(after.seed).digest('hex')).toBe(after.seedHash);
    for (const p of players) expect(await mainBalance(t, p.memberId)).toBe(20_000n);
    for (const id of tickets) expect(await seamlessCalls(id)).toEqual({ BET: 1, ROLLBACK: 1 });
    const session = await open(players[0]!);
    const mine = (await t.app.inject({ url: api(`tickets?session=${session}`) })).json().value.tickets;
    expect(mine.map((x: { status: string }) => x.status)).toEqual(['REFUNDED', 'REFUNDED']);
    expect(await auditTrail(t, `lottery_draw:${draw.drawId}`)).toEqual([
      {
        actor: 'owner',
        action: 'lottery.cancelDraw',
        before: { status: 'OPEN' },
        after: { status: 'CANCELLED', reason: 'The draw machine failed its check', refunded: 6 },
      },
    ]);
  });

  it('refuses to cancel a draw that has its result, and a reason too short, changing nothing', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const session = await open(p);
    const draw = await bettingDraw();
    expect((await buy(session, draw.drawId, 'SUM_BIG_SMALL', 'BIG', '1000')).statusCode).toBe(200);
    const short = await cancel(staff.owner, draw.drawId, 'no');
    expect(short.statusCode).toBe(400);
    await moveTo(Date.parse(draw.drawsAt) + 1_000);
    const before = await drawOf(draw.drawId);
    const res = await cancel(staff.owner, draw.drawId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LOTTERY_DRAW_NOT_CANCELLABLE', field: 'body.drawId' });
    expect(await drawOf(draw.drawId)).toEqual(before);
    const unknown = await cancel(staff.owner, 'lotto-5d-1m-190001010000');
    expect(unknown.json().code).toBe('LOTTERY_DRAW_NOT_FOUND');
    const list = (await staffGet(t, staff.owner, '/api/bo/lottery/draws?status=SETTLED&limit=5')).json().value;
    expect(list.draws.every((d: { status: string }) => d.status === 'SETTLED')).toBe(true);
    expect(list.limits).toHaveLength(13);
  });
});
