import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { asPlayer, mainBalance, newPlayer, requestId, type TestPlayer } from './cashier.test-helpers.ts';
import { verifyLedger } from './ledger-verify.repository.ts';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';

let t: TestApp;
let secret: string;
beforeAll(async () => {
  t = await startTestApp();
  secret = (await t.services.settings.get('secret.gateway_hmac'))!;
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const gatewayDeposit = async (p: TestPlayer, amount = '250000') => {
  const res = await asPlayer(t, p).post('/api/cashier/deposits', {
    methodCode: 'ONLINE_GATEWAY',
    amount,
    requestId: requestId(),
  });
  expect(res.statusCode).toBe(200);
  return res.json().value as { id: string; redirectUrl: string; status: string; amount: string };
};

/** What the gateway sends: the signature is over the exact bytes of the body. */
function signedCallback(body: Record<string, unknown>, key = secret) {
  const raw = JSON.stringify(body);
  return {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', key).update(raw).digest('hex'),
    },
  };
}
const callback = (c: { raw: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/callback', headers: c.headers, payload: c.raw });
const paid = (id: string, amount: string, over: Record<string, unknown> = {}) => ({
  transactionId: `TX-${id}`,
  depositId: id,
  amount,
  currency: 'KRW',
  status: 'PAID',
  timestamp: Math.floor(Date.now() / 1000),
  ...over,
});
const statusOf = async (id: string) =>
  (await t.database.db.selectFrom('deposit').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('a deposit through the online gateway', () => {
  it('sends the player to the hosted page, takes the payment and credits the wallet once (end to end over HTTP)', async () => {
    const p = await newPlayer(t);
    const deposit = await gatewayDeposit(p);
    expect(deposit.status).toBe('PENDING');
    expect(deposit.redirectUrl).toMatch(new RegExp(`^/gateway/pay/${deposit.id}\\?token=[0-9a-f]{64}$`));
    expect(await mainBalance(t, p.memberId)).toBe(0n);

    const page = await t.app.inject({ method: 'GET', url: deposit.redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('₩2,500.00');
    expect(page.body).toContain(`action="/gateway/pay/${deposit.id}/complete"`);
    const token = /name="token" value="([0-9a-f]{64})"/.exec(page.body)![1]!;

    const pay = await t.app.inject({
      method: 'POST',
      url: `/gateway/pay/${deposit.id}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}&action=pay`,
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/member?page=depositv2&deposit=${deposit.id}`);
    expect(await mainBalance(t, p.memberId)).toBe(250_000n);
    expect(await statusOf(deposit.id)).toBe('CONFIRMED');

    // Pressing Pay again (back button) is the same payment: nothing more is credited.
    const again = await t.app.inject({
      method: 'POST',
      url: `/gateway/pay/${deposit.id}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}&action=pay`,
    });
    expect(again.statusCode).toBe(303);
    expect(await mainBalance(t, p.memberId)).toBe(250_000n);
    const listed = (await asPlayer(t, p).get('/api/cashier/deposits')).json().value.deposits[0];
    expect(listed).toMatchObject({ id: deposit.id, status: 'CONFIRMED', redirectUrl: null });
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('credits nothing when the player cancels on the gateway page', async () => {
    const p = await newPlayer(t);
    const deposit = await gatewayDeposit(p);
    const token = new URL(deposit.redirectUrl, 'http://x').searchParams.get('token');
    const res = await t.app.inject({
      method: 'POST',
      url: `/gateway/pay/${deposit.id}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}&action=cancel`,
    });
    expect(res.statusCode).toBe(303);
    expect(await statusOf(deposit.id)).toBe('CANCELLED');
    expect(await mainBalance(t, p.memberId)).toBe(0n);
  });

  it('shows no page and takes no payment without the right link token', async () => {
    const p = await newPlayer(t);
    const deposit = await gatewayDeposit(p);
    expect((await t.app.inject({ url: `/gateway/pay/${deposit.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/gateway/pay/${deposit.id}?token=${'0'.repeat(64)}` })).statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/gateway/pay/${deposit.id}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${'a'.repeat(64)}&action=pay`,
    });
    expect(forged.statusCode).toBe(404);
    expect(await mainBalance(t, p.memberId)).toBe(0n);
  });
});

describe('the payment callback', () => {
  it('credits a replayed callback only once', async () => {
    const p = await newPlayer(t);
    const deposit = await gatewayDeposit(p, '70000');
    const cb = signedCallback(paid(deposit.id, '70000'));
    const first = await callback(cb);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toEqual({ credited: true, status: 'CONFIRMED' });
    const replay = await callback(cb);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().value).toEqual({ credited: false, status: 'CONFIRMED' });
    expect(await mainBalance(t, p.memberId)).toBe(70_000n);
  });

  it('refuses a forged signature with 401 and credits nothing', async () => {
    const p = await newPlayer(t);
    const deposit = await gatewayDeposit(p, '70000');
    const forged = signedCallback(paid(deposit.id, '70000'), 'not-the-secret');
    const res = await callback(forged);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/callback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(paid(deposit.id, '70000')),
    });
    expect(unsigned.statusCode).toBe(401);
    // A valid signature over other bytes than the ones sent.
    const good = signedCallback(paid(deposit.id, '70000'));
    const tampered = await callback({ ...good, raw: good.raw.replace('"PAID"', '"PAID" ') });
    expect(tampered.statusCode).toBe(401);
    expect(await statusOf(deposit.id)).toBe('PENDING');
    expect(await mainBalance(t, p.memberId)).toBe(0n);
  });

  it('refuses a correctly signed but stale callback', async () => {
    const p = await newPlayer(t);
    const deposit = await gatewayDeposit(p, '70000');
    const stale = signedCallback(paid(deposit.id, '70000', { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    const res = await callback(stale);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    expect(await mainBalance(t, p.memberId)).toBe(0n);
  });

  it('refuses a signed callback whose amount differs from the deposit', async () => {
    const p = await newPlayer(t);
    const deposit = await gatewayDeposit(p, '70000');
    const res = await callback(signedCallback(paid(deposit.id, '7000000')));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_CALLBACK_MISMATCH');
    const bank = (
      await asPlayer(t, p).post('/api/cashier/deposits', {
        methodCode: 'BANK_TRANSFER',
        amount: '70000',
        payerName: 'P',
        requestId: requestId(),
      })
    ).json().value;
    expect((await callback(signedCallback(paid(bank.id, '70000')))).json().code).toBe('PAYMENT_CALLBACK_MISMATCH');
    expect(await mainBalance(t, p.memberId)).toBe(0n);
  });

  it('credits once when the same callback arrives 10 times at once', async () => {
    const p = await newPlayer(t);
    const deposit = await gatewayDeposit(p, '120000');
    const cb = signedCallback(paid(deposit.id, '120000'));
    const results = await Promise.all(Array.from({ length: 10 }, () => callback(cb)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(results.filter((r) => r.json().value.credited)).toHaveLength(1);
    expect(await mainBalance(t, p.memberId)).toBe(120_000n);
    const credits = await t.database.db
      .selectFrom('ledgerTransfer')
      .select('id')
      .where('idempotencyKey', '=', `deposit:${deposit.id}`)
      .execute();
    expect(credits).toHaveLength(1);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('refuses a second transaction for a deposit already paid', async () => {
    const p = await newPlayer(t);
    const deposit = await gatewayDeposit(p, '90000');
    await callback(signedCallback(paid(deposit.id, '90000')));
    const other = await callback(signedCallback(paid(deposit.id, '90000', { transactionId: 'TX-other' })));
    expect(other.statusCode).toBe(409);
    expect(await mainBalance(t, p.memberId)).toBe(90_000n);
  });
});
