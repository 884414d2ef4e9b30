import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePlayAs } from '../../../test/auth-helpers.ts';
import { asOperator, startTestApp, type TestApp } from '../../../test/test-app.ts';
import { asPlayer, mainBalance, newPlayer, requestId, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { verifyLedger } from '../wallet/ledger-verify.repository.ts';
import { inProcessVault } from './in-process-vendors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());
afterEach(async () => {
  t.services.games.vaultFaults.clear();
  expect(await verifyLedger(t.database.db)).toEqual([]);
});

const transfer = (p: TestPlayer, direction: 'TO_VENDOR' | 'TO_MAIN', amount: unknown, id = requestId()) =>
  asPlayer(t, p).post('/api/wallet/transfer', { vendorId: 'VAULT', direction, amount, requestId: id });
const wallets = async (p: TestPlayer) => (await asPlayer(t, p).get('/api/wallet/vendor-wallets')).json().value;
const vaultBalance = (p: TestPlayer) => inProcessVault(t.database.db).balance(`m${p.memberId}`, 'KRW');
const atVendorInLedger = (p: TestPlayer) =>
  t.services.ledger.balance({
    kind: 'MEMBER_VENDOR',
    memberId: p.memberId,
    vendorId: 'VAULT',
    currency: 'KRW',
  });
const reconcile = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/ops/vendor-transfers/reconcile',
    headers: asOperator,
    payload: { olderThanSeconds: 0 },
  });

