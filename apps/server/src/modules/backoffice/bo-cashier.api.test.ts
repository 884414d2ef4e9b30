import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { staffTeam, type StaffClient } from '../../../test/staff-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { asPlayer, holdBalance, mainBalance, newPlayer, requestId } from '../wallet/cashier.test-helpers.ts';

let t: TestApp;
let finance: StaffClient;
let support: StaffClient;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' });
  ({ finance, support } = await staffTeam(t, ['finance', 'support']));
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

/** A player with 50,000 who asked to withdraw 30,000 (held until a decision). */
async function pendingWithdrawal() {
  const p = await newPlayer(t, { balance: 50_000n, paymentPassword: 'pay-4321' });
  const bank = await asPlayer(t, p).post('/api/cashier/bank-accounts', {
    payeeName: 'Hong Gildong',
    bankName: 'Shinhan',
    accountNumber: '110-234-567890',
  });
  const w = await asPlayer(t, p).post('/api/cashier/withdrawals', {
    bankAccountId: bank.json().value.id,
    amount: '30000',
    paymentPassword: 'pay-4321',
    requestId: requestId(),
  });
  expect(w.statusCode, w.body).toBe(200);
  return { player: p, id: w.json().value.id as string };
}

const decide = (who: StaffClient, id: string, decision: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bo/cashier/withdrawals/decide',
    headers: who.headers,
    payload: { id, decision },
  });

describe('the cashier queues in the back office', () => {
  it('lets finance approve a withdrawal once: paid out, the player sees it, one audit row with before and after', async () => {
    const { player, id } = await pendingWithdrawal();
    const queue = await t.app.inject({ method: 'GET', url: '/api/bo/cashier/withdrawals', headers: finance.headers });
    expect(queue.json().value.withdrawals.map((w: { id: string }) => w.id)).toContain(id);

    const approved = await decide(finance, id, 'APPROVED');
    expect(approved.json().value).toMatchObject({ changed: true, withdrawal: { status: 'APPROVED' } });
    expect(await holdBalance(t, player.memberId)).toBe(0n);
    expect(await mainBalance(t, player.memberId)).toBe(20_000n);
    expect((await decide(finance, id, 'APPROVED')).json().value.changed).toBe(false);

    const seen = await asPlayer(t, player).get('/api/cashier/withdrawals');
    expect(JSON.stringify(seen.json().value)).toContain('APPROVED');
    const audit = await t.database.db
      .selectFrom('staffAudit')
      .selectAll()
      .where('target', '=', `withdrawal:${id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: 'finance',
      action: 'withdrawal.approve',
      before: { status: 'PENDING' },
      after: { status: 'APPROVED' },
    });
  });

  it('adds up the whole withdrawal queue on the server: its count and sum follow each request and decision', async () => {
    const totalOf = async () => {
      const v = (
        await t.app.inject({ method: 'GET', url: '/api/bo/cashier/withdrawals', headers: finance.headers })
      ).json().value as {
        withdrawals: { amount: string }[];
        totals: { currency: string; count: number; amount: string }[];
      };
      const krw = v.totals.find((x) => x.currency === 'KRW') ?? { count: 0, amount: '0' };
      // The sum is the queue's rows, added up exactly (no floating point).
      expect(krw.amount).toBe(String(v.withdrawals.reduce((n, w) => n + BigInt(w.amount), 0n)));
      return { count: krw.count, amount: BigInt(krw.amount) };
    };
    const before = await totalOf();
    const { id } = await pendingWithdrawal();
    await pendingWithdrawal();
    expect(await totalOf()).toEqual({ count: before.count + 2, amount: before.amount + 60_000n });
    await decide(finance, id, 'APPROVED');
    expect(await totalOf()).toEqual({ count: before.count + 1, amount: before.amount + 30_000n });
    const deposits = (
      await t.app.inject({ method: 'GET', url: '/api/bo/cashier/deposits', headers: finance.headers })
    ).json().value;
    expect(Array.isArray(deposits.totals)).toBe(true);
  });

  it('refuses support at the queue and the decision, and changes nothing', async () => {
    const { player, id } = await pendingWithdrawal();
    const list = await t.app.inject({ method: 'GET', url: '/api/bo/cashier/withdrawals', headers: support.headers });
    expect(list.json().code).toBe('STAFF_FORBIDDEN');
    expect((await decide(support, id, 'APPROVED')).json().code).toBe('STAFF_FORBIDDEN');
    expect(await holdBalance(t, player.memberId)).toBe(30_000n);
    await decide(finance, id, 'REJECTED');
    expect(await mainBalance(t, player.memberId)).toBe(50_000n);
  });

  it('undoes the decision and its money when the audit row cannot be written', async () => {
    const { player, id } = await pendingWithdrawal();
    const { db } = t.database;
    await sql
      .raw(`ALTER TABLE staff_audit ADD CONSTRAINT refuse_one CHECK (target <> 'withdrawal:${id}') NOT VALID`)
      .execute(db);
    const res = await decide(finance, id, 'APPROVED');
    await sql`ALTER TABLE staff_audit DROP CONSTRAINT refuse_one`.execute(db);
    expect(res.statusCode).toBe(500);
    const row = await db.selectFrom('withdrawal').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('PENDING');
    expect(await holdBalance(t, player.memberId)).toBe(30_000n);
  });
});
