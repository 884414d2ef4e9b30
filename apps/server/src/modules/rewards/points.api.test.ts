import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, postSealed } from '../../../test/auth-helpers.ts';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { auditTrail, staffGet, staffPost, startConsole, type StaffClient } from '../../../test/staff-helpers.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { asPlayer, newPlayer, requestId, rowCount, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { housePlay, paidIn } from '../../../test/ledger-moves.ts';

let t: TestApp;
let content: StaffClient;
let support: StaffClient;
const now = () => new Date();
const KRW = 'KRW';
const PIN = 'pay-4321';
/** 10 points per 1 000 000 minor units of valid bet; one point is worth 100 minor units. */
const EARN = 10;
const RATE = 100;

beforeAll(async () => {
  ({ t, content, support } = await startConsole(now, ['content', 'support']));
  const res = await staffPost(t, content, '/api/bo/points/config', { earnPerMillion: EARN, convertRate: RATE });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: KRW });
const ptsAccount = (memberId: string) => ({ kind: 'MEMBER_POINTS' as const, memberId, currency: 'PTS' });
const play = (memberId: string, kind: 'BET' | 'ROLLBACK' | 'WIN', amount: bigint, gameType = 'RNG') =>
  housePlay(t, memberId, kind, amount, { gameType });