describe('transfer-mode vendor wallets', () => {
  it('tells the site it is not single-wallet while Vault Gaming is live', async () => {
    const v = (await t.app.inject({ url: '/api/wallet/merchant' })).json().value;
    expect(v).toEqual({ isSingle: false, transferVendors: ['VAULT'] });
  });

  it('lists the main wallet and each transfer vendor with the balance the vendor reports', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    expect(await wallets(p)).toEqual({
      main: { balance: '50000', currency: 'KRW' },
      wallets: [{ vendorId: 'VAULT', name: 'Vault Gaming', state: 'OK', balance: '0', pendingAmount: '0' }],
    });
    await transfer(p, 'TO_VENDOR', '20000');
    t.services.games.vaultFaults.next('down', 'balance');
    expect((await wallets(p)).wallets[0]).toMatchObject({ state: 'UNAVAILABLE', balance: null });
    expect((await wallets(p)).wallets[0]).toMatchObject({ state: 'OK', balance: '20000' });
  });

  it('moves money to the vendor and back, once per request id', async () => {
    const p = await newPlayer(t, { balance: 50_000n });
    const id = requestId();
    const first = await transfer(p, 'TO_VENDOR', '30000', id);
    expect(first.statusCode).toBe(200);
    expect(first.json().value).toMatchObject({
      transfer: { status: 'SUCCESS', amount: '30000' },
      mainBalance: '20000',
    });
    const again = await transfer(p, 'TO_VENDOR', '30000', id);
    expect(again.json().value.transfer.id).toBe(first.json().value.transfer.id);
    expect(await vaultBalance(p)).toBe(30_000n);
    const other = await transfer(p, 'TO_VENDOR', '10', id);
    expect(other.json().code).toBe('IDEMPOTENCY_CONFLICT');

    const back = await transfer(p, 'TO_MAIN', '12000');
    expect(back.json().value).toMatchObject({ transfer: { status: 'SUCCESS' }, mainBalance: '32000' });
    expect(await vaultBalance(p)).toBe(18_000n);
    expect(await atVendorInLedger(p)).toBe(18_000n);
  });

  it('brings everything back to main, including what the player won at the vendor', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    await transfer(p, 'TO_VENDOR', '10000');
    await inProcessVault(t.database.db).play(`m${p.memberId}`, 'KRW', 2_500n);
    const r = await asPlayer(t, p).post('/api/wallet/transfer-all-to-main', { requestId: requestId() });
    expect(r.json().value).toEqual({
      results: [{ vendorId: 'VAULT', outcome: 'SUCCESS', amount: '12500' }],
      mainBalance: '12500',
    });
    expect(await vaultBalance(p)).toBe(0n);
    expect(await atVendorInLedger(p)).toBe(0n);
  });

  it('records a loss at the vendor when the money comes back', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    await transfer(p, 'TO_VENDOR', '10000');
    await inProcessVault(t.database.db).play(`m${p.memberId}`, 'KRW', -4_000n);
    expect((await transfer(p, 'TO_MAIN', '6000')).json().value.mainBalance).toBe('6000');
    expect(await atVendorInLedger(p)).toBe(0n);
  });

  it('leaves the money where it was when the vendor refuses', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    t.services.games.vaultFaults.next('fail');
    const r = await transfer(p, 'TO_VENDOR', '4000');
    expect(r.statusCode).toBe(409);
    expect(r.json().code).toBe('VENDOR_TRANSFER_FAILED');
    expect(await mainBalance(t, p.memberId)).toBe(10_000n);
    expect(await vaultBalance(p)).toBe(0n);

    await transfer(p, 'TO_VENDOR', '4000');
    const tooMuch = await transfer(p, 'TO_MAIN', '4001');
    expect(tooMuch.json().code).toBe('VENDOR_TRANSFER_FAILED');
    expect(await mainBalance(t, p.memberId)).toBe(6_000n);
    expect(await vaultBalance(p)).toBe(4_000n);
  });

  it('refuses a transfer above the main balance and changes nothing', async () => {
    const p = await newPlayer(t, { balance: 1_000n });
    const r = await transfer(p, 'TO_VENDOR', '1001');
    expect(r.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(await mainBalance(t, p.memberId)).toBe(1_000n);
    expect((await wallets(p)).wallets[0]).toMatchObject({ balance: '0', pendingAmount: '0' });
  });

  it('keeps a transfer the vendor did not answer pending and completes it once the vendor confirms', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    t.services.games.vaultFaults.next('timeout-applied');
    const r = await transfer(p, 'TO_VENDOR', '3000');
    expect(r.json().value).toMatchObject({ transfer: { status: 'PENDING' }, mainBalance: '7000' });
    expect((await wallets(p)).wallets[0]).toMatchObject({ balance: '3000', pendingAmount: '3000' });
    // While its outcome is unknown, no second transfer with that vendor starts.
    expect((await transfer(p, 'TO_VENDOR', '100')).json().code).toBe('VENDOR_TRANSFER_IN_PROGRESS');

    t.services.games.vaultFaults.next('down', 'check');
    expect((await reconcile()).json().value).toMatchObject({ stillPending: 1 });
    expect((await reconcile()).json().value).toEqual({ checked: 1, succeeded: 1, failed: 0, stillPending: 0 });
    expect(await mainBalance(t, p.memberId)).toBe(7_000n);
    expect(await atVendorInLedger(p)).toBe(3_000n);
    expect((await wallets(p)).wallets[0]).toMatchObject({ balance: '3000', pendingAmount: '0' });
  });

  it('reverses a pending transfer the vendor never received, and refuses it if it arrives late', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    t.services.games.vaultFaults.next('timeout-lost');
    const r = await transfer(p, 'TO_VENDOR', '3000');
    const { reference } = r.json().value.transfer;
    expect((await reconcile()).json().value).toMatchObject({ failed: 1 });
    expect(await mainBalance(t, p.memberId)).toBe(10_000n);
    const late = await inProcessVault(t.database.db).transfer('IN', {
      playerId: `m${p.memberId}`,
      reference,
      amount: 3_000n,
      currency: 'KRW',
    });
    expect(late.status).toBe('FAILED');
    expect(await vaultBalance(p)).toBe(0n);
  });

  it('credits main only after the vendor confirms a pending transfer out, and never if it failed', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    await transfer(p, 'TO_VENDOR', '10000');
    t.services.games.vaultFaults.next('timeout-applied');
    expect((await transfer(p, 'TO_MAIN', '4000')).json().value).toMatchObject({
      transfer: { status: 'PENDING' },
      mainBalance: '0',
    });
    expect((await reconcile()).json().value).toMatchObject({ succeeded: 1 });
    expect(await mainBalance(t, p.memberId)).toBe(4_000n);

    t.services.games.vaultFaults.next('timeout-lost');
    await transfer(p, 'TO_MAIN', '1000');
    expect((await reconcile()).json().value).toMatchObject({ failed: 1 });
    expect(await mainBalance(t, p.memberId)).toBe(4_000n);
    expect(await vaultBalance(p)).toBe(6_000n);
  });

  it('refuses bad amounts and changes nothing', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    for (const amount of ['-100', '0', '10.5', '1e3', 'abc', 100, '', '0100', '1000000000000000000'])
      expect((await transfer(p, 'TO_VENDOR', amount)).json().code, String(amount)).toBe('VALIDATION_FAILED');
    const above = await transfer(p, 'TO_VENDOR', '100000000001');
    expect(above.json().code).toBe('AMOUNT_OUT_OF_RANGE');
    expect(await mainBalance(t, p.memberId)).toBe(10_000n);
    expect((await wallets(p)).wallets[0]).toMatchObject({ balance: '0', pendingAmount: '0' });
  });

  it('never moves another member’s money', async () => {
    const a = await newPlayer(t, { balance: 10_000n });
    const b = await newPlayer(t, { balance: 10_000n });
    await transfer(a, 'TO_VENDOR', '5000');
    const r = await transfer(b, 'TO_MAIN', '5000');
    expect(r.json().code).toBe('VENDOR_TRANSFER_FAILED');
    expect(await vaultBalance(a)).toBe(5_000n);
    expect(await mainBalance(t, b.memberId)).toBe(10_000n);
    // Reusing another member's request id is just a new request of this member.
    expect((await wallets(b)).wallets[0]).toMatchObject({ balance: '0' });
  });

  it('refuses transfers to a vendor that is not a transfer vendor or is under maintenance', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const house = await asPlayer(t, p).post('/api/wallet/transfer', {
      vendorId: 'HOUSE',
      direction: 'TO_VENDOR',
      amount: '100',
      requestId: requestId(),
    });
    expect(house.json().code).toBe('VENDOR_NOT_TRANSFER');
    await t.database.db.updateTable('vendor').set({ status: 'MAINTENANCE' }).where('id', '=', 'VAULT').execute();
    try {
      expect((await transfer(p, 'TO_VENDOR', '100')).json().code).toBe('GAME_MAINTENANCE');
      expect((await wallets(p)).wallets[0]).toMatchObject({ state: 'MAINTENANCE' });
    } finally {
      await t.database.db.updateTable('vendor').set({ status: 'LIVE' }).where('id', '=', 'VAULT').execute();
    }
    expect(await mainBalance(t, p.memberId)).toBe(10_000n);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'applies the same request sent 10 times at once exactly once (PostgreSQL; PGlite runs one transaction at a time)',
    async () => {
      const p = await newPlayer(t, { balance: 10_000n });
      await transfer(p, 'TO_VENDOR', '1');
      const id = requestId();
      const answers = await Promise.all(Array.from({ length: 10 }, () => transfer(p, 'TO_VENDOR', '2000', id)));
      const ids = new Set(answers.map((a) => a.json().value?.transfer.id ?? a.json().code));
      expect(ids.size).toBe(1);
      expect([...ids][0]).toMatch(/^\d+$/);
      expect(await mainBalance(t, p.memberId)).toBe(7_999n);
      expect(await vaultBalance(p)).toBe(2_001n);
      const racing = await Promise.all(Array.from({ length: 10 }, () => transfer(p, 'TO_MAIN', '100')));
      const codes = racing.map((a) => a.json().value?.transfer.status ?? a.json().code);
      expect(codes.filter((c) => c === 'SUCCESS').length).toBeGreaterThanOrEqual(1);
      expect(codes.every((c) => c === 'SUCCESS' || c === 'VENDOR_TRANSFER_IN_PROGRESS')).toBe(true);
      const moved = BigInt(codes.filter((c) => c === 'SUCCESS').length) * 100n;
      expect(await mainBalance(t, p.memberId)).toBe(7_999n + moved);
      expect(await vaultBalance(p)).toBe(2_001n - moved);
    },
  );

  it('asks for a login and keeps trial accounts out', async () => {
    expect((await t.app.inject({ url: '/api/wallet/vendor-wallets' })).json().code).toBe('NOT_LOGGED_IN');
    const trial = await freePlayAs(t.app);
    const token = trial.json().value.token;
    const r = await t.app.inject({ url: '/api/wallet/vendor-wallets', headers: { authorization: `Bearer ${token}` } });
    expect(r.json().code).toBe('TRIAL_NOT_ALLOWED');
  });
});
