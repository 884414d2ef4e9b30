import { describe, expect, it } from 'vitest';
import { asOperator } from '../../../test/test-app.ts';
import {
  addBankAccount,
  askWithdrawal,
  asPlayer,
  confirmWithdrawal,
  holdBalance,
  mainBalance,
  newPlayer,
  requestId,
  rowCount,
  setWithdrawalPolicy,
  type TestPlayer,
} from './cashier.test-helpers.ts';
import { verifyLedger } from './ledger-verify.repository.ts';
import { runOps, STARTS_PROCESSES } from '../../../test/ops-cli.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();

const PIN = 'pay-4321';
const operator = (url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: asOperator, payload: payload as object });
const addBank = (p: TestPlayer, accountNumber?: string) => addBankAccount(t, p, accountNumber);
const withdraw = (p: TestPlayer, bankAccountId: string, amount: string, over: Record<string, unknown> = {}) =>
  askWithdrawal(t, p, bankAccountId, amount, PIN, over);
const confirm = (p: TestPlayer, id: string, result: 'RECEIVED' | 'NOT_RECEIVED' | 'FULL_PAYMENT', proof?: string) =>
  confirmWithdrawal(t, p, id, result, proof);
const setSettings = (v: { singlePendingWithdrawal: boolean; autoReceiptMinutes: number }) => setWithdrawalPolicy(t, v);
const rowsOf = async (memberId: string) =>
  t.database.db.selectFrom('withdrawal').select(['id', 'status']).where('memberId', '=', memberId).execute();
const transferCount = () => rowCount(t, 'ledgerTransfer');

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

/** A player with money, a payment password, a bank account and an approved withdrawal of 30,000. */
async function approvedWithdrawal() {
  const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
  const bank = await addBank(p);
  const w = (await withdraw(p, bank, '30000')).json().value;
  expect((await operator('/api/ops/withdrawals/approve', { id: w.id })).json().value.changed).toBe(true);
  return { p, w };
}

describe('the payment password', () => {
  it('is set freely the first time, then only with the current one', async () => {
    const p = await newPlayer(t);
    const me = asPlayer(t, p);
    expect((await me.get('/api/cashier/bank-accounts')).json().value.hasPaymentPassword).toBe(false);
    const first = await me.post('/api/cashier/payment-password', { newPassword: PIN });
    expect(first.json().value).toEqual({ hasPaymentPassword: true });
    expect((await me.get('/api/cashier/bank-accounts')).json().value.hasPaymentPassword).toBe(true);

    const noCurrent = await me.post('/api/cashier/payment-password', { newPassword: 'other-999' });
    expect(noCurrent.json()).toMatchObject({ code: 'WRONG_PAYMENT_PASSWORD', field: 'body.currentPassword' });
    const wrong = await me.post('/api/cashier/payment-password', {
      currentPassword: 'nope-000',
      newPassword: 'x-99999',
    });
    expect(wrong.json().code).toBe('WRONG_PAYMENT_PASSWORD');
    const right = await me.post('/api/cashier/payment-password', { currentPassword: PIN, newPassword: 'new-pin-1' });
    expect(right.statusCode).toBe(200);
    const short = await me.post('/api/cashier/payment-password', { currentPassword: 'new-pin-1', newPassword: '123' });
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.newPassword' });
  });
});

