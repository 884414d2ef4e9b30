import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { asOperator, setModule, startTestApp, type TestApp } from '../../../test/test-app.ts';
import { jobQueue } from '../../jobs/job-queue.ts';
import { jobRepository } from '../../jobs/job.repository.ts';
import { newTreeMember, type TreeMember } from '../agent/agent.test-helpers.ts';
import { asPlayer, mainBalance } from '../wallet/cashier.test-helpers.ts';
import { periodAt } from './contract-periods.ts';
import { SETTLEMENT } from './contract-settlement.ts';

/**
 * Settlement through the job queue with the clock moved: contracts are accepted "earlier" (the
 * composition clock runs behind by `shift`), bets are real ledger transfers made now, and the queue
 * ticks at chosen instants, as two instances would. Each test has a database of its own: the job
 * table remembers which periods ran, and each test moves the clock over the same days.
 */
let t: TestApp;
let shift = 0;
beforeEach(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' }, undefined, {
    compose: { clock: () => new Date(Date.now() + shift) },
  });
  for (const m of ['AGENT_DAILY_SALARY', 'AGENT_REALTIME_SALARY', 'AGENT_DIVIDEND']) await setModule(t, m, true);
});
// After-each hooks run last-registered first: the ledger is checked, then the app closes.
afterEach(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const DAY = 86_400_000;
const TZ = 'Asia/Seoul';
const key = (what: string) => `contract-test:${what}:${randomBytes(6).toString('hex')}`;
const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: 'KRW' });
const vendor = { kind: 'VENDOR_CLEARING' as const, vendorId: 'HOUSE', currency: 'KRW' };
const ledger = () => t.services.ledger;
const svc = () => t.services.contracts.service;

async function bet(p: TreeMember, amount: bigint) {
  await ledger().transfer({ idempotencyKey: key('bet'), kind: 'BET', from: main(p.memberId), to: vendor, amount });
}

/** Does `work` with the composition clock moved back by `ms` (offers and acceptances "in the past"). */
async function earlier<T>(ms: number, work: () => Promise<T>): Promise<T> {
  shift = -ms;
  try {
    return await work();
  } finally {
    shift = 0;
  }
}

/** Operator → top (rate `topRate`), top → sub (rate `subRate`), both accepted `ago` ms ago. */
async function contracted(
  kind: 'DAILY_SALARY' | 'REALTIME_SALARY',
  topRate: string,
  subRate: string,
  ago: number,
  topMoney = 0n,
) {
  const top = await newTreeMember(t, null, { type: 1, ...(topMoney ? { balance: topMoney } : {}) });
  const sub = await newTreeMember(t, top, { type: 2 });
  const players = [
    await newTreeMember(t, sub, { balance: 10_000_000n }),
    await newTreeMember(t, sub, { balance: 10_000_000n }),
  ];
  const tiers = (rate: string) => [{ minValidBet: '0', minActiveMembers: 1, rate }];
  await earlier(ago, async () => {
    const o = await svc().offerTopLevel({ account: top.account, kind, tiers: tiers(topRate) });
    await svc().accept(top.memberId, o.id);
    const s = await svc().offer(top.memberId, { memberId: sub.memberId, kind, tiers: tiers(subRate) });
    await svc().accept(sub.memberId, s.id);
  });
  return { top, sub, players };
}

const settlementsOf = async (holderId: string) =>
  (
    await sql<{ periodKey: string; amount: string; status: string; validBet: string; transfers: number }>`
      SELECT s.period_key AS "periodKey", s.amount::text AS amount, s.status, s.valid_bet::text AS "validBet",
        (SELECT count(*) FROM ledger_transfer l
         WHERE l.idempotency_key = 'contract:' || s.contract_id || ':' || s.period_key)::int AS transfers
      FROM contract_settlement s WHERE s.holder_id = ${holderId} ORDER BY s.period_start`.execute(t.database.db)
  ).rows;

