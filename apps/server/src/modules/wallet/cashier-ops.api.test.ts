import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asOperator } from '../../../test/test-app.ts';
import { asPlayer, newPlayer, requestId, SEEDED_BANK_TRANSFER } from './cashier.test-helpers.ts';
import { runOps, STARTS_PROCESSES } from '../../../test/ops-cli.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();
let url: string;
beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
const ops = (args: string[]) => runOps(url, args);

const SEEDED_BANK = { code: 'BANK_TRANSFER', enabled: true, minAmount: '10000', maxAmount: '10000000' };
const SEEDED_POLICY = {
  singlePendingWithdrawal: true,
  autoReceiptMinutes: 60,
  minAmount: '1000',
  maxAmount: '10000000000',
};
const put = (path: string, payload: unknown, headers: Record<string, string> = asOperator) =>
  t.app.inject({ method: 'PUT', url: `/api/ops/cashier/${path}`, headers, payload: payload as object });
const settings = async () => (await t.app.inject({ url: '/api/ops/cashier', headers: asOperator })).json().value;
// Each test starts from the seeded settings, whatever the one before it changed.
afterEach(async () => {
  expect((await put('payment-method', SEEDED_BANK)).statusCode).toBe(200);
  expect((await put('withdrawal-policy', SEEDED_POLICY)).statusCode).toBe(200);
});

