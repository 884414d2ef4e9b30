import type { LoginResult } from '@portal/contracts/auth/auth.contract.ts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, loginAs, postSealed, solveBotCheck, testIp, useSignInTestApp } from '../../../test/auth-helpers.ts';
import { setModule } from '../../../test/test-app.ts';
import { DEMO_DEFAULT_PASSWORD } from '../../db/seed/demo-accounts.ts';
import { insertSeedMember } from '../../db/seed/seed-member.ts';

const t = useSignInTestApp();

async function makeMember(account: string, password: string, phone: string | null = null) {
  await insertSeedMember(t.database.db, {
    account,
    password,
    mobileDialingCode: phone ? '82' : null,
    mobileNum: phone,
  });
}

async function signIn(username: string, password: string) {
  const res = await loginAs(t.app, username, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as LoginResult;
}

const call = (token: string, method: 'GET' | 'DELETE', url: string) =>
  t.app.inject({ method, url, headers: bearer(token) });
const balance = (token: string) => call(token, 'GET', '/api/wallet/balance');
const memberInfo = (token: string) => call(token, 'GET', '/api/member/info');

/** The member's change to `newPassword` (typed twice), naming the old one when the form asks for it. */
const changePassword = (token: string, newPassword: string, oldPassword?: string) =>
  postSealed(
    t.app,
    '/api/member/password',
    { ...(oldPassword === undefined ? {} : { oldPassword }), newPassword, confirmNewPassword: newPassword },
    bearer(token),
  );

/** A change that went through: the session it issues plays again. */
async function expectPlaysAfter(changed: Awaited<ReturnType<typeof changePassword>>) {
  expect(changed.statusCode, changed.body).toBe(200);
  expect((await balance(changed.json().value.token)).statusCode).toBe(200);
}

async function setPolicy(policy: { expiryEnabled: boolean; expiryDays: number }) {
  await t.services.settings.put('password_policy', { defaultPassword: DEMO_DEFAULT_PASSWORD, ...policy });
}

/** Member calls other than the three a forced session keeps, one per area. */
const OTHER_MEMBER_CALLS = [
  ['GET', '/api/wallet/balance'],
  ['GET', '/api/cashier/bank-accounts'],
  ['GET', '/api/wallet/history/transactions'],
  ['GET', '/api/games/favourites'],
] as const;

describe('a sign-in on the default password', () => {
  it('may only change the password, read the member info and sign out until it does', async () => {
    await makeMember('forced01', DEMO_DEFAULT_PASSWORD);
    const { token, mustChangePassword, askOldPassword } = await signIn('forced01', DEMO_DEFAULT_PASSWORD);
    expect(mustChangePassword).toBe(true);
    // The default is known to the server: the forced change does not ask for it.
    expect(askOldPassword).toBe(false);

    for (const [method, url] of OTHER_MEMBER_CALLS) {
      const res = await t.app.inject({ method, url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', success: false });
    }
    expect((await memberInfo(token)).json().value.account).toBe('forced01');
    // Public calls are not affected by the session.
    expect((await t.app.inject({ url: '/api/site/permission', headers: bearer(token) })).statusCode).not.toBe(403);

    const out = await call(token, 'DELETE', '/api/auth/session');
    expect(out.json().value).toEqual({ revoked: true });
  });

  it('works fully with the session issued by the change', async () => {
    await makeMember('forced02', DEMO_DEFAULT_PASSWORD);
    const { token } = await signIn('forced02', DEMO_DEFAULT_PASSWORD);
    const changed = await changePassword(token, 'Forced234');
    expect(changed.statusCode, changed.body).toBe(200);
    const fresh = changed.json().value.token as string;
    expect(changed.json().value.mustChangePassword).toBe(false);
    for (const [method, url] of OTHER_MEMBER_CALLS) {
      const res = await t.app.inject({ method, url, headers: bearer(fresh) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    }
    // The forced session itself is over, and a new sign-in with the new password is not forced.
    expect((await balance(token)).json().code).toBe('SESSION_EXPIRED');
    const again = await signIn('forced02', 'Forced234');
    expect(again.mustChangePassword).toBe(false);
    expect((await balance(again.token)).statusCode).toBe(200);
  });

  it('is not forced while the operator has FORCE_CHANGE_PASSWORD off', async () => {
    await makeMember('forced03', DEMO_DEFAULT_PASSWORD);
    await setModule(t, 'FORCE_CHANGE_PASSWORD', false);
    try {
      const { token, mustChangePassword } = await signIn('forced03', DEMO_DEFAULT_PASSWORD);
      expect(mustChangePassword).toBe(false);
      expect((await balance(token)).statusCode).toBe(200);
    } finally {
      await setModule(t, 'FORCE_CHANGE_PASSWORD', true);
    }
  });
});

describe('a sign-in on an expired password', () => {
  it('is forced when expiry is on and the password is older than the expiry days', async () => {
    await makeMember('expired01', 'Expired123');
    await sql`update member set password_changed_at = now() - interval '31 days' where account = 'expired01'`.execute(
      t.database.db,
    );
    await setPolicy({ expiryEnabled: true, expiryDays: 30 });
    try {
      const v = await signIn('expired01', 'Expired123');
      expect(v).toMatchObject({ mustChangePassword: true, passwordExpired: true, askOldPassword: true });
      expect((await balance(v.token)).json().code).toBe('PASSWORD_CHANGE_REQUIRED');

      await expectPlaysAfter(await changePassword(v.token, 'Renewed123', 'Expired123'));
    } finally {
      await setPolicy({ expiryEnabled: false, expiryDays: 90 });
    }
  });

  it('is not forced while expiry is off', async () => {
    await makeMember('expired02', 'Expired123');
    await sql`update member set password_changed_at = now() - interval '400 days' where account = 'expired02'`.execute(
      t.database.db,
    );
    const v = await signIn('expired02', 'Expired123');
    expect(v).toMatchObject({ mustChangePassword: false, passwordExpired: false });
    expect((await balance(v.token)).statusCode).toBe(200);
  });
});

describe('a sign-in on a first password an agent handed out', () => {
  it('is forced, and the change names that password (the form asks for it)', async () => {
    await makeMember('handed01', 'Handed1234');
    await sql`update member set agent_issued_password_at = now() where account = 'handed01'`.execute(t.database.db);
    const v = await signIn('handed01', 'Handed1234');
    expect(v).toMatchObject({ mustChangePassword: true, askOldPassword: true });

    const without = await changePassword(v.token, 'Mine12345');
    expect(without.statusCode).toBe(400);
    await expectPlaysAfter(await changePassword(v.token, 'Mine12345', 'Handed1234'));
  });
});

describe('an SMS sign-in', () => {
  it('is forced like a password sign-in when the password is the default one (one rule for every path)', async () => {
    await makeMember('forcedsms', DEMO_DEFAULT_PASSWORD, '1055550001');
    const ip = testIp();
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-code',
      remoteAddress: ip,
      payload: { mobileNum: '1055550001', countryDialingCode: '82', bot: await solveBotCheck(t.app) },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [msg] = await t.database.db
      .selectFrom('outboxMessage')
      .select('body')
      .where('recipient', '=', '+82 1055550001')
      .orderBy('id', 'desc')
      .execute();
    const code = /\b(\d{6})\b/.exec(msg?.body ?? '')?.[1];
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-v2',
      remoteAddress: ip,
      payload: { type: 'sms', mobileNum: '1055550001', countryDialingCode: '82', verificationCode: code },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().value.mustChangePassword).toBe(true);
    expect((await balance(login.json().value.token)).json().code).toBe('PASSWORD_CHANGE_REQUIRED');

    // The same account signing in with the password is forced alike.
    const byPassword = await signIn('forcedsms', DEMO_DEFAULT_PASSWORD);
    expect(byPassword.mustChangePassword).toBe(true);
    expect((await balance(byPassword.token)).json().code).toBe('PASSWORD_CHANGE_REQUIRED');
  });
});
