import { describe, expect, it } from 'vitest';
import { asPlayer, newPlayer, requestId, type TestPlayer, withdrawalOf } from './cashier.test-helpers.ts';
import { housePlay } from '../../../test/ledger-moves.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();

const PIN = 'pay-4321';
let n = 0;
const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: 'KRW' });
/** A seamless-wallet call as the games module will record it. */
const play = (memberId: string, kind: 'BET' | 'WIN' | 'ROLLBACK', amount: bigint, gameType: string, roundId: string) =>
  housePlay(t, memberId, kind, amount, { gameType, roundId });
const bonus = (memberId: string, amount: bigint) =>
  t.services.ledger.transfer({
    idempotencyKey: `test-bonus:${n++}`,
    kind: 'BONUS',
    from: { kind: 'BONUS', currency: 'KRW' },
    to: main(memberId),
    amount,
    reference: { promotionId: 'WELCOME', remark: 'first deposit' },
  });
const get = (p: TestPlayer, url: string) => asPlayer(t, p).get(url);
const today = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

describe('transaction history', () => {
  it("lists the member's own entries newest first with type, signed amount and balance after", async () => {
    const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    await play(p.memberId, 'BET', 3_000n, 'RNG', 'r1');
    await play(p.memberId, 'WIN', 5_000n, 'RNG', 'r1');
    const res = await get(p, '/api/wallet/history/transactions');
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ page: 1, pageSize: 20, total: 3, to: today() });
    expect(
      v.items.map((i: { type: string; amount: string; balanceAfter: string }) => [i.type, i.amount, i.balanceAfter]),
    ).toEqual([
      ['WIN', '5000', '102000'],
      ['BET', '-3000', '97000'],
      ['DEPOSIT', '100000', '100000'],
    ]);
    expect(v.items[0]).toMatchObject({
      wallet: 'MAIN',
      currency: 'KRW',
      reference: { gameType: 'RNG', roundId: 'r1' },
    });
  });

  it('shows a withdrawal as the hold on the main wallet and the payout from the hold', async () => {
    const p = await newPlayer(t, { balance: 50_000n, paymentPassword: PIN });
    const w = await withdrawalOf(t, p, '20000', { paymentPassword: PIN, decision: 'approve' });
    const items = (await get(p, '/api/wallet/history/transactions')).json().value.items;
    expect(items.map((i: { type: string; wallet: string; amount: string }) => [i.type, i.wallet, i.amount])).toEqual([
      ['WITHDRAWAL', 'HOLD', '-20000'],
      ['WITHDRAWAL_HOLD', 'HOLD', '20000'],
      ['WITHDRAWAL_HOLD', 'MAIN', '-20000'],
      ['DEPOSIT', 'MAIN', '50000'],
    ]);
    expect(items[0].reference.withdrawalId).toBe(w.id);
    const filtered = (await get(p, '/api/wallet/history/transactions?type=DEPOSIT')).json().value;
    expect(filtered.total).toBe(1);
    expect(filtered.items[0].type).toBe('DEPOSIT');
  });

  it('pages with page and pageSize and counts every matching row', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    for (let i = 0; i < 5; i++) await play(p.memberId, 'BET', 100n, 'LIVE', `p${i}`);
    const page2 = (await get(p, '/api/wallet/history/transactions?type=BET&page=2&pageSize=2')).json().value;
    expect(page2).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(page2.items).toHaveLength(2);
    const beyond = (await get(p, '/api/wallet/history/transactions?type=BET&page=9&pageSize=2')).json().value;
    expect(beyond).toMatchObject({ items: [], total: 5 });
    for (const q of ['pageSize=101', 'pageSize=0', 'page=0', 'page=x', 'type=NOPE', 'from=2024-1-1']) {
      const res = await get(p, `/api/wallet/history/transactions?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code, q).toBe('VALIDATION_FAILED');
    }
  });

  it('never shows another member their rows', async () => {
    const a = await newPlayer(t, { balance: 1_000n });
    const b = await newPlayer(t, { balance: 2_000n });
    await play(a.memberId, 'BET', 10n, 'RNG', 'mine');
    const seen = (await get(b, '/api/wallet/history/transactions')).json().value;
    expect(seen.total).toBe(1);
    expect(seen.items[0].amount).toBe('2000');
    expect((await get(b, '/api/wallet/history/profit')).json().value.items).toEqual([]);
  });
});

describe('history date ranges', () => {
  it('refuses a start after the end and a range longer than 90 days, in any history call', async () => {
    const p = await newPlayer(t);
    for (const path of ['transactions', 'account-record', 'bonuses', 'profit']) {
      const reversed = await get(p, `/api/wallet/history/${path}?from=2025-03-02&to=2025-03-01`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json()).toMatchObject({ code: 'DATE_RANGE_INVALID', field: 'query.from' });
      const long = await get(p, `/api/wallet/history/${path}?from=2025-01-01&to=2025-04-01`);
      expect(long.json()).toMatchObject({ code: 'DATE_RANGE_TOO_LONG', value: { maxDays: 90 } });
      const ok = await get(p, `/api/wallet/history/${path}?from=2025-01-01&to=2025-03-31`);
      expect(ok.statusCode, path).toBe(200);
      const notADay = await get(p, `/api/wallet/history/${path}?from=2025-02-30&to=2025-03-01`);
      expect(notADay.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'query.from' });
    }
  });

  it("filters and groups by the transfer's calendar day in Korean time", async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    await play(p.memberId, 'BET', 100n, 'RNG', 'late');
    const id = (await get(p, '/api/wallet/history/transactions?type=BET')).json().value.items[0].id;
    const created = await t.database.db
      .selectFrom('ledgerTransfer')
      .select('createdAt')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const kst = new Date(new Date(created.createdAt).getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    const dayBefore = new Date(Date.parse(kst) - 86_400_000).toISOString().slice(0, 10);
    const on = (await get(p, `/api/wallet/history/transactions?type=BET&from=${kst}&to=${kst}`)).json().value;
    expect(on.total).toBe(1);
    const before = (await get(p, `/api/wallet/history/transactions?type=BET&from=${dayBefore}&to=${dayBefore}`)).json()
      .value;
    expect(before.total).toBe(0);
    const profit = (await get(p, `/api/wallet/history/profit?from=${kst}&to=${kst}`)).json().value;
    expect(profit.items[0].day).toBe(kst);
  });
});

describe('account record', () => {
  it('lists deposits and withdrawals with their status, filtered by type and status', async () => {
    const p = await newPlayer(t, { balance: 50_000n, paymentPassword: PIN });
    const d = await asPlayer(t, p).post('/api/cashier/deposits', {
      methodCode: 'BANK_TRANSFER',
      amount: '30000',
      payerName: 'Hong Gildong',
      requestId: requestId(),
    });
    expect(d.statusCode, d.body).toBe(200);
    await withdrawalOf(t, p, '10000', {
      paymentPassword: PIN,
      decision: 'reject',
      reason: 'name mismatch',
    });
    const all = (await get(p, '/api/wallet/history/account-record')).json().value;
    expect(all.total).toBe(2);
    expect(
      all.items.map((i: { type: string; status: string; method: string }) => [i.type, i.status, i.method]),
    ).toEqual([
      ['WITHDRAWAL', 'REJECTED', 'Shinhan'],
      ['DEPOSIT', 'PENDING', 'BANK_TRANSFER'],
    ]);
    expect(all.items[0].rejectReason).toBe('name mismatch');
    const deposits = (await get(p, '/api/wallet/history/account-record?type=DEPOSIT&status=PENDING')).json().value;
    expect(deposits.items.map((i: { id: string }) => i.id)).toEqual([d.json().value.id]);

    const other = await newPlayer(t);
    expect((await get(other, '/api/wallet/history/account-record')).json().value.total).toBe(0);
  });
});

describe('bonus details', () => {
  it("lists the member's bonuses with their source and the total over the range", async () => {
    const p = await newPlayer(t);
    await bonus(p.memberId, 5_000n);
    await bonus(p.memberId, 2_500n);
    const other = await newPlayer(t);
    await bonus(other.memberId, 999n);
    const v = (await get(p, '/api/wallet/history/bonuses?pageSize=1')).json().value;
    expect(v).toMatchObject({ total: 2, totalAmount: '7500', currency: 'KRW' });
    expect(v.items).toEqual([expect.objectContaining({ amount: '2500', source: 'WELCOME', remark: 'first deposit' })]);
  });
});

describe('personal profit', () => {
  it('sums bets, wins and rollbacks by KST day and game type, with totals', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    await play(p.memberId, 'BET', 1_000n, 'RNG', 'a');
    await play(p.memberId, 'WIN', 2_500n, 'RNG', 'a');
    await play(p.memberId, 'BET', 4_000n, 'LIVE', 'b');
    await play(p.memberId, 'BET', 500n, 'LIVE', 'c');
    await play(p.memberId, 'ROLLBACK', 500n, 'LIVE', 'c');
    const v = (await get(p, '/api/wallet/history/profit')).json().value;
    expect(v.total).toBe(2);
    expect(v.currency).toBe('KRW');
    expect(v.items).toEqual([
      {
        day: today(),
        gameType: 'LIVE',
        betAmount: '4500',
        winAmount: '0',
        rollbackAmount: '500',
        netAmount: '-4000',
        betCount: 2,
      },
      {
        day: today(),
        gameType: 'RNG',
        betAmount: '1000',
        winAmount: '2500',
        rollbackAmount: '0',
        netAmount: '1500',
        betCount: 1,
      },
    ]);
    expect(v.totals).toEqual({ betAmount: '5500', winAmount: '2500', rollbackAmount: '500', netAmount: '-2500' });
    const live = (await get(p, '/api/wallet/history/profit?gameType=LIVE')).json().value;
    expect(live.items.map((i: { gameType: string }) => i.gameType)).toEqual(['LIVE']);
  });
});
