import { randomBytes } from 'node:crypto';
import { encryptPayload } from '@portal/contracts/auth/payload-cipher.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freePlayAs, loginAs, solveBotCheck, testIp } from '../../../test/auth-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';

/** The demo site's default password (password_policy.defaultPassword). */
const DEFAULT = 'Aurora2023';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, undefined, { newIpVerification: true });
});
afterAll(async () => t?.close());

let phones = 0;
/** A member with a phone (and an address already known, so the next sign-in elsewhere is a new one). */
async function member(opts: { password?: string; type?: number; email?: string; changedDaysAgo?: number } = {}) {
  const mobileNum = `10${String(Date.now() % 1e6).padStart(6, '0')}${String(++phones).padStart(2, '0')}`;
  const { memberId: id, account } = await newPlayer(t, {
    password: opts.password ?? DEFAULT,
    ...(opts.type !== undefined ? { type: opts.type } : {}),
    ...(opts.email ? { email: opts.email } : { mobileNum }),
    passwordChangedAt: new Date(Date.now() - (opts.changedDaysAgo ?? 0) * 86_400_000),
  });
  await t.database.db.insertInto('memberKnownIp').values({ memberId: id, ip: '198.51.100.1' }).execute();
  return { id, account, mobileNum, recipient: opts.email ?? `+82 ${mobileNum}` };
}

const post = (url: string, payload: Record<string, unknown>, remoteAddress = testIp()) =>
  t.app.inject({ method: 'POST', url, remoteAddress, payload });

async function lastCode(recipient: string): Promise<string> {
  const msg = await t.database.db
    .selectFrom('outboxMessage')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const code = msg?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

const codesSentTo = async (recipient: string) =>
  (await t.database.db.selectFrom('outboxMessage').select('id').where('recipient', '=', recipient).execute()).length;

async function smsLogin(m: { mobileNum: string; recipient: string }, ip: string, portal = 'member') {
  await post(
    '/api/auth/login-code',
    { mobileNum: m.mobileNum, countryDialingCode: '82', bot: await solveBotCheck(t.app) },
    ip,
  );
  return post(
    '/api/auth/login-v2',
    {
      type: 'sms',
      mobileNum: m.mobileNum,
      countryDialingCode: '82',
      verificationCode: await lastCode(m.recipient),
      portal,
    },
    ip,
  );
}

/** Whether a session is the restricted one of a forced change: it may read who it is and nothing else. */
async function expectOnlyPasswordChange(token: string) {
  expect((await t.app.inject({ url: '/api/member/info', headers: bearer(token) })).statusCode).toBe(200);
  const balance = await t.app.inject({ url: '/api/wallet/balance', headers: bearer(token) });
  expect(balance.statusCode).toBe(403);
  expect(balance.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
}

describe('every path that issues a session applies the forced password change', () => {
  it('a password sign-in on the default password', async () => {
    const m = await member();
    const res = await loginAs(t.app, m.account, DEFAULT, {}, '198.51.100.1');
    expect(res.json().value).toMatchObject({ mustChangePassword: true });
    await expectOnlyPasswordChange(res.json().value.token);
  });

  it('a password sign-in on the default password that goes through the new-address step', async () => {
    const m = await member();
    const away = testIp();
    const first = await loginAs(t.app, m.account, DEFAULT, {}, away);
    expect(first.json().code).toBe('NEW_IP_VERIFICATION_REQUIRED');
    const done = await post(
      '/api/auth/new-ip',
      { challengeId: first.json().value.challengeId, code: await lastCode(m.recipient) },
      away,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().value).toMatchObject({ mustChangePassword: true });
    await expectOnlyPasswordChange(done.json().value.token);
  });

  it('an SMS sign-in of an account on the default password', async () => {
    const m = await member();
    const res = await smsLogin(m, '198.51.100.1');
    expect(res.json().value).toMatchObject({ mustChangePassword: true });
    await expectOnlyPasswordChange(res.json().value.token);
  });

  it('an SMS sign-in with an expired password', async () => {
    await t.services.settings.put('password_policy', { defaultPassword: DEFAULT, expiryEnabled: true, expiryDays: 90 });
    try {
      const m = await member({ password: 'Orchid58Lane', changedDaysAgo: 91 });
      const res = await smsLogin(m, '198.51.100.1');
      expect(res.json().value).toMatchObject({ mustChangePassword: true, passwordExpired: true });
      await expectOnlyPasswordChange(res.json().value.token);
    } finally {
      await t.services.settings.put('password_policy', {
        defaultPassword: DEFAULT,
        expiryEnabled: false,
        expiryDays: 90,
      });
    }
  });

  it('an agent on the default password at the agent portal, through the new-address step by e-mail', async () => {
    const m = await member({ type: 1, email: `agent${randomBytes(3).toString('hex')}@example.com` });
    const away = testIp();
    const first = await loginAs(t.app, m.account, DEFAULT, { portal: 'agent' }, away);
    expect(first.json().value).toMatchObject({ method: 'EMAIL' });
    const done = await post(
      '/api/auth/new-ip',
      { challengeId: first.json().value.challengeId, code: await lastCode(m.recipient) },
      away,
    );
    expect(done.json().value).toMatchObject({ mustChangePassword: true, isAgent: true });
    await expectOnlyPasswordChange(done.json().value.token);
  });

  it('not a member on a password of their own, on any path', async () => {
    const m = await member({ password: 'Orchid58Lane' });
    const direct = await loginAs(t.app, m.account, 'Orchid58Lane', {}, '198.51.100.1');
    expect(direct.json().value.mustChangePassword).toBe(false);
    const sms = await smsLogin(m, '198.51.100.1');
    expect(sms.json().value.mustChangePassword).toBe(false);
  });

  it('not a free-play account, whose password nobody knows', async () => {
    const res = await freePlayAs(t.app);
    expect(res.json().value).toMatchObject({ isTrial: true, mustChangePassword: false });
    expect(
      (await t.app.inject({ url: '/api/wallet/balance', headers: bearer(res.json().value.token) })).statusCode,
    ).toBe(200);
  });

  it('lifts the restriction once the password is changed: the new session may do everything', async () => {
    const m = await member();
    const forced = (await loginAs(t.app, m.account, DEFAULT, {}, '198.51.100.1')).json().value.token;
    const key = (await t.app.inject({ url: '/api/auth/payload-key' })).json().value;
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/member/password',
      remoteAddress: testIp(),
      headers: bearer(forced),
      payload: await encryptPayload(key.jwk, key.kid, {
        newPassword: 'Orchid58Lane',
        confirmNewPassword: 'Orchid58Lane',
      }),
    });
    expect(changed.json().value).toMatchObject({ mustChangePassword: false });
    expect(
      (await t.app.inject({ url: '/api/wallet/balance', headers: bearer(changed.json().value.token) })).statusCode,
    ).toBe(200);
  });
});

describe('an SMS sign-in from a new address', () => {
  it('signs in with the one code: the phone that proved itself is not asked again', async () => {
    const m = await member({ password: 'Orchid58Lane' });
    const away = testIp();
    const before = await codesSentTo(m.recipient);
    const res = await smsLogin(m, away);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.token).toBeTruthy();
    expect(await codesSentTo(m.recipient)).toBe(before + 1);
    // The address is now a known one: a password sign-in from it passes too.
    expect((await loginAs(t.app, m.account, 'Orchid58Lane', {}, away)).statusCode).toBe(200);
  });
});