describe('bank accounts', () => {
  it('keeps at most five per member, shows only the end of the number, and only to its owner', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    for (let i = 0; i < 5; i++) await addBank(a, `1002003000${i}`);
    const sixth = await asPlayer(t, a).post('/api/cashier/bank-accounts', {
      payeeName: 'Hong',
      bankName: 'KB',
      accountNumber: '99999999',
    });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('BANK_ACCOUNT_LIMIT');
    const list = (await asPlayer(t, a).get('/api/cashier/bank-accounts')).json().value.accounts;
    expect(list).toHaveLength(5);
    expect(list[0].accountNumberMasked).toBe('*******0000');
    expect(list[4].accountNumberMasked).toMatch(/^\*+0004$/);
    expect((await asPlayer(t, b).get('/api/cashier/bank-accounts')).json().value.accounts).toEqual([]);
  });

  it('keeps the limit of five when many adds of one member arrive at once', async () => {
    const p = await newPlayer(t);
    const adds = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        asPlayer(t, p).post('/api/cashier/bank-accounts', {
          payeeName: 'Hong Gildong',
          bankName: 'KB',
          accountNumber: `5005005000${i}`,
        }),
      ),
    );
    expect(adds.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(adds.filter((r) => r.json().code === 'BANK_ACCOUNT_LIMIT')).toHaveLength(3);
    expect((await asPlayer(t, p).get('/api/cashier/bank-accounts')).json().value.accounts).toHaveLength(5);
  });

  it('refuses an account number that is not digits and dashes, and empty names', async () => {
    const p = await newPlayer(t);
    for (const bad of [
      { payeeName: 'A', bankName: 'B', accountNumber: 'abc-123' },
      { payeeName: 'A', bankName: 'B', accountNumber: '12' },
      { payeeName: '  ', bankName: 'B', accountNumber: '1234567' },
    ]) {
      const res = await asPlayer(t, p).post('/api/cashier/bank-accounts', bad);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await asPlayer(t, p).get('/api/cashier/bank-accounts')).json().value.accounts).toEqual([]);
  });
});

