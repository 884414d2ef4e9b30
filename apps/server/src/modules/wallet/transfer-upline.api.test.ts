import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { describe, expect, it } from 'vitest';
import { setModule } from '../../../test/test-app.ts';
import {
  asPlayer,
  mainBalance,
  newPlayer,
  requestId,
  setWithdrawalPolicy,
  type TestPlayer,
} from './cashier.test-helpers.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();

const PIN = 'pay-4321';
const URL = '/api/wallet/transfer-upline';

/** A member with money and a payment password, below an agent of their own. */
async function memberWithUpline(balance = 100_000n) {
  const agent = await newPlayer(t);
  await t.database.db.updateTable('member').set({ type: 1 }).where('id', '=', agent.memberId).execute();
  const member = await newPlayer(t, { balance, paymentPassword: PIN });
  await t.database.db
    .updateTable('member')
    .set({ uplineId: agent.memberId })
    .where('id', '=', member.memberId)
    .execute();
  return { agent, member };
}
const send = (p: TestPlayer, amount: string, over: Record<string, unknown> = {}) =>
  asPlayer(t, p).post(URL, { amount, paymentPassword: PIN, requestId: requestId(), ...over });
const transferRows = async () =>
  (await t.database.db.selectFrom('ledgerTransfer').select('id').where('kind', '=', 'UPLINE_TRANSFER').execute())
    .length;
const setFlag = (enabled: boolean) => setModule(t, 'TRANSFER_UPLINE', enabled);

describe('transfer to the upline agent', () => {
  it("moves money from the member's main wallet to the agent's main wallet", async () => {
    const { agent, member } = await memberWithUpline();
    const res = await send(member, '25000');
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ amount: '25000', currency: 'KRW', balance: '75000' });
    const agentAccount = await t.database.db
      .selectFrom('member')
      .select('account')
      .where('id', '=', agent.memberId)
      .executeTakeFirstOrThrow();
    expect(v.uplineAccount).toBe(agentAccount.account);
    expect(await mainBalance(t, member.memberId)).toBe(75_000n);
    expect(await mainBalance(t, agent.memberId)).toBe(25_000n);
  });

  it('tells the page whether it may be used, to whom, and the balance', async () => {
    const { member } = await memberWithUpline(5_000n);
    const info = (await asPlayer(t, member).get(URL)).json().value;
    expect(info).toMatchObject({
      available: true,
      unavailableReason: null,
      hasPaymentPassword: true,
      balance: '5000',
      currency: 'KRW',
    });
    const alone = await newPlayer(t);
    expect((await asPlayer(t, alone).get(URL)).json().value).toMatchObject({
      available: false,
      unavailableReason: 'UPLINE_NOT_SET',
      uplineAccount: null,
      hasPaymentPassword: false,
    });
  });

  it('answers a repeated request id with the first answer and moves the money once', async () => {
    const { agent, member } = await memberWithUpline();
    const id = requestId();
    const first = (await send(member, '1000', { requestId: id })).json().value;
    const again = await send(member, '1000', { requestId: id });
    expect(again.statusCode).toBe(200);
    expect(again.json().value.transferId).toBe(first.transferId);
    expect(await mainBalance(t, agent.memberId)).toBe(1_000n);
    const reused = await send(member, '2000', { requestId: id });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await mainBalance(t, member.memberId)).toBe(99_000n);
  });

  it('refuses bad amounts with a clear error and changes nothing', async () => {
    const { agent, member } = await memberWithUpline();
    const before = await transferRows();
    for (const amount of ['0', '-5', '10.5', '1e5', '0100', 'abc', '', ' 100', '1234567890123456789']) {
      const res = await send(member, amount);
      expect(res.statusCode, amount).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.amount' });
    }
    const numeric = await send(member, 100 as unknown as string);
    expect(numeric.json().code).toBe('VALIDATION_FAILED');
    const above = await send(member, '100001');
    expect(above.statusCode).toBe(409);
    expect(above.json()).toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS', field: 'body.amount' });
    expect(await transferRows()).toBe(before);
    expect(await mainBalance(t, member.memberId)).toBe(100_000n);
    expect(await mainBalance(t, agent.memberId)).toBe(0n);
  });

  it('refuses a wrong or missing payment password and changes nothing', async () => {
    const { agent, member } = await memberWithUpline();
    const wrong = await send(member, '1000', { paymentPassword: 'nope-0000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PAYMENT_PASSWORD', field: 'body.paymentPassword' });
    await t.database.db
      .updateTable('member')
      .set({ paymentPasswordHash: null })
      .where('id', '=', member.memberId)
      .execute();
    expect((await send(member, '1000')).json().code).toBe('PAYMENT_PASSWORD_NOT_SET');
    expect(await mainBalance(t, member.memberId)).toBe(100_000n);
    expect(await mainBalance(t, agent.memberId)).toBe(0n);
  });

  it('is refused to a member with no upline, a disabled upline, and a trial account', async () => {
    const alone = await newPlayer(t, { balance: 10_000n, paymentPassword: PIN });
    expect((await send(alone, '1000')).json().code).toBe('UPLINE_NOT_SET');

    const { agent, member } = await memberWithUpline();
    await t.database.db.updateTable('member').set({ status: 'DISABLED' }).where('id', '=', agent.memberId).execute();
    expect((await send(member, '1000')).json().code).toBe('UPLINE_UNAVAILABLE');

    const trial = await memberWithUpline();
    await t.database.db
      .updateTable('member')
      .set({ type: TRIAL_TYPE })
      .where('id', '=', trial.member.memberId)
      .execute();
    const res = await send(trial.member, '1000');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TRIAL_NOT_ALLOWED');
    expect(await mainBalance(t, member.memberId)).toBe(100_000n);
    expect(await mainBalance(t, trial.member.memberId)).toBe(100_000n);
  });

  it('is refused when the site switches it off', async () => {
    const { member } = await memberWithUpline();
    await setFlag(false);
    try {
      const res = await send(member, '1000');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FEATURE_DISABLED');
      expect((await asPlayer(t, member).get(URL)).json().value.unavailableReason).toBe('FEATURE_DISABLED');
      expect(await mainBalance(t, member.memberId)).toBe(100_000n);
    } finally {
      await setFlag(true);
    }
  });

  it('asks for a sign-in', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { amount: '1', paymentPassword: PIN } });
    expect(res.statusCode).toBe(401);
  });
});