const afterGrace = (instant: Date) => new Date(instant.getTime() + SETTLEMENT.graceMs + 1000);

describe('daily salary settlement', () => {
  it('two instances ticking the same periods at once pay each period once, upline before downline', async () => {
    const { top, sub, players } = await contracted('DAILY_SALARY', '0.02', '0.01', 2 * DAY, 0n);
    await bet(players[0]!, 300_000n);
    await bet(players[1]!, 200_000n);
    const today = periodAt('DAILY', new Date(), TZ);
    const tick = afterGrace(today.end);
    const second = jobQueue(jobRepository(t.database.db), t.services.contracts.settlement.tasks, 'second-instance');
    await Promise.all([t.app.jobs.tick(tick), second.tick(tick), t.app.jobs.tick(tick), second.tick(tick)]);

    const subRows = await settlementsOf(sub.memberId);
    const paidToday = subRows.filter((r) => r.periodKey === today.key);
    expect(paidToday).toEqual([
      { periodKey: today.key, amount: '5000', status: 'PAID', validBet: '500000', transfers: 1 },
    ]);
    // The top agent's team is the sub-agent's team too: 2 % of 500,000 from the house, then it paid 1 %.
    const topRows = await settlementsOf(top.memberId);
    expect(topRows.filter((r) => r.periodKey === today.key)).toEqual([
      { periodKey: today.key, amount: '10000', status: 'PAID', validBet: '500000', transfers: 1 },
    ]);
    expect(await mainBalance(t, sub.memberId)).toBe(5_000n);
    expect(await mainBalance(t, top.memberId)).toBe(5_000n);

    // Both sides see the statement.
    const day = today.key;
    const received = (
      await asPlayer(t, sub).get(`/api/agent/contracts/statements?kind=DAILY_SALARY&from=${day}&to=${day}`)
    ).json().value;
    expect(received.items).toHaveLength(1);
    expect(received.items[0]).toMatchObject({ rate: '0.01', tier: 0, activeMembers: 2, payer: { id: top.memberId } });
    expect(received.totals).toMatchObject({ amount: '5000', paid: '5000', owed: '0', count: 1 });
    const paid = (
      await asPlayer(t, top).get(`/api/agent/contracts/statements?kind=DAILY_SALARY&side=paid&from=${day}&to=${day}`)
    ).json().value;
    expect(paid.items.map((s: { holder: { id: string } }) => s.holder.id)).toEqual([sub.memberId]);
  });

  it('back-fills every day missed while no instance ran, and records each day once', async () => {
    const { sub, players } = await contracted('DAILY_SALARY', '0.02', '0.01', 4 * DAY, 1_000_000n);
    await bet(players[0]!, 100_000n);
    const today = periodAt('DAILY', new Date(), TZ);
    // No instance ran for days; the first tick after today ends settles every day since the contract began.
    await t.app.jobs.tick(afterGrace(today.end));
    const rows = await settlementsOf(sub.memberId);
    const first = periodAt('DAILY', new Date(Date.now() - 4 * DAY), TZ);
    const expectedDays: string[] = [];
    for (let p = periodAt('DAILY', first.end, TZ); p.start <= today.start; p = periodAt('DAILY', p.end, TZ))
      expectedDays.push(p.key);
    expect(rows.map((r) => r.periodKey)).toEqual(expectedDays);
    expect(rows.filter((r) => r.status === 'PAID')).toEqual([
      { periodKey: today.key, amount: '1000', status: 'PAID', validBet: '100000', transfers: 1 },
    ]);
    expect(rows.filter((r) => r.periodKey !== today.key).every((r) => r.status === 'ZERO')).toBe(true);
    // Ticking again changes nothing.
    await t.app.jobs.tick(afterGrace(today.end));
    expect(await settlementsOf(sub.memberId)).toEqual(rows);
  });

  it('an owed settlement is paid once when the upline has the money, by the retry and the claim alike', async () => {
    // The top agent has an accepted house contract for a later day only, so it has no money yet.
    const top = await newTreeMember(t, null, { type: 1 });
    const sub = await newTreeMember(t, top, { type: 2 });
    const player = await newTreeMember(t, sub, { balance: 10_000_000n });
    const tiers = (rate: string) => [{ minValidBet: '0', minActiveMembers: 1, rate }];
    await earlier(2 * DAY, async () => {
      const o = await svc().offerTopLevel({ account: top.account, kind: 'DAILY_SALARY', tiers: tiers('0.01') });
      await svc().accept(top.memberId, o.id);
      const s = await svc().offer(top.memberId, { memberId: sub.memberId, kind: 'DAILY_SALARY', tiers: tiers('0.01') });
      await svc().accept(sub.memberId, s.id);
      // The top agent drops its own contract from the next day on... but keeps paying the sub-agent's until its end.
    });
    await t.database.db.transaction().execute(async (trx) => {
      // The house contract ends before today: the top agent earns nothing today but owes its sub-agent.
      await sql`UPDATE agent_contract SET status = 'TERMINATED', terminated_by = 'OPERATOR', ends_at = ${periodAt('DAILY', new Date(), TZ).start}
        WHERE holder_id = ${top.memberId}`.execute(trx);
    });
    await bet(player, 400_000n);
    const today = periodAt('DAILY', new Date(), TZ);
    await t.app.jobs.tick(afterGrace(today.end));
    expect((await settlementsOf(sub.memberId)).filter((r) => r.periodKey === today.key)).toEqual([
      { periodKey: today.key, amount: '4000', status: 'OWED', validBet: '400000', transfers: 0 },
    ]);
    const owedView = (
      await asPlayer(t, sub).get(`/api/agent/contracts/statements?kind=DAILY_SALARY&from=${today.key}&to=${today.key}`)
    ).json().value;
    expect(owedView.totals).toMatchObject({ owed: '4000', paid: '0' });

    // Money arrives; the retry and the agent's claim race for it; it is paid once.
    await ledger().transfer({
      idempotencyKey: key('fund'),
      kind: 'DEPOSIT',
      from: { kind: 'PAYMENT_CLEARING', currency: 'KRW' },
      to: main(top.memberId),
      amount: 10_000n,
    });
    const later = new Date(afterGrace(today.end).getTime() + SETTLEMENT.owedRetryEveryMs);
    const [, claim] = await Promise.all([
      t.app.jobs.tick(later),
      asPlayer(t, sub).post('/api/agent/contracts/claim', { kind: 'DAILY_SALARY' }),
      t.services.contracts.settlement.payOpen({ onlyOwed: true }),
    ]);
    expect(claim.statusCode, claim.body).toBe(200);
    expect(claim.json().value).toMatchObject({ owed: 0, owedAmount: '0' });
    expect((await settlementsOf(sub.memberId)).filter((r) => r.periodKey === today.key)).toEqual([
      { periodKey: today.key, amount: '4000', status: 'PAID', validBet: '400000', transfers: 1 },
    ]);
    expect(await mainBalance(t, top.memberId)).toBe(6_000n);
    expect(await mainBalance(t, sub.memberId)).toBe(4_000n);
  });
});