describe('a withdrawal request', () => {
  it('refuses a wrong payment password and changes nothing', async () => {
    const p = await newPlayer(t, { balance: 50_000n, paymentPassword: PIN });
    const bank = await addBank(p);
    const before = await transferCount();
    const res = await withdraw(p, bank, '10000', { paymentPassword: 'wrong-pin' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WRONG_PAYMENT_PASSWORD', field: 'body.paymentPassword' });
    expect(await rowsOf(p.memberId)).toEqual([]);
    expect(await transferCount()).toBe(before);
    expect(await mainBalance(t, p.memberId)).toBe(50_000n);
  });

  it('asks for a payment password to be set first', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const bank = await addBank(p);
    expect((await withdraw(p, bank, '10000')).json().code).toBe('PAYMENT_PASSWORD_NOT_SET');
  });

  it('refuses an amount outside the withdrawal policy with the formatted bounds, and writes nothing', async () => {
    const p = await newPlayer(t, { balance: 50_000n, paymentPassword: PIN });
    const bank = await addBank(p);
    const low = await withdraw(p, bank, '100'); // ₩1.00, below the default ₩10.00
    expect(low.statusCode).toBe(400);
    expect(low.json()).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE', field: 'body.amount' });
    expect(low.json().message).toBe('The amount must be between ₩10.00 and ₩100,000,000.00.');
    expect(await rowsOf(p.memberId)).toEqual([]);
    expect(await mainBalance(t, p.memberId)).toBe(50_000n);
    const limits = (await asPlayer(t, p).get('/api/cashier/bank-accounts')).json().value;
    expect(limits.withdrawalLimits).toEqual({ minAmount: '1000', maxAmount: '10000000000', currency: 'KRW' });
  });

  it('refuses an amount above the withdrawable balance and writes nothing', async () => {
    const p = await newPlayer(t, { balance: 50_000n, paymentPassword: PIN });
    const bank = await addBank(p);
    const res = await withdraw(p, bank, '50001');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'WALLET_INSUFFICIENT_FUNDS', field: 'body.amount' });
    expect(await rowsOf(p.memberId)).toEqual([]);
    expect(await mainBalance(t, p.memberId)).toBe(50_000n);
  });

  it.each([['-1'], ['0'], ['1.5'], ['1e5'], ['abc'], ['0100'], ['99999999999999999999']])(
    'refuses the amount %j with the field',
    async (amount) => {
      const p = await newPlayer(t, { balance: 50_000n, paymentPassword: PIN });
      const bank = await addBank(p);
      const res = await withdraw(p, bank, amount);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.amount' });
      expect(await rowsOf(p.memberId)).toEqual([]);
    },
  );

  it('holds the amount, and approval pays it out of the hold', async () => {
    const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    const bank = await addBank(p);
    const w = (await withdraw(p, bank, '40000')).json().value;
    expect(w).toMatchObject({ status: 'PENDING', amount: '40000', confirmation: null });
    expect(await mainBalance(t, p.memberId)).toBe(60_000n);
    expect(await holdBalance(t, p.memberId)).toBe(40_000n);

    const pending = (await t.app.inject({ url: '/api/ops/withdrawals/pending', headers: asOperator })).json().value;
    expect(pending.withdrawals.find((x: { id: string }) => x.id === w.id)).toMatchObject({
      accountNumber: '110-234-567890',
      payeeName: 'Hong Gildong',
    });

    const approved = await operator('/api/ops/withdrawals/approve', { id: w.id });
    expect(approved.json().value).toMatchObject({ changed: true, withdrawal: { status: 'APPROVED' } });
    expect(await holdBalance(t, p.memberId)).toBe(0n);
    expect(await mainBalance(t, p.memberId)).toBe(60_000n);
    expect((await operator('/api/ops/withdrawals/approve', { id: w.id })).json().value.changed).toBe(false);
    const reject = await operator('/api/ops/withdrawals/reject', { id: w.id });
    expect(reject.json().code).toBe('WITHDRAWAL_NOT_PENDING');
    expect(await mainBalance(t, p.memberId)).toBe(60_000n);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('returns the held amount to the wallet when the operator rejects it', async () => {
    const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    const bank = await addBank(p);
    const w = (await withdraw(p, bank, '40000')).json().value;
    const rejected = await operator('/api/ops/withdrawals/reject', { id: w.id, reason: 'name mismatch' });
    expect(rejected.json().value.withdrawal).toMatchObject({ status: 'REJECTED', rejectReason: 'name mismatch' });
    expect(await mainBalance(t, p.memberId)).toBe(100_000n);
    expect(await holdBalance(t, p.memberId)).toBe(0n);
    expect((await operator('/api/ops/withdrawals/approve', { id: w.id })).json().code).toBe('WITHDRAWAL_NOT_PENDING');
  });

  it('refuses a second withdrawal while one is pending when the operator forbids it', async () => {
    const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    const bank = await addBank(p);
    const first = (await withdraw(p, bank, '10000')).json().value;
    const second = await withdraw(p, bank, '10000');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('WITHDRAWAL_PENDING_EXISTS');
    expect(await mainBalance(t, p.memberId)).toBe(90_000n);
    await operator('/api/ops/withdrawals/approve', { id: first.id });
    expect((await withdraw(p, bank, '10000')).statusCode).toBe(200);
  });

  it('never overdraws the wallet with 20 concurrent withdrawals', async () => {
    await setSettings({ singlePendingWithdrawal: false, autoReceiptMinutes: 60 });
    try {
      const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
      const bank = await addBank(p);
      const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(p, bank, '15000')));
      const ok = results.filter((r) => r.statusCode === 200);
      expect(ok).toHaveLength(6);
      expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(
        Array(14).fill('WALLET_INSUFFICIENT_FUNDS'),
      );
      expect(await mainBalance(t, p.memberId)).toBe(10_000n);
      expect(await holdBalance(t, p.memberId)).toBe(90_000n);
      expect(await rowsOf(p.memberId)).toHaveLength(6);
      expect(await verifyLedger(t.database.db)).toEqual([]);
    } finally {
      await setSettings({ singlePendingWithdrawal: true, autoReceiptMinutes: 60 });
    }
  });

  it('holds exactly one of 20 concurrent withdrawals while only one may be pending', async () => {
    const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    const bank = await addBank(p);
    const results = await Promise.all(Array.from({ length: 20 }, () => withdraw(p, bank, '1000')));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(
      Array(19).fill('WITHDRAWAL_PENDING_EXISTS'),
    );
    expect(await rowsOf(p.memberId)).toEqual([expect.objectContaining({ status: 'PENDING' })]);
    expect(await holdBalance(t, p.memberId)).toBe(1_000n);
    expect(await mainBalance(t, p.memberId)).toBe(99_000n);
  });

  it('creates one withdrawal when the same request id is sent 10 times at once', async () => {
    const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    const bank = await addBank(p);
    const id = requestId();
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(p, bank, '25000', { requestId: id })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.json().value.id)).size).toBe(1);
    expect(await rowsOf(p.memberId)).toHaveLength(1);
    expect(await mainBalance(t, p.memberId)).toBe(75_000n);
    const reused = await withdraw(p, bank, '25001', { requestId: id });
    expect(reused.json().code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it("answers NOT_FOUND for another member's bank account and withdrawal, and shows none of them", async () => {
    const a = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    const b = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    const bankA = await addBank(a);
    const bankB = await addBank(b);
    const res = await withdraw(a, bankB, '10000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', field: 'body.bankAccountId' });
    expect(await mainBalance(t, a.memberId)).toBe(100_000n);

    const wA = (await withdraw(a, bankA, '10000')).json().value;
    await operator('/api/ops/withdrawals/approve', { id: wA.id });
    const foreign = await confirm(b, wA.id, 'RECEIVED');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await asPlayer(t, b).get('/api/cashier/withdrawals')).json().value.withdrawals).toEqual([]);
    const mine = (await asPlayer(t, a).get('/api/cashier/withdrawals')).json().value.withdrawals;
    expect(mine.map((w: { id: string }) => w.id)).toEqual([wA.id]);
    expect(mine[0].confirmation).toBeNull();
  });
});

