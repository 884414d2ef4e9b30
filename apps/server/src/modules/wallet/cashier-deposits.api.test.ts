import { beforeAll, describe, expect, it } from 'vitest';
import { freePlayAs } from '../../../test/auth-helpers.ts';
import { asOperator } from '../../../test/test-app.ts';
import {
  asPlayer,
  mainBalance,
  newPlayer,
  requestId,
  rowCount,
  SEEDED_BANK_TRANSFER,
  setPaymentMethod,
} from './cashier.test-helpers.ts';
import { verifyLedger } from './ledger-verify.repository.ts';
import { runOps, STARTS_PROCESSES } from '../../../test/ops-cli.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();

const bankDeposit = (amount = '150000') => ({
  methodCode: 'BANK_TRANSFER',
  amount,
  payerName: 'Hong Gildong',
  reference: 'evening transfer',
  requestId: requestId(),
});
const operator = (url: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers: asOperator, payload: payload as object });
const depositCount = () => rowCount(t, 'deposit');
const transferCount = () => rowCount(t, 'ledgerTransfer');

describe('payment methods', () => {
  it('lists the bank transfer with the account to pay into, and the gateway, with their bounds as decimal strings', async () => {
    const p = await newPlayer(t);
    const res = await asPlayer(t, p).get('/api/cashier/payment-methods');
    expect(res.statusCode).toBe(200);
    expect(res.json().value.methods).toEqual([
      SEEDED_BANK_TRANSFER,
      {
        code: 'ONLINE_GATEWAY',
        kind: 'GATEWAY',
        name: 'Online payment',
        currency: 'KRW',
        minAmount: '10000',
        maxAmount: '5000000',
        receivingAccount: null,
      },
    ]);
  });

  it('asks a guest to log in and refuses a free-play account', async () => {
    const guest = await t.app.inject({ method: 'GET', url: '/api/cashier/payment-methods' });
    expect(guest.json().code).toBe('NOT_LOGGED_IN');
    const trial = await freePlayAs(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cashier/deposits',
      headers: { authorization: `Bearer ${trial.json().value.token}` },
      payload: bankDeposit(),
    });
    expect(res.json().code).toBe('TRIAL_NOT_ALLOWED');
  });
});

