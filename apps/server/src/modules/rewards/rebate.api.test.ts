import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, staffGet, staffPost, useConsole } from '../../../test/staff-helpers.ts';
import { asPlayer, newPlayer, requestId, rowCount, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { housePlay, paidIn } from '../../../test/ledger-moves.ts';

const now = () => new Date();
const { t, staff } = useConsole(now, ['content', 'support']);
const KRW = 'KRW';

beforeAll(async () => {
  // Rates of this file's categories (RNG 1.00 %, LIVE 0.35 %, SPORTS none).
  const res = await staffPost(t, staff.content, '/api/bo/rebate/rates', {
    items: [
      { gameType: 'RNG', rateBp: 100 },
      { gameType: 'LIVE', rateBp: 35 },
      { gameType: 'SPORTS', rateBp: 0 },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
});

const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: KRW });
const fund = (memberId: string, amount: bigint) => paidIn(t, memberId, amount);
const play = (memberId: string, kind: 'BET' | 'ROLLBACK' | 'WIN', amount: bigint, gameType: string) =>
  housePlay(t, memberId, kind, amount, { gameType });
const overview = async (p: TestPlayer) => {
  const res = await asPlayer(t, p).get('/api/rewards/rebate');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    lines: { gameType: string; validBet: string; rateBp: number; rebate: string }[];
    total: string;
    lastClaimAt: string | null;
    claims: { id: string; amount: string }[];
  };
};
const claim = (p: TestPlayer, id = requestId()) => asPlayer(t, p).post('/api/rewards/rebate/claim', { requestId: id });
const balance = (memberId: string) => t.services.ledger.balance(main(memberId));

describe('the rebate page', () => {
  it('shows the unclaimed rebate per category since the last claim, and a claim pays it to the main wallet once', async () => {
    const p = await newPlayer(t);
    await fund(p.memberId, 1_000_000n);
    await play(p.memberId, 'BET', 120_000n, 'RNG');
    await play(p.memberId, 'BET', 30_000n, 'RNG');
    await play(p.memberId, 'WIN', 50_000n, 'RNG');
    await play(p.memberId, 'BET', 100_000n, 'LIVE');
    await play(p.memberId, 'BET', 40_000n, 'SPORTS');
    const before = await overview(p);
    expect(before.lines.find((l) => l.gameType === 'RNG')).toEqual({
      gameType: 'RNG',
      validBet: '150000',
      rateBp: 100,
      rebate: '1500',
    });
    expect(before.lines.find((l) => l.gameType === 'LIVE')).toMatchObject({ validBet: '100000', rebate: '350' });
    expect(before.lines.find((l) => l.gameType === 'SPORTS')).toMatchObject({ validBet: '40000', rebate: '0' });
    expect(before).toMatchObject({ total: '1850', lastClaimAt: null, claims: [] });

    const wallet = await balance(p.memberId);
    const res = await claim(p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ amount: '1850', currency: KRW });
    expect(await balance(p.memberId)).toBe(wallet + 1850n);

    const after = await overview(p);
    expect(after.total).toBe('0');
    expect(after.lines.every((l) => l.validBet === '0')).toBe(true);
    expect(after.lastClaimAt).not.toBeNull();
    expect(after.claims).toHaveLength(1);

    const transfers = await rowCount(t, 'ledgerTransfer');
    const again = await claim(p);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('REBATE_NOTHING_TO_CLAIM');
    expect(await rowCount(t, 'ledgerTransfer')).toBe(transfers);
    expect(await balance(p.memberId)).toBe(wallet + 1850n);
  });

  it('keeps the fraction of a unit for the next claim, and counts a rollback off the valid bet', async () => {
    const p = await newPlayer(t);
    await fund(p.memberId, 100_000n);
    await play(p.memberId, 'BET', 150n, 'RNG'); // 1.5 → pays 1, keeps 0.5
    await play(p.memberId, 'BET', 1_000n, 'LIVE');
    await play(p.memberId, 'ROLLBACK', 1_000n, 'LIVE');
    const o = await overview(p);
    expect(o.lines.find((l) => l.gameType === 'LIVE')).toMatchObject({ validBet: '0', rebate: '0' });
    expect((await claim(p)).json().value.amount).toBe('1');
    await play(p.memberId, 'BET', 50n, 'RNG'); // 0.5 kept + 0.5 = 1
    expect((await overview(p)).total).toBe('1');
    expect((await claim(p)).json().value.amount).toBe('1');
  });

  it('answers a repeat of the same request id with the first claim and pays nothing more', async () => {
    const p = await newPlayer(t);
    await fund(p.memberId, 100_000n);
    await play(p.memberId, 'BET', 10_000n, 'RNG');
    const id = requestId();
    const first = (await claim(p, id)).json().value;
    await play(p.memberId, 'BET', 10_000n, 'RNG');
    const repeat = await claim(p, id);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json().value).toEqual(first);
    expect((await overview(p)).total).toBe('100');
  });

  it('refuses a claim with nothing to claim or a malformed request id, and changes nothing', async () => {
    const p = await newPlayer(t);
    const transfers = await rowCount(t, 'ledgerTransfer');
    expect((await claim(p)).json().code).toBe('REBATE_NOTHING_TO_CLAIM');
    const bad = await asPlayer(t, p).post('/api/rewards/rebate/claim', { requestId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(await rowCount(t, 'ledgerTransfer')).toBe(transfers);
  });

  it('pays once for 12 concurrent claims with different request ids', async () => {
    const p = await newPlayer(t);
    await fund(p.memberId, 1_000_000n);
    await play(p.memberId, 'BET', 500_000n, 'RNG');
    const wallet = await balance(p.memberId);
    const results = await Promise.all(Array.from({ length: 12 }, () => claim(p)));
    const paid = results.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'REBATE_NOTHING_TO_CLAIM')).toBe(
      true,
    );
    expect(results.filter((r) => r.statusCode !== 200 && r.statusCode !== 409)).toEqual([]);
    expect(await balance(p.memberId)).toBe(wallet + 5_000n);
  });

  it('pays once for concurrent claims racing concurrent bets, and what the bets add stays for the next claim', async () => {
    const p = await newPlayer(t);
    await fund(p.memberId, 1_000_000n);
    await play(p.memberId, 'BET', 100_000n, 'RNG');
    await Promise.all([
      ...Array.from({ length: 6 }, () => claim(p)),
      ...Array.from({ length: 6 }, () => play(p.memberId, 'BET', 10_000n, 'RNG')),
    ]);
    const { rows } = await sql<{ paid: string }>`
      SELECT coalesce(sum(amount), 0)::text AS paid FROM rebate_claim WHERE member_id = ${p.memberId}`.execute(
      t.database.db,
    );
    expect(BigInt(rows[0]!.paid) + BigInt((await overview(p)).total)).toBe(1_600n);
  });
});