describe('withdrawal confirmation', () => {
  it('stores the answer once, only after approval', async () => {
    const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    const bank = await addBank(p);
    const w = (await withdraw(p, bank, '10000')).json().value;
    const early = await confirm(p, w.id, 'RECEIVED');
    expect(early.json().code).toBe('WITHDRAWAL_NOT_CONFIRMABLE');
    await operator('/api/ops/withdrawals/approve', { id: w.id });
    const ok = await confirm(p, w.id, 'FULL_PAYMENT');
    expect(ok.json().value).toMatchObject({ confirmation: 'FULL_PAYMENT', confirmedBy: 'PLAYER', hasProof: false });
    const twice = await confirm(p, w.id, 'RECEIVED');
    expect(twice.json().code).toBe('WITHDRAWAL_NOT_CONFIRMABLE');
  });

  it('takes not received with a png or jpg proof, and requires the proof', async () => {
    const { p, w } = await approvedWithdrawal();
    const none = await confirm(p, w.id, 'NOT_RECEIVED');
    expect(none.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.proof' });
    const ok = await confirm(p, w.id, 'NOT_RECEIVED', PNG.toString('base64'));
    expect(ok.json().value).toMatchObject({ confirmation: 'NOT_RECEIVED', hasProof: true });
    const stored = await t.database.db
      .selectFrom('withdrawal')
      .select(['proof', 'proofType'])
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(stored.proofType).toBe('image/png');
    expect(Buffer.from(stored.proof!).equals(PNG)).toBe(true);

    const second = await approvedWithdrawal();
    const jpg = await confirm(second.p, second.w.id, 'NOT_RECEIVED', JPG.toString('base64'));
    expect(jpg.json().value.hasProof).toBe(true);
  });

  it('refuses a proof that is not a png or jpg by its bytes, or is not base64, and stores nothing', async () => {
    const { p, w } = await approvedWithdrawal();
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]);
    const wrongType = await confirm(p, w.id, 'NOT_RECEIVED', gif.toString('base64'));
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', field: 'body.proof' });
    const notBase64 = await confirm(p, w.id, 'NOT_RECEIVED', 'data:image/png;base64,AAAA');
    expect(notBase64.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.proof' });
    const row = await t.database.db
      .selectFrom('withdrawal')
      .select(['confirmation', 'proof'])
      .where('id', '=', w.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ confirmation: null, proof: null });
  });

  it('refuses a proof above 5 MB', async () => {
    const { p, w } = await approvedWithdrawal();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await confirm(p, w.id, 'NOT_RECEIVED', big.toString('base64'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body.proof' });
    const exact = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    const ok = await confirm(p, w.id, 'NOT_RECEIVED', exact.toString('base64'));
    expect(ok.statusCode).toBe(200);
  });

  it('counts an unanswered approval as received after the configured minutes, without refunding it', async () => {
    const { p, w } = await approvedWithdrawal();
    const answered = await approvedWithdrawal();
    await confirm(answered.p, answered.w.id, 'FULL_PAYMENT');
    const decidedAt = (
      await t.database.db.selectFrom('withdrawal').select('decidedAt').where('id', '=', w.id).executeTakeFirstOrThrow()
    ).decidedAt!;
    const at = (minutes: number) => new Date(new Date(decidedAt).getTime() + minutes * 60_000);
    const state = async (id: string) =>
      t.database.db
        .selectFrom('withdrawal')
        .select(['confirmation', 'confirmedBy'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    await t.services.cashier.withdrawals.autoReceive(at(59));
    expect(await state(w.id)).toEqual({ confirmation: null, confirmedBy: null });
    expect(await t.services.cashier.withdrawals.autoReceive(at(60))).toBeGreaterThanOrEqual(1);
    expect(await state(w.id)).toEqual({ confirmation: 'RECEIVED', confirmedBy: 'AUTO' });
    expect(await state(answered.w.id)).toEqual({ confirmation: 'FULL_PAYMENT', confirmedBy: 'PLAYER' });
    expect(await t.services.cashier.withdrawals.autoReceive(at(120))).toBe(0);

    const late = await confirm(p, w.id, 'NOT_RECEIVED');
    expect(late.json().code).toBe('VALIDATION_FAILED');
    const lateWithProof = await confirm(p, w.id, 'NOT_RECEIVED', PNG.toString('base64'));
    expect(lateWithProof.json().code).toBe('WITHDRAWAL_NOT_CONFIRMABLE');
    expect(await mainBalance(t, p.memberId)).toBe(70_000n);
    expect(await holdBalance(t, p.memberId)).toBe(0n);
  });
});

describe('npm run ops -- withdrawal', STARTS_PROCESSES, () => {
  it('lists, approves and rejects withdrawals on the running portal', async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ops = (args: string[]) => runOps(url, args);
    await setSettings({ singlePendingWithdrawal: false, autoReceiptMinutes: 60 });
    try {
      const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
      const bank = await addBank(p);
      const one = (await withdraw(p, bank, '10000')).json().value;
      const two = (await withdraw(p, bank, '20000')).json().value;
      const list = await ops(['withdrawals']);
      expect(list.code, list.err).toBe(0);
      expect(JSON.parse(list.out).withdrawals.map((w: { id: string }) => w.id)).toEqual(
        expect.arrayContaining([one.id, two.id]),
      );
      const approve = await ops(['withdrawal', 'approve', one.id]);
      expect(JSON.parse(approve.out).withdrawal.status).toBe('APPROVED');
      const reject = await ops(['withdrawal', 'reject', two.id, '--reason', 'wrong bank']);
      expect(JSON.parse(reject.out).withdrawal).toMatchObject({ status: 'REJECTED', rejectReason: 'wrong bank' });
      expect((await ops(['withdrawal', 'approve', one.id])).err).toContain('nothing changed');
      expect(await mainBalance(t, p.memberId)).toBe(90_000n);
    } finally {
      await setSettings({ singlePendingWithdrawal: true, autoReceiptMinutes: 60 });
    }
  });
});
