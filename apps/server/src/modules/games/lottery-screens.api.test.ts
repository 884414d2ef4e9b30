import { findLotteryGame, drawResult } from '@portal/house-vendor/lottery/lottery-games.ts';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';
import { inProcessLottery } from './in-process-vendors.ts';
import { lotteryDriver } from './lottery.test-helpers.ts';

/** The app's clock, moved by the tests (the draws, the cut-off and the wallet all read it). */
const clock = {
  nowMs: Math.floor(Date.now() / 60_000) * 60_000 + 5_000,
  now: () => new Date(clock.nowMs),
};
const t = useTestApp(() => startTestApp({}, undefined, { compose: { clock: clock.now } }));
const lotto = lotteryDriver(t, clock);

/** Moves the clock to one second into the next 1-minute draw's betting window. */
async function nextMinute() {
  await lotto.moveTo(Math.floor(clock.nowMs / 60_000) * 60_000 + 61_000);
}

describe('trend charts of the fast draws', () => {
  it("answers a game's last drawn draws oldest first, with each digit's count per position, the sums and the runs", async () => {
    for (let i = 0; i < 12; i++) await nextMinute();
    const res = await lotto.get('trends?gameCode=lotto-5d-1m&draws=10');
    expect(res.statusCode, res.body).toBe(200);
    const trends = res.json().value;
    expect(trends).toMatchObject({ gameCode: 'lotto-5d-1m', family: 'FIVE_DIGIT', valueMin: 0 });
    expect(trends.series).toHaveLength(10);
    const times = trends.series.map((p: { drawsAt: string }) => Date.parse(p.drawsAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Each point is the stored result, which is the published function of the revealed seed.
    const game = findLotteryGame('lotto-5d-1m');
    for (const point of trends.series.slice(-3)) {
      const draw = (await lotto.get(`draw?drawId=${point.drawId}`)).json().value;
      expect(point.result).toEqual(drawResult(game, draw.seed, draw.drawId));
      expect(point.sum).toBe(point.result.reduce((a: number, b: number) => a + b, 0));
    }
    for (const row of trends.positions) expect(row.reduce((a: number, b: number) => a + b, 0)).toBe(10);
    expect(trends.sums.counts).toHaveLength(46);
    expect(trends.sums.counts.reduce((a: number, b: number) => a + b, 0)).toBe(10);
    expect(trends.runs.bigSmall.reduce((a: number, r: { length: number }) => a + r.length, 0)).toBe(10);
  });

  it('answers the three-dice sums 3–18 and the race’s places 1–10 of each car', async () => {
    const dice = (await lotto.get('trends?gameCode=lotto-k3-1m&draws=10')).json().value;
    expect(dice).toMatchObject({ family: 'THREE_DICE', valueMin: 1, sums: { min: 3, max: 18 } });
    expect(dice.positions).toHaveLength(3);
    const race = (await lotto.get('trends?gameCode=lotto-pk10-1m&draws=10')).json().value;
    expect(race).toMatchObject({ family: 'TEN_CAR_RACE', valueMin: 1, sums: { min: 3, max: 19 } });
    expect(race.positions).toHaveLength(10);
    // Every place has one car per draw, and every car one place.
    for (const place of race.positions) expect(place.reduce((a: number, b: number) => a + b, 0)).toBe(10);
  });

  it('refuses a number of draws out of 10–200 and an unknown game', async () => {
    for (const draws of ['9', '201', 'ten']) {
      const res = await lotto.get(`trends?gameCode=lotto-5d-1m&draws=${draws}`);
      expect(res.statusCode, draws).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field: 'querystring.draws' });
    }
    const unknown = await lotto.get('trends?gameCode=lotto-9x-1m');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('GAME_NOT_FOUND');
  });
});