describe('rebate accrual', () => {
  it('equals the sum over the bets of stake times rate, less rollbacks, for any sequence of plays', async () => {
    const RATES: Record<string, bigint> = { RNG: 100n, LIVE: 35n, SPORTS: 0n };
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            type: fc.constantFrom('RNG', 'LIVE', 'SPORTS'),
            amount: fc.integer({ min: 1, max: 50_000 }),
            rollback: fc.boolean(),
            win: fc.integer({ min: 0, max: 20_000 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (plays) => {
          const p = await newPlayer(t);
          await fund(p.memberId, 1_000_000n);
          const expected = new Map<string, { bet: bigint; units: bigint }>();
          for (const x of plays) {
            await play(p.memberId, 'BET', BigInt(x.amount), x.type);
            if (x.win > 0) await play(p.memberId, 'WIN', BigInt(x.win), x.type);
            const e = expected.get(x.type) ?? { bet: 0n, units: 0n };
            e.bet += BigInt(x.amount);
            e.units += BigInt(x.amount) * RATES[x.type]!;
            if (x.rollback) {
              await play(p.memberId, 'ROLLBACK', BigInt(x.amount), x.type);
              e.bet -= BigInt(x.amount);
              e.units -= BigInt(x.amount) * RATES[x.type]!;
            }
            expected.set(x.type, e);
          }
          const o = await overview(p);
          for (const [type, e] of expected) {
            const line = o.lines.find((l) => l.gameType === type);
            expect(line?.validBet ?? '0').toBe(e.bet.toString());
            expect(line?.rebate ?? '0').toBe((e.units / 10_000n).toString());
          }
          const total = [...expected.values()].reduce((s, e) => s + e.units / 10_000n, 0n);
          expect(o.total).toBe(total.toString());
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('the rebate rates of the back office', () => {
  it('lists every game category, lets content staff set rates with an audit, and refuses support staff', async () => {
    const list = await staffGet(t, staff.support, '/api/bo/rebate/rates');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().value.items.find((i: { gameType: string }) => i.gameType === 'RNG')).toMatchObject({
      rateBp: 100,
    });
    expect(list.json().value.items.length).toBeGreaterThanOrEqual(9);
    const denied = await staffPost(t, staff.support, '/api/bo/rebate/rates', {
      items: [{ gameType: 'FISH', rateBp: 50 }],
    });
    expect(denied.statusCode).toBe(403);
    const ok = await staffPost(t, staff.content, '/api/bo/rebate/rates', { items: [{ gameType: 'FISH', rateBp: 50 }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await auditTrail(t, 'rebate_rate:*')).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a rate above 10 % or an unknown category, and changes nothing', async () => {
    for (const items of [[{ gameType: 'RNG', rateBp: 1001 }], [{ gameType: 'NOPE', rateBp: 10 }], []]) {
      const res = await staffPost(t, staff.content, '/api/bo/rebate/rates', { items });
      expect(res.statusCode).toBe(400);
    }
    const list = await staffGet(t, staff.content, '/api/bo/rebate/rates');
    expect(list.json().value.items.find((i: { gameType: string }) => i.gameType === 'RNG').rateBp).toBe(100);
  });
});