describe('real-time salary', () => {
  it('across 5-minute periods under concurrent bets adds up to exactly rate × valid bet, each period paid once', async () => {
    const { top, sub, players } = await contracted('REALTIME_SALARY', '0.02', '0.01', 3_600_000, 0n);
    const second = jobQueue(jobRepository(t.database.db), t.services.contracts.settlement.tasks, 'second-instance-rt');
    // Bets of 100 × k (1 % of each is a whole number) from both players while both instances tick.
    let stop = false;
    const ticking = (async () => {
      while (!stop) await Promise.all([t.app.jobs.tick(new Date()), second.tick(new Date())]);
    })();
    const amounts = Array.from({ length: 30 }, (_, i) => BigInt(100 * (i + 1)));
    await Promise.all(amounts.map((a, i) => bet(players[i % 2]!, a)));
    stop = true;
    await ticking;
    const total = amounts.reduce((s, a) => s + a, 0n);
    const last = periodAt('FIVE_MINUTES', new Date(), TZ);
    await Promise.all([t.app.jobs.tick(afterGrace(last.end)), second.tick(afterGrace(last.end))]);

    const rows = await settlementsOf(sub.memberId);
    expect(rows.every((r) => r.status === 'PAID' || r.status === 'ZERO')).toBe(true);
    expect(rows.every((r) => r.transfers === (r.status === 'PAID' ? 1 : 0))).toBe(true);
    expect(new Set(rows.map((r) => r.periodKey)).size).toBe(rows.length);
    expect(rows.reduce((s, r) => s + BigInt(r.validBet), 0n)).toBe(total);
    expect(rows.reduce((s, r) => s + BigInt(r.amount), 0n)).toBe(total / 100n);
    expect(await mainBalance(t, sub.memberId)).toBe(total / 100n);
    expect(await mainBalance(t, top.memberId)).toBe((total * 2n) / 100n - total / 100n);
    // Every 5-minute period since the contract began has its row (back-filled), none twice.
    const keys = rows.map((r) => r.periodKey);
    expect(keys).toEqual([...keys].sort());
  });
});