/** A member with `points` points earned by bets (1 000 000 minor units of bet = 10 points). */
async function playerWithPoints(points: number): Promise<TestPlayer> {
  const p = await newPlayer(t, { balance: BigInt(points) * 100_000n + 1_000_000n, paymentPassword: PIN });
  if (points > 0) await play(p.memberId, 'BET', BigInt(points) * 100_000n);
  return p;
}
const pointsBalance = async (p: TestPlayer) => {
  const res = await asPlayer(t, p).get('/api/points/balance');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.balance as string;
};
const cash = (p: TestPlayer) => t.services.ledger.balance(main(p.memberId));
let n = 0;
async function item(over: Record<string, unknown> = {}): Promise<string> {
  const res = await staffPost(t, content, '/api/bo/points/items', {
    kind: 'CASH',
    texts: { en: { name: `Cash voucher ${n++}`, description: '₩1,000 to the main wallet' } },
    points: 50,
    amount: '100000',
    wageringMultiple: 0,
    stock: null,
    memberLimit: null,
    enabled: true,
    sort: 0,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value.id;
}
const redeem = (p: TestPlayer, body: Record<string, unknown>) =>
  postSealed(
    t.app,
    '/api/points/redeem',
    { quantity: 1, paymentPassword: PIN, requestId: requestId(), ...body },
    bearer(p.token),
  );
const convert = (p: TestPlayer, body: Record<string, unknown>) =>
  postSealed(t.app, '/api/points/convert', { paymentPassword: PIN, requestId: requestId(), ...body }, bearer(p.token));
const redemptions = async (p: TestPlayer) =>
  (await asPlayer(t, p).get('/api/points/redemptions')).json().value.items as {
    id: string;
    status: string;
    name: string | null;
    points: string;
  }[];

describe('points', () => {
  it('are earned on valid bets at the configured ratio, and the transaction detail shows the change and balance', async () => {
    const p = await playerWithPoints(0);
    await play(p.memberId, 'BET', 250_000n); // 2.5 points
    await play(p.memberId, 'WIN', 900_000n);
    expect(await pointsBalance(p)).toBe('2');
    await play(p.memberId, 'BET', 50_000n); // + 0.5 = 3
    expect(await pointsBalance(p)).toBe('3');
    const res = await asPlayer(t, p).get('/api/points/transactions');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.items).toMatchObject([
      { changedPoints: '1', balanceAfter: '3', type: 'EARN' },
      { changedPoints: '2', balanceAfter: '2', type: 'EARN' },
    ]);
    const config = await t.app.inject({ url: '/api/points/config' });
    expect(config.json().value).toEqual({ earnPerMillion: EARN, convertRate: RATE, currency: KRW });
  });

  it('accrue exactly the sum over the bets, less rollbacks, for any sequence of plays', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ amount: fc.integer({ min: 1, max: 400_000 }), rollback: fc.boolean() }), {
          minLength: 1,
          maxLength: 10,
        }),
        async (plays) => {
          const p = await playerWithPoints(0);
          await paidIn(t, p.memberId, 5_000_000n);
          let millionths = 0n;
          for (const x of plays) {
            await play(p.memberId, 'BET', BigInt(x.amount));
            millionths += BigInt(x.amount) * BigInt(EARN);
            if (x.rollback) {
              await play(p.memberId, 'ROLLBACK', BigInt(x.amount));
              millionths -= BigInt(x.amount) * BigInt(EARN);
            }
          }
          expect(await pointsBalance(p)).toBe((millionths / 1_000_000n).toString());
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('the mall', () => {
  it('lists rewards with stock, limits and what the member redeemed, and a cash redemption pays once with the payment password', async () => {
    const p = await playerWithPoints(120);
    const id = await item({ stock: 5, memberLimit: 2 });
    const list = (await asPlayer(t, p).get('/api/points/rewards?language=en')).json().value.items;
    expect(list.find((i: { id: string }) => i.id === id)).toMatchObject({ stock: 5, memberLimit: 2, redeemed: 0 });

    const before = await cash(p);
    const rid = requestId();
    const res = await redeem(p, { itemId: id, requestId: rid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ status: 'APPROVED', kind: 'CASH', points: '50', amount: '100000' });
    expect(await pointsBalance(p)).toBe('70');
    expect(await cash(p)).toBe(before + 100_000n);

    const again = await redeem(p, { itemId: id, requestId: rid });
    expect(again.json().value.id).toBe(res.json().value.id);
    expect(await pointsBalance(p)).toBe('70');
    const after = (await asPlayer(t, p).get('/api/points/rewards')).json().value.items;
    expect(after.find((i: { id: string }) => i.id === id)).toMatchObject({ stock: 4, redeemed: 1 });
    const detail = (await asPlayer(t, p).get('/api/points/transactions?language=en')).json().value.items;
    expect(detail[0]).toMatchObject({ changedPoints: '-50', type: 'REDEEM', balanceAfter: '70' });
    expect(detail[0].remark).toMatch(/^Cash voucher/);
  });

  it('refuses a wrong payment password, an unencrypted body, too few points, the member limit, no stock and an unknown item, changing no balance', async () => {
    const p = await playerWithPoints(60);
    const limited = await item({ memberLimit: 1 });
    const none = await item({ stock: 0 });
    expect((await redeem(p, { itemId: limited, quantity: 2 })).json().code).toBe('MALL_LIMIT_REACHED');
    const before = { pts: await pointsBalance(p), cash: await cash(p), rows: await rowCount(t, 'ledgerTransfer') };
    const cases: [Record<string, unknown>, string][] = [
      [{ itemId: limited, paymentPassword: 'wrong-pin' }, 'WRONG_PAYMENT_PASSWORD'],
      [{ itemId: none }, 'MALL_OUT_OF_STOCK'],
      [{ itemId: '999999999' }, 'MALL_ITEM_NOT_FOUND'],
      [{ itemId: limited, quantity: 0 }, 'VALIDATION_FAILED'],
      [{ itemId: limited, quantity: 2 }, 'MALL_LIMIT_REACHED'],
    ];
    for (const [body, code] of cases) expect((await redeem(p, body)).json().code, code).toBe(code);
    const pricey = await item({ points: 61 });
    expect((await redeem(p, { itemId: pricey })).json().code).toBe('POINTS_INSUFFICIENT');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/points/redeem',
      headers: bearer(p.token),
      payload: { itemId: limited, quantity: 1, paymentPassword: PIN, requestId: requestId() },
    });
    expect(plain.statusCode).toBe(400);
    expect(await pointsBalance(p)).toBe(before.pts);
    expect(await cash(p)).toBe(before.cash);
    const rowsNow = await rowCount(t, 'ledgerTransfer');
    expect(rowsNow).toBe(before.rows);
    expect(await redemptions(p)).toEqual([]);
    const stock = (await asPlayer(t, p).get('/api/points/rewards')).json().value.items;
    expect(stock.find((i: { id: string }) => i.id === none).stock).toBe(0);
  });

  it('gives the last stock item to exactly one of 8 members redeeming it at once', async () => {
    const id = await item({ stock: 1 });
    const players = await Promise.all(Array.from({ length: 8 }, () => playerWithPoints(50)));
    const results = await Promise.all(players.map((p) => redeem(p, { itemId: id })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(
      Array(7).fill('MALL_OUT_OF_STOCK'),
    );
    const balances = await Promise.all(players.map(pointsBalance));
    expect(balances.filter((b) => b === '0')).toHaveLength(1);
    expect(balances.filter((b) => b === '50')).toHaveLength(7);
  });

  it('lets one member redeem once when 10 redemptions race for the points of one', async () => {
    const id = await item({ points: 40 });
    const p = await playerWithPoints(50);
    const before = await cash(p);
    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(p, { itemId: id })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'POINTS_INSUFFICIENT')).toBe(
      true,
    );
    expect(await pointsBalance(p)).toBe('10');
    expect(await cash(p)).toBe(before + 100_000n);
  });

  it('issues a bonus item to the bonus balance with its wagering', async () => {
    const p = await playerWithPoints(30);
    const id = await item({ kind: 'BONUS', points: 30, amount: '50000', wageringMultiple: 3 });
    const res = await redeem(p, { itemId: id });
    expect(res.json().value).toMatchObject({ status: 'APPROVED', kind: 'BONUS' });
    const bonuses = (await asPlayer(t, p).get('/api/rewards/bonuses')).json().value;
    expect(bonuses).toMatchObject({ bonusBalance: '50000' });
    expect(bonuses.items[0]).toMatchObject({ amount: '50000', wageringRequired: '150000', status: 'ACTIVE' });
  });

  it('keeps goods in process until staff approve, and a rejection gives back the points and the stock once', async () => {
    const goods = await item({ kind: 'GOODS', amount: '0', points: 20, stock: 3 });
    const p = await playerWithPoints(40);
    const a = (await redeem(p, { itemId: goods })).json().value;
    const b = (await redeem(p, { itemId: goods })).json().value;
    expect([a.status, b.status]).toEqual(['PROCESS', 'PROCESS']);
    expect(await pointsBalance(p)).toBe('0');

    const queue = await staffGet(t, support, '/api/bo/points/redemptions?status=PROCESS');
    expect(queue.json().value.items.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const approve = await staffPost(t, support, '/api/bo/points/redemptions/review', { id: a.id, decision: 'APPROVE' });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().value.status).toBe('APPROVED');
    const noReason = await staffPost(t, support, '/api/bo/points/redemptions/review', { id: b.id, decision: 'REJECT' });
    expect(noReason.statusCode).toBe(400);
    const reject = () =>
      staffPost(t, support, '/api/bo/points/redemptions/review', { id: b.id, decision: 'REJECT', reason: 'Sold out' });
    const [r1, r2] = await Promise.all([reject(), reject()]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect(await pointsBalance(p)).toBe('20');
    const items = (await asPlayer(t, p).get('/api/points/rewards')).json().value.items;
    expect(items.find((i: { id: string }) => i.id === goods)).toMatchObject({ stock: 2, redeemed: 1 });
    expect((await redemptions(p)).map((r) => r.status)).toEqual(['REJECTED', 'APPROVED']);
    expect((await auditTrail(t, `points_redemption:${b.id}`)).map((e) => e.action)).toEqual(['mall.redemption.reject']);
  });
});

describe('converting points', () => {
  it('pays cash at the configured ratio once, and refuses too many points or a wrong password without a change', async () => {
    const p = await playerWithPoints(30);
    const before = await cash(p);
    const rid = requestId();
    const res = await convert(p, { points: 25, requestId: rid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ kind: 'CONVERT', points: '25', amount: String(25 * RATE) });
    expect((await convert(p, { points: 25, requestId: rid })).json().value.id).toBe(res.json().value.id);
    expect(await cash(p)).toBe(before + BigInt(25 * RATE));
    expect(await pointsBalance(p)).toBe('5');
    expect((await convert(p, { points: 6 })).json().code).toBe('POINTS_INSUFFICIENT');
    expect((await convert(p, { points: 5, paymentPassword: 'nope-nope' })).json().code).toBe('WRONG_PAYMENT_PASSWORD');
    expect((await convert(p, { points: 0 })).json().code).toBe('VALIDATION_FAILED');
    expect(await pointsBalance(p)).toBe('5');
    expect(await cash(p)).toBe(before + BigInt(25 * RATE));
    expect(await t.services.ledger.balance(ptsAccount(p.memberId))).toBe(5n);
  });
});

describe('the mall in the back office', () => {
  it('lets content staff create items and set the ratio with an audit, and refuses support staff', async () => {
    const id = await item({ kind: 'GOODS', amount: '0', texts: { ko: { name: '텀블러', description: '' } } });
    const list = await staffGet(t, support, '/api/bo/points/items');
    expect(list.json().value.items.find((i: { id: string }) => i.id === id)).toMatchObject({ kind: 'GOODS' });
    expect(list.json().value.config).toMatchObject({ earnPerMillion: EARN, convertRate: RATE });
    const denied = await staffPost(t, support, '/api/bo/points/config', { earnPerMillion: 1, convertRate: 1 });
    expect(denied.statusCode).toBe(403);
    expect((await auditTrail(t, `mall_item:${id}`)).map((e) => e.action)).toEqual(['mall.item.create']);
    const bad = await staffPost(t, content, '/api/bo/points/items', {
      kind: 'CASH',
      texts: { en: { name: 'x', description: '' } },
      points: 1,
      amount: '0',
      wageringMultiple: 0,
      stock: null,
      memberLimit: null,
      enabled: true,
      sort: 0,
    });
    expect(bad.statusCode).toBe(400);
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM mall_item WHERE texts -> 'en' ->> 'name' = 'x'`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
  });
});
