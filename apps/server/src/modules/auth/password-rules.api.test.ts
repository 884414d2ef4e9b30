import { encryptPayload } from '@portal/contracts/auth/payload-cipher.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, solveBotCheck, testIp } from '../../../test/auth-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';

/** The demo site's default password (password_policy.defaultPassword). */
const DEFAULT = 'Aurora2023';

let t: TestApp;
let key: { kid: string; jwk: JsonWebKey };
beforeAll(async () => {
  t = await startTestApp();
  key = (await t.app.inject({ url: '/api/auth/payload-key' })).json().value;
});
afterAll(async () => t?.close());

let n = 0;
async function register(fields: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/auth/register',
    remoteAddress: testIp(),
    payload: {
      username: `Rules${++n}x${Date.now() % 1000}`,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      acceptTerms: true,
      bot: await solveBotCheck(t.app),
      ...fields,
    },
  });
}
const countMembers = async () => (await t.database.db.selectFrom('member').select('id').execute()).length;

describe('every password a member sets', () => {
  it("may not be the site's default or a trivial one at registration, and nothing is written", async () => {
    const before = await countMembers();
    for (const [password, reason] of [
      [DEFAULT, 'default'],
      ['ab12ab12', 'repeated'],
      ['abcd1234', 'sequential'],
    ] as const) {
      const res = await register({ password, confirmPassword: password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        field: 'body.password',
        value: { fields: { password: { key: 'weak', reason } } },
      });
    }
    expect(await countMembers()).toBe(before);
  });

  it('may not be a payment password of 32 identical characters at registration', async () => {
    const res = await register({ paymentPassword: '7'.repeat(32) });
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      value: { fields: { paymentPassword: { key: 'weak', reason: 'repeated' } } },
    });
    expect((await register({ paymentPassword: '246810' })).statusCode).toBe(200);
  });

  it('may not be the default or a trivial one when changed, and the old one keeps working', async () => {
    const signedIn = await register({ password: 'Lantern42', confirmPassword: 'Lantern42' });
    const { token } = signedIn.json().value;
    const account = (await t.app.inject({ url: '/api/member/info', headers: bearer(token) })).json().value.account;
    const change = async (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/member/password',
        remoteAddress: testIp(),
        headers: bearer(token),
        payload: await encryptPayload(key.jwk, key.kid, {
          oldPassword: 'Lantern42',
          newPassword,
          confirmNewPassword: newPassword,
        }),
      });
    expect((await change(DEFAULT)).json()).toMatchObject({
      code: 'PASSWORD_IS_DEFAULT',
      field: 'body.newPassword',
      value: { fields: { newPassword: { key: 'weak', reason: 'default' } } },
    });
    expect((await change('qwerty12')).json()).toMatchObject({
      code: 'PASSWORD_TOO_SIMPLE',
      value: { fields: { newPassword: { key: 'weak', reason: 'sequential' } } },
    });
    expect((await loginAs(t.app, account, 'Lantern42')).statusCode).toBe(200);
  });

  it('may not be the default when set by phone, and the code is not spent on it', async () => {
    const ip = testIp();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/phone/code',
      remoteAddress: ip,
      payload: { mobileNum: '1012345678', countryDialingCode: '82', bot: await solveBotCheck(t.app) },
    });
    const msg = await t.database.db
      .selectFrom('outboxMessage')
      .select('body')
      .where('recipient', '=', '+82 1012345678')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = msg.body.match(/\b(\d{6})\b/)![1]!;
    const setByPhone = async (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password/phone',
        remoteAddress: ip,
        payload: await encryptPayload(key.jwk, key.kid, {
          newPassword,
          confirmNewPassword: newPassword,
          mobileNum: '1012345678',
          countryDialingCode: '82',
          verificationCode: code,
        }),
      });
    expect((await setByPhone(DEFAULT)).json().code).toBe('PASSWORD_IS_DEFAULT');
    expect((await setByPhone('Demo1234')).statusCode).toBe(200);
  });

  it('may not be a trivial or the default payment password in the security centre', async () => {
    const p = await newPlayer(t);
    const set = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cashier/payment-password',
        headers: bearer(p.token),
        payload: { newPassword },
      });
    expect((await set('a'.repeat(32))).json()).toMatchObject({
      code: 'PASSWORD_TOO_SIMPLE',
      field: 'body.newPassword',
    });
    expect((await set('123456')).json().code).toBe('PASSWORD_TOO_SIMPLE');
    expect((await set(DEFAULT)).json().code).toBe('PASSWORD_IS_DEFAULT');
    expect((await set('pay-4321')).json().value).toEqual({ hasPaymentPassword: true });
  });
});