describe('statements and claims', () => {
  it('are refused where the site does not allow claiming, and a member outside the team is not found', async () => {
    const { top, sub } = await contracted('DAILY_SALARY', '0.02', '0.01', DAY, 0n);
    await t.services.settings.put('contracts', { manualClaim: false, autoPay: true });
    try {
      const res = await asPlayer(t, sub).post('/api/agent/contracts/claim', { kind: 'DAILY_SALARY' });
      expect(res.json()).toMatchObject({ success: false, code: 'CONTRACT_CLAIM_DISABLED' });
    } finally {
      await t.services.settings.put('contracts', { manualClaim: true, autoPay: true });
    }
    const stranger = await newTreeMember(t, null, { type: 1 });
    const res = await asPlayer(t, top).get(
      `/api/agent/contracts/statements?kind=DAILY_SALARY&side=paid&memberId=${stranger.memberId}`,
    );
    expect(res.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    const bo = await t.app.inject({ method: 'GET', url: '/api/ops/contracts?kind=DAILY_SALARY', headers: asOperator });
    expect(bo.statusCode).toBe(200);
  });

  it('with automatic payment off, settlements wait as claimable and the agent’s claim pays them once', async () => {
    await t.services.settings.put('contracts', { manualClaim: true, autoPay: false });
    try {
      const { top, sub, players } = await contracted('DAILY_SALARY', '0.02', '0.01', 2 * DAY, 100_000n);
      await bet(players[0]!, 250_000n);
      const today = periodAt('DAILY', new Date(), TZ);
      await t.app.jobs.tick(afterGrace(today.end));
      expect((await settlementsOf(sub.memberId)).find((r) => r.periodKey === today.key)).toMatchObject({
        status: 'CLAIMABLE',
        amount: '2500',
      });
      const [a, b] = await Promise.all([
        asPlayer(t, sub).post('/api/agent/contracts/claim', { kind: 'DAILY_SALARY' }),
        asPlayer(t, sub).post('/api/agent/contracts/claim', { kind: 'DAILY_SALARY' }),
      ]);
      expect([a.json().value.paid, b.json().value.paid].sort()).toEqual([0, 1]);
      expect(await mainBalance(t, sub.memberId)).toBe(2_500n);
      expect(await mainBalance(t, top.memberId)).toBe(100_000n - 2_500n);
    } finally {
      await t.services.settings.put('contracts', { manualClaim: true, autoPay: true });
    }
  });
});