describe("the player's ticket history across games", () => {
  type Ticket = { ticketId: string; gameCode: string; status: string; payout: string; drawId: string };
  const history = async (session: string, query = '') => {
    const res = await lotto.get(`tickets/history?session=${session}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value as { items: Ticket[]; total: number; page: number; pageSize: number; from: string };
  };

  it('lists the tickets of every game newest first, paged, with their status and payout, and only the player’s own', async () => {
    const [p, other] = await Promise.all([newPlayer(t, { balance: 100_000n }), newPlayer(t, { balance: 100_000n })]);
    const fiveDigit = await lotto.open(p, 'lotto-5d-1m');
    const dice = await lotto.open(p, 'lotto-k3-1m');
    const others = await lotto.open(other, 'lotto-5d-1m');
    await nextMinute();
    const draw5 = await lotto.currentDraw('lotto-5d-1m');
    const drawK3 = await lotto.currentDraw('lotto-k3-1m');
    for (const d of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
      await lotto.buy(fiveDigit, draw5.drawId, 'POS_DIGIT', `1:${d}`);
    await lotto.buy(dice, drawK3.drawId, 'K3_ANY_TRIPLE', 'ANY');
    await lotto.buy(others, draw5.drawId, 'SUM_ODD_EVEN', 'ODD');

    // Before the draw: eleven pending tickets of two games, whichever game's session asks.
    const pending = await history(dice, '&status=PENDING');
    expect(pending.total).toBe(11);
    expect(new Set(pending.items.map((x) => x.gameCode))).toEqual(new Set(['lotto-5d-1m', 'lotto-k3-1m']));

    await lotto.moveTo(Date.parse(draw5.drawsAt) + 1_000);
    const all = await history(fiveDigit);
    expect(all).toMatchObject({ total: 11, page: 1, pageSize: 20 });
    expect(all.items.every((x) => x.status !== 'PENDING')).toBe(true);
    const won = await history(fiveDigit, '&status=WON&gameCode=lotto-5d-1m');
    expect(won.total).toBe(1);
    expect(won.items[0]).toMatchObject({ status: 'WON', payout: '9800', drawId: draw5.drawId });
    // Nine digits lost; the any-triple ticket lost too unless the dice came up a triple.
    const dice3 = (await lotto.get(`draw?drawId=${drawK3.drawId}`)).json().value.result as number[];
    const triple = dice3[0] === dice3[1] && dice3[1] === dice3[2];
    expect((await history(fiveDigit, '&status=LOST')).total).toBe(triple ? 9 : 10);
    expect((await history(fiveDigit, '&gameCode=lotto-k3-1m')).items.map((x) => x.gameCode)).toEqual(['lotto-k3-1m']);

    // Pages of four: three pages, no ticket twice, newest first overall.
    const pages = await Promise.all([1, 2, 3].map((n) => history(fiveDigit, `&pageSize=4&page=${n}`)));
    expect(pages.map((x) => x.items.length)).toEqual([4, 4, 3]);
    const ids = pages.flatMap((x) => x.items.map((i) => i.ticketId));
    expect(new Set(ids).size).toBe(11);
    expect(ids).toEqual(all.items.map((x) => x.ticketId));

    // The other player sees their one ticket only.
    const theirs = await history(others);
    expect(theirs.total).toBe(1);
    expect(theirs.items[0]!.ticketId).not.toBe(all.items[0]!.ticketId);
  });

  it('lists a cancelled draw’s tickets as refunded, and filters by date range', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const session = await lotto.open(p, 'lotto-pk10-1m');
    await nextMinute();
    const draw = await lotto.currentDraw('lotto-pk10-1m');
    await lotto.buy(session, draw.drawId, 'RACE_POS', '1:3', '2000');
    const vendor = inProcessLottery(
      t.database.db,
      t.services.games.registry,
      t.services.games.loopback.send,
      clock.now,
    );
    await vendor.cancelDraw(draw.drawId, 'The draw machine failed its check', 'test');
    const refunded = await history(session, '&status=REFUNDED');
    expect(refunded.total).toBe(1);
    expect(refunded.items[0]).toMatchObject({ status: 'REFUNDED', drawId: draw.drawId });

    const day = new Date(clock.nowMs + 9 * 3_600_000).toISOString().slice(0, 10);
    expect((await history(session, `&from=${day}&to=${day}`)).total).toBe(1);
    const later = new Date(clock.nowMs + 9 * 3_600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await history(session, `&from=${later}&to=${later}`)).total).toBe(0);
  });

  it('refuses a bad session, status, page size, game or date range, with the field named', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const session = await lotto.open(p, 'lotto-5d-3m');
    const cases: [string, number, string, string | undefined][] = [
      ['&status=VOID', 400, 'VALIDATION_FAILED', 'querystring.status'],
      ['&pageSize=101', 400, 'VALIDATION_FAILED', 'querystring.pageSize'],
      ['&page=0', 400, 'VALIDATION_FAILED', 'querystring.page'],
      ['&from=2026-13-01', 400, 'VALIDATION_FAILED', 'query.from'],
      ['&from=2026-02-30', 400, 'VALIDATION_FAILED', 'query.from'],
      ['&from=2026-11-20&to=2026-11-10', 400, 'DATE_RANGE_INVALID', 'query.from'],
      ['&from=2026-01-01&to=2026-11-10', 400, 'DATE_RANGE_TOO_LONG', 'query.from'],
      ['&gameCode=lotto-9x-1m', 404, 'GAME_NOT_FOUND', undefined],
    ];
    for (const [query, status, code, field] of cases) {
      const res = await lotto.get(`tickets/history?session=${session}${query}`);
      expect(res.statusCode, query).toBe(status);
      expect(res.json(), query).toMatchObject({ success: false, code, ...(field ? { field } : {}) });
    }
    const stranger = await lotto.get(`tickets/history?session=${'x'.repeat(43)}`);
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().code).toBe('GAME_SESSION_EXPIRED');
  });
});