describe('transfer to the upline under concurrency (PostgreSQL)', () => {
  // PGlite runs one transaction at a time, so only a real server can show a race.
  const onPostgres = () => t.database.label === 'postgres';

  it('never overdraws a wallet with 100 concurrent withdrawals and upline transfers', async (ctx) => {
    if (!onPostgres()) ctx.skip('row locks need a real PostgreSQL (TEST_DATABASE_URL)');
    await setWithdrawalPolicy(t, { singlePendingWithdrawal: false });
    try {
      const { agent, member } = await memberWithUpline(50_000n);
      const bank = await asPlayer(t, member).post('/api/cashier/bank-accounts', {
        payeeName: 'Hong Gildong',
        bankName: 'Shinhan',
        accountNumber: '110-234-567890',
      });
      const bankAccountId = bank.json().value.id as string;
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          i % 2 === 0
            ? send(member, '1000')
            : asPlayer(t, member).post('/api/cashier/withdrawals', {
                bankAccountId,
                amount: '1000',
                paymentPassword: PIN,
                requestId: requestId(),
              }),
        ),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(50);
      expect(new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code))).toEqual(
        new Set(['WALLET_INSUFFICIENT_FUNDS']),
      );
      const held = await t.database.db
        .selectFrom('withdrawal')
        .select('id')
        .where('memberId', '=', member.memberId)
        .execute();
      expect(await mainBalance(t, member.memberId)).toBe(0n);
      expect(BigInt(held.length) * 1_000n + (await mainBalance(t, agent.memberId))).toBe(50_000n);
    } finally {
      await setWithdrawalPolicy(t, { singlePendingWithdrawal: true });
    }
  });

  it('applies one request id sent 20 times at once exactly once', async (ctx) => {
    if (!onPostgres()) ctx.skip('row locks need a real PostgreSQL (TEST_DATABASE_URL)');
    const { agent, member } = await memberWithUpline();
    const id = requestId();
    const results = await Promise.all(Array.from({ length: 20 }, () => send(member, '7000', { requestId: id })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(results.map((r) => r.json().value.transferId)).size).toBe(1);
    expect(await mainBalance(t, member.memberId)).toBe(93_000n);
    expect(await mainBalance(t, agent.memberId)).toBe(7_000n);
  });
});