describe('a deposit by bank transfer', () => {
  it('stays pending without moving money, then the operator confirms it and it credits exactly once', async () => {
    const p = await newPlayer(t);
    const created = await asPlayer(t, p).post('/api/cashier/deposits', bankDeposit('150000'));
    expect(created.statusCode).toBe(200);
    const deposit = created.json().value;
    expect(deposit).toMatchObject({ status: 'PENDING', amount: '150000', currency: 'KRW', redirectUrl: null });
    expect(await mainBalance(t, p.memberId)).toBe(0n);

    const pending = (await t.app.inject({ url: '/api/ops/deposits/pending', headers: asOperator })).json().value;
    expect(pending.deposits.map((d: { id: string }) => d.id)).toContain(deposit.id);

    const first = await operator('/api/ops/deposits/confirm', { id: deposit.id });
    expect(first.json().value).toMatchObject({ changed: true, deposit: { status: 'CONFIRMED' } });
    expect(await mainBalance(t, p.memberId)).toBe(150_000n);

    const again = await operator('/api/ops/deposits/confirm', { id: deposit.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toMatchObject({ changed: false, deposit: { status: 'CONFIRMED' } });
    expect(await mainBalance(t, p.memberId)).toBe(150_000n);
    expect(
      await t.app.inject({ url: '/api/wallet/balance', headers: { authorization: `Bearer ${p.token}` } }),
    ).toSatisfy((r: { json(): { value: { balance: string } } }) => r.json().value.balance === '150000');
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('credits nothing when the operator rejects it, and cannot be confirmed afterwards', async () => {
    const p = await newPlayer(t);
    const deposit = (await asPlayer(t, p).post('/api/cashier/deposits', bankDeposit())).json().value;
    const rejected = await operator('/api/ops/deposits/reject', { id: deposit.id, reason: 'no money arrived' });
    expect(rejected.json().value).toMatchObject({
      changed: true,
      deposit: { status: 'REJECTED', rejectReason: 'no money arrived' },
    });
    const confirm = await operator('/api/ops/deposits/confirm', { id: deposit.id });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().code).toBe('DEPOSIT_NOT_PENDING');
    expect(await mainBalance(t, p.memberId)).toBe(0n);
    expect((await operator('/api/ops/deposits/reject', { id: deposit.id })).json().value.changed).toBe(false);
  });

  it('answers a repeated request id with the first deposit, and refuses it for another one', async () => {
    const p = await newPlayer(t);
    const body = bankDeposit('20000');
    const a = (await asPlayer(t, p).post('/api/cashier/deposits', body)).json().value;
    const b = (await asPlayer(t, p).post('/api/cashier/deposits', body)).json().value;
    expect(b.id).toBe(a.id);
    const other = await asPlayer(t, p).post('/api/cashier/deposits', { ...body, amount: '20001' });
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await asPlayer(t, p).get('/api/cashier/deposits')).json().value.deposits).toHaveLength(1);
  });

  it('creates one deposit when the same request id is sent 20 times at once, and credits it once', async () => {
    const p = await newPlayer(t);
    const body = bankDeposit('30000');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => asPlayer(t, p).post('/api/cashier/deposits', body)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(results.map((r) => r.json().value.id));
    expect(ids.size).toBe(1);
    expect((await asPlayer(t, p).get('/api/cashier/deposits')).json().value.deposits).toHaveLength(1);
    const [id] = ids;
    const decisions = await Promise.all(Array.from({ length: 5 }, () => operator('/api/ops/deposits/confirm', { id })));
    expect(decisions.filter((d) => d.json().value.changed)).toHaveLength(1);
    expect(await mainBalance(t, p.memberId)).toBe(30_000n);
  });

  it.each([['-1'], ['0'], ['1.5'], ['1e5'], ['abc'], ['0100'], [' 100'], ['9999999999999999999999'], ['']])(
    'refuses the amount %j with the field and writes nothing',
    async (amount) => {
      const p = await newPlayer(t);
      const before = await depositCount();
      const res = await asPlayer(t, p).post('/api/cashier/deposits', { ...bankDeposit(), amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.amount' });
      expect(await depositCount()).toBe(before);
    },
  );

  it('refuses a number instead of a decimal string', async () => {
    const p = await newPlayer(t);
    const res = await asPlayer(t, p).post('/api/cashier/deposits', { ...bankDeposit(), amount: 150000 });
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.amount' });
  });

  it.each([['9999'], ['10000001'], ['999999999999999999']])(
    "refuses %s outside the method's bounds and tells them",
    async (amount) => {
      const p = await newPlayer(t);
      const before = await depositCount();
      const res = await asPlayer(t, p).post('/api/cashier/deposits', { ...bankDeposit(), amount });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'AMOUNT_OUT_OF_RANGE',
        field: 'body.amount',
        value: { min: '10000', max: '10000000' },
      });
      expect(await depositCount()).toBe(before);
    },
  );

  it('accepts the bounds themselves', async () => {
    const p = await newPlayer(t);
    for (const amount of ['10000', '10000000'])
      expect((await asPlayer(t, p).post('/api/cashier/deposits', { ...bankDeposit(), amount })).statusCode).toBe(200);
  });

  it('refuses an unknown or disabled method, and a bank transfer without the payer name', async () => {
    const p = await newPlayer(t);
    const before = await depositCount();
    const unknown = await asPlayer(t, p).post('/api/cashier/deposits', { ...bankDeposit(), methodCode: 'CRYPTO' });
    expect(unknown.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE', field: 'body.methodCode' });
    await setPaymentMethod(t, { code: 'BANK_TRANSFER', enabled: false });
    try {
      const disabled = await asPlayer(t, p).post('/api/cashier/deposits', bankDeposit());
      expect(disabled.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');
      const listed = (await asPlayer(t, p).get('/api/cashier/payment-methods')).json().value.methods;
      expect(listed.map((m: { code: string }) => m.code)).toEqual(['ONLINE_GATEWAY']);
    } finally {
      await setPaymentMethod(t, { code: 'BANK_TRANSFER', enabled: true });
    }
    const { payerName: _omit, ...noPayer } = bankDeposit();
    const noName = await asPlayer(t, p).post('/api/cashier/deposits', noPayer);
    expect(noName.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.payerName' });
    expect(await depositCount()).toBe(before);
  });

  it("never shows a member another member's deposits", async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    await asPlayer(t, a).post('/api/cashier/deposits', bankDeposit());
    expect((await asPlayer(t, b).get('/api/cashier/deposits')).json().value.deposits).toEqual([]);
  });

  it('lets only the operator decide, and refuses unknown ids and gateway deposits', async () => {
    const p = await newPlayer(t);
    const deposit = (await asPlayer(t, p).post('/api/cashier/deposits', bankDeposit())).json().value;
    const asMember = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/deposits/confirm',
      headers: { authorization: `Bearer ${p.token}` },
      payload: { id: deposit.id },
    });
    expect(asMember.json().code).toBe('OPERATOR_KEY_REQUIRED');
    expect((await operator('/api/ops/deposits/confirm', { id: '987654321' })).json().code).toBe('NOT_FOUND');
    expect((await operator('/api/ops/deposits/confirm', { id: 'x1' })).json().code).toBe('VALIDATION_FAILED');
    const gw = (
      await asPlayer(t, p).post('/api/cashier/deposits', {
        methodCode: 'ONLINE_GATEWAY',
        amount: '50000',
        requestId: requestId(),
      })
    ).json().value;
    expect((await operator('/api/ops/deposits/confirm', { id: gw.id })).json().code).toBe('DEPOSIT_NOT_MANUAL');
    const transfers = await transferCount();
    await operator('/api/ops/deposits/reject', { id: deposit.id });
    expect(await transferCount()).toBe(transfers);
  });
});

describe('npm run ops -- deposit', STARTS_PROCESSES, () => {
  let url: string;
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const ops = (args: string[]) => runOps(url, args);

  it('lists pending deposits and confirms one once; a second confirm says nothing changed', async () => {
    const p = await newPlayer(t);
    const deposit = (await asPlayer(t, p).post('/api/cashier/deposits', bankDeposit('30000'))).json().value;
    const list = await ops(['deposits']);
    expect(list.code, list.err).toBe(0);
    expect(JSON.parse(list.out).deposits.map((d: { id: string }) => d.id)).toContain(deposit.id);
    const first = await ops(['deposit', 'confirm', deposit.id]);
    expect(first.code, first.err).toBe(0);
    expect(JSON.parse(first.out)).toMatchObject({ changed: true, deposit: { status: 'CONFIRMED' } });
    const second = await ops(['deposit', 'confirm', deposit.id]);
    expect(second.code).toBe(0);
    expect(second.err).toContain('nothing changed');
    expect(await mainBalance(t, p.memberId)).toBe(30_000n);

    const other = (await asPlayer(t, p).post('/api/cashier/deposits', bankDeposit('40000'))).json().value;
    const rejected = await ops(['deposit', 'reject', other.id, '--reason', 'not received']);
    expect(JSON.parse(rejected.out).deposit).toMatchObject({ status: 'REJECTED', rejectReason: 'not received' });
    const late = await ops(['deposit', 'confirm', other.id]);
    expect(late.code).toBe(1);
    expect(late.err).toContain('DEPOSIT_NOT_PENDING');
    expect(await mainBalance(t, p.memberId)).toBe(30_000n);
  });
});