describe('the operator reads and sets the cashier settings', STARTS_PROCESSES, () => {
  it('lists every deposit method with its bounds and the withdrawal policy', async () => {
    expect(await settings()).toEqual({
      methods: [
        { ...SEEDED_BANK_TRANSFER, enabled: true, sort: 1 },
        expect.objectContaining({ code: 'ONLINE_GATEWAY', enabled: true, minAmount: '10000', maxAmount: '5000000' }),
      ],
      withdrawalPolicy: SEEDED_POLICY,
    });
  });

  it('applies new bounds to the next deposit at once, and keeps fields it was not given', async () => {
    const res = await put('payment-method', { code: 'BANK_TRANSFER', minAmount: '50000' });
    expect(res.json().value).toMatchObject({ code: 'BANK_TRANSFER', minAmount: '50000', maxAmount: '10000000' });
    const p = await newPlayer(t);
    const deposit = (amount: string) =>
      asPlayer(t, p).post('/api/cashier/deposits', {
        methodCode: 'BANK_TRANSFER',
        amount,
        payerName: 'Hong Gildong',
        requestId: requestId(),
      });
    expect((await deposit('49999')).json().code).toBe('AMOUNT_OUT_OF_RANGE');
    expect((await deposit('50000')).statusCode).toBe(200);
    const methods = (await asPlayer(t, p).get('/api/cashier/payment-methods')).json().value.methods;
    expect(methods[0]).toMatchObject({ code: 'BANK_TRANSFER', minAmount: '50000' });
  });

  it('switches a method off so players no longer see or use it, and on again', async () => {
    await put('payment-method', { code: 'ONLINE_GATEWAY', enabled: false });
    try {
      const p = await newPlayer(t);
      const methods = (await asPlayer(t, p).get('/api/cashier/payment-methods')).json().value.methods;
      expect(methods.map((m: { code: string }) => m.code)).toEqual(['BANK_TRANSFER']);
      const refused = await asPlayer(t, p).post('/api/cashier/deposits', {
        methodCode: 'ONLINE_GATEWAY',
        amount: '20000',
        requestId: requestId(),
      });
      expect(refused.json().code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    } finally {
      await put('payment-method', { code: 'ONLINE_GATEWAY', enabled: true });
    }
    expect((await settings()).methods[1].enabled).toBe(true);
  });

  it('refuses a minimum above the maximum, bad amounts and an unknown method, changing nothing', async () => {
    const before = await settings();
    const above = await put('payment-method', { code: 'BANK_TRANSFER', minAmount: '20000000' });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.minAmount' });
    expect(above.json().message).toContain('above the maximum');
    const below = await put('payment-method', { code: 'BANK_TRANSFER', maxAmount: '9999' });
    expect(below.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.maxAmount' });
    for (const minAmount of ['0', '-5', '100.5', '1e5', 'ten', 1000, '', '0100'])
      expect(
        (await put('payment-method', { code: 'BANK_TRANSFER', minAmount })).json(),
        String(minAmount),
      ).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'body.minAmount',
      });
    expect((await put('payment-method', { code: 'BANK_TRANSFER', enabled: 'yes' })).json().code).toBe(
      'VALIDATION_FAILED',
    );
    const unknown = await put('payment-method', { code: 'CRYPTO', enabled: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', field: 'body.code' });
    expect(await settings()).toEqual(before);
  });

  it('sets the withdrawal policy and keeps the field it was not given', async () => {
    const res = await put('withdrawal-policy', { singlePendingWithdrawal: false });
    expect(res.json().value).toEqual({ ...SEEDED_POLICY, singlePendingWithdrawal: false });
    await put('withdrawal-policy', { autoReceiptMinutes: 15 });
    expect((await settings()).withdrawalPolicy).toEqual({
      ...SEEDED_POLICY,
      singlePendingWithdrawal: false,
      autoReceiptMinutes: 15,
    });
  });

  it('sets the smallest and largest withdrawal, and refuses a minimum above the maximum, changing nothing', async () => {
    const res = await put('withdrawal-policy', { minAmount: '5000', maxAmount: '900000' });
    expect(res.json().value).toMatchObject({ minAmount: '5000', maxAmount: '900000' });
    const wrong = await put('withdrawal-policy', { minAmount: '900001' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.minAmount' });
    expect(wrong.json().message).toContain('9,000.01');
    for (const minAmount of ['0', '-5', '1.5', 5000])
      expect((await put('withdrawal-policy', { minAmount })).json().code, String(minAmount)).toBe('VALIDATION_FAILED');
    expect((await settings()).withdrawalPolicy).toMatchObject({ minAmount: '5000', maxAmount: '900000' });
    await put('withdrawal-policy', SEEDED_POLICY);
  });

  it('refuses auto-receipt minutes that are not a positive whole number in range, changing nothing', async () => {
    for (const autoReceiptMinutes of [0, -1, 1.5, '30', 43_201, null]) {
      const res = await put('withdrawal-policy', { autoReceiptMinutes });
      expect(res.statusCode, String(autoReceiptMinutes)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.autoReceiptMinutes' });
    }
    expect((await put('withdrawal-policy', { singlePendingWithdrawal: 'no' })).json().code).toBe('VALIDATION_FAILED');
    expect((await settings()).withdrawalPolicy).toEqual(SEEDED_POLICY);
  });

  it('answers only with the operator key', async () => {
    expect((await t.app.inject({ url: '/api/ops/cashier' })).json().code).toBe('OPERATOR_KEY_REQUIRED');
    const wrong = await put('withdrawal-policy', { singlePendingWithdrawal: false }, { 'x-operator-key': 'nope' });
    expect(wrong.json().code).toBe('OPERATOR_KEY_INVALID');
    expect((await settings()).withdrawalPolicy).toEqual(SEEDED_POLICY);
  });
});

describe('npm run ops for the cashier', STARTS_PROCESSES, () => {
  it('shows the settings, sets a method and the withdrawal policy', async () => {
    const shown = await ops(['cashier']);
    expect(shown.code, shown.err).toBe(0);
    expect(JSON.parse(shown.out).withdrawalPolicy).toEqual(SEEDED_POLICY);

    const method = await ops(['method', 'BANK_TRANSFER', '--min', '20000', '--max', '3000000', 'off']);
    expect(method.code, method.err).toBe(0);
    expect((await settings()).methods[0]).toMatchObject({ minAmount: '20000', maxAmount: '3000000', enabled: false });
    expect((await ops(['method', 'BANK_TRANSFER', 'on'])).code).toBe(0);
    expect((await settings()).methods[0]).toMatchObject({ minAmount: '20000', enabled: true });

    const policy = await ops(['withdrawals-policy', '--one-pending', 'off', '--auto-receipt-minutes', '5']);
    expect(policy.code, policy.err).toBe(0);
    expect((await settings()).withdrawalPolicy).toMatchObject({
      singlePendingWithdrawal: false,
      autoReceiptMinutes: 5,
    });
  });

  it('names the wrong field and exits non-zero, changing nothing', async () => {
    const before = await settings();
    const range = await ops(['method', 'BANK_TRANSFER', '--min', '90000000']);
    expect(range.code).toBe(1);
    expect(range.err).toContain('VALIDATION_FAILED');
    expect(range.err).toContain('above the maximum');
    const minutes = await ops(['withdrawals-policy', '--auto-receipt-minutes', 'soon']);
    expect(minutes.code).toBe(1);
    expect(minutes.err).toContain('VALIDATION_FAILED');
    const unknown = await ops(['method', 'CRYPTO', 'on']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('NOT_FOUND');
    const usage = await ops(['withdrawals-policy', '--one-pending', 'maybe']);
    expect(usage.code).toBe(64);
    expect(usage.err).toContain('npm run ops -- withdrawals-policy');
    expect(await settings()).toEqual(before);
  });
});
