import { describe, expect, it } from 'vitest';
import { bearer, freePlayAs, loginAs } from '../../../test/auth-helpers.ts';
import { verifyLedger } from './ledger-verify.repository.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();

const balanceOf = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/wallet/balance', headers: bearer(token) });

describe('the balance', () => {
  it('asks a guest to log in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/wallet/balance' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('NOT_LOGGED_IN');
  });

  it('shows a player their main wallet in minor units, and follows the ledger', async () => {
    const { token } = (await loginAs(t.app, 'demo01', 'Demo1234')).json().value;
    expect((await balanceOf(token)).json().value).toEqual({
      balance: '0',
      currency: 'KRW',
      currencySymbol: '₩',
      decimals: 2,
      isTrial: false,
    });
    const demo = await t.database.db
      .selectFrom('member')
      .select('id')
      .where('accountKey', '=', 'demo01')
      .executeTakeFirstOrThrow();
    await t.services.ledger.transfer({
      idempotencyKey: 'test-deposit-demo01',
      kind: 'DEPOSIT',
      from: { kind: 'PAYMENT_CLEARING', currency: 'KRW' },
      to: { kind: 'MEMBER_MAIN', memberId: demo.id, currency: 'KRW' },
      amount: 1_234_567n,
    });
    expect((await balanceOf(token)).json().value.balance).toBe('1234567');
  });

  it('gives a free-play account its trial credit, in a currency of its own', async () => {
    const trial = await freePlayAs(t.app);
    const v = (await balanceOf(trial.json().value.token)).json().value;
    expect(v).toMatchObject({ balance: '100000000', currency: 'TRIAL', isTrial: true });
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });
});

describe('the merchant wallet', () => {
  it('is single while no live vendor keeps its own wallet, and lists transfer vendors once one does', async () => {
    await t.database.db.updateTable('vendor').set({ status: 'COMING' }).where('id', '=', 'VAULT').execute();
    expect((await t.app.inject({ url: '/api/wallet/merchant' })).json().value).toEqual({
      isSingle: true,
      transferVendors: [],
    });
    await t.database.db.updateTable('vendor').set({ status: 'LIVE' }).where('id', '=', 'VAULT').execute();
    expect((await t.app.inject({ url: '/api/wallet/merchant' })).json().value).toEqual({
      isSingle: false,
      transferVendors: ['VAULT'],
    });
    await t.database.db.updateTable('vendor').set({ status: 'MAINTENANCE' }).where('id', '=', 'VAULT').execute();
    expect((await t.app.inject({ url: '/api/wallet/merchant' })).json().value.isSingle).toBe(false);
    await t.database.db.updateTable('vendor').set({ status: 'LIVE' }).where('id', '=', 'VAULT').execute();
  });
});
