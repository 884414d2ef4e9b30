import { encryptPayload } from '@portal/contracts/auth/payload-cipher.ts';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  loginAs,
  payloadKeyOf,
  postSealed,
  solveBotCheck,
  testIp,
  useSignInTestApp,
} from '../../../test/auth-helpers.ts';
import { setModule } from '../../../test/test-app.ts';
import { insertSeedMember } from '../../db/seed/seed-member.ts';

const t = useSignInTestApp();

const DEMO_PHONE = '+82 1012345678';

async function makeMember(account: string, password: string, email: string | null = null) {
  await insertSeedMember(t.database.db, { account, password, email });
}

/** Signs in and returns the token, or the HTTP status when the sign-in is refused. */
async function signIn(username: string, password: string): Promise<string | number> {
  const res = await loginAs(t.app, username, password);
  // A failure would ask the next sign-in for a captcha; each check here starts clean.
  await t.database.db.deleteFrom('loginFailure').execute();
  return res.statusCode === 200 ? (res.json().value.token as string) : res.statusCode;
}

const memberInfo = (token: string) => t.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(token) });

const postEncrypted = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  postSealed(t.app, url, payload, headers);

const changePassword = (token: string, payload: Record<string, unknown>) =>
  postEncrypted('/api/member/password', payload, bearer(token));

const forgotByEmail = (form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password/email',
    remoteAddress: testIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

const resetByToken = (token: string, newPassword: string, confirmNewPassword = newPassword) =>
  postEncrypted('/api/auth/forgot-password/email/reset', { token, newPassword, confirmNewPassword });

async function sendResetCode(mobileNum: string, countryDialingCode = '82') {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password/phone/code',
    remoteAddress: testIp(),
    payload: { mobileNum, countryDialingCode, bot: await solveBotCheck(t.app) },
  });
}

const setByPhone = (payload: Record<string, unknown>) => postEncrypted('/api/auth/forgot-password/phone', payload);

const outboxRows = (channel: 'SMS' | 'EMAIL') =>
  t.database.db.selectFrom('outboxMessage').selectAll().where('channel', '=', channel).orderBy('id', 'desc').execute();

/** The token of the newest reset link e-mailed to this address. */
async function linkTokenFor(email: string): Promise<string> {
  const row = (await outboxRows('EMAIL')).find((r) => r.recipient === email);
  const m = /\/\?resetToken=([\w-]+)/.exec(row?.body ?? '');
  if (!m) throw new Error(`no reset link e-mailed to ${email}`);
  return m[1]!;
}

async function newestResetCode(): Promise<string> {
  const row = (await outboxRows('SMS')).find((r) => r.recipient === DEMO_PHONE && r.purpose === 'VERIFICATION_RESET');
  const m = /\b(\d{6})\b/.exec(row?.body ?? '');
  if (!m) throw new Error('no reset code in the outbox');
  return m[1]!;
}

async function withModuleOff(modId: string, run: () => Promise<void>) {
  await setModule(t, modId, false);
  try {
    await run();
  } finally {
    await setModule(t, modId, true);
  }
}

describe('changing the password', () => {
  it('sets the new password, ends every old session and signs the player in again', async () => {
    await makeMember('changer01', 'Start123');
    const first = (await signIn('changer01', 'Start123')) as string;
    const second = (await signIn('changer01', 'Start123')) as string;
    const res = await changePassword(first, {
      oldPassword: 'Start123',
      newPassword: 'Fresh456',
      confirmNewPassword: 'Fresh456',
    });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ mustChangePassword: false, passwordExpired: false, isAgent: false, isTrial: false });
    expect((await memberInfo(first)).statusCode).toBe(401);
    expect((await memberInfo(second)).statusCode).toBe(401);
    expect((await memberInfo(v.token)).json().value.account).toBe('changer01');
    expect(await signIn('changer01', 'Start123')).toBe(401);
    expect(typeof (await signIn('changer01', 'Fresh456'))).toBe('string');
    const row = await t.database.db
      .selectFrom('member')
      .select(['passwordHash', 'passwordChangedAt'])
      .where('accountKey', '=', 'changer01')
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(Date.now() - new Date(row.passwordChangedAt).getTime()).toBeLessThan(60_000);
  });

  it('refuses a wrong old password and changes nothing', async () => {
    await makeMember('changer02', 'Start123');
    const token = (await signIn('changer02', 'Start123')) as string;
    const res = await changePassword(token, {
      oldPassword: 'Guess999',
      newPassword: 'Fresh456',
      confirmNewPassword: 'Fresh456',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'WRONG_OLD_PASSWORD', field: 'body.oldPassword' });
    expect((await memberInfo(token)).statusCode).toBe(200);
    expect(typeof (await signIn('changer02', 'Start123'))).toBe('string');
    expect(await signIn('changer02', 'Fresh456')).toBe(401);
  });

  it('reports a weak new password, a confirmation that differs, a missing old password and a reused one', async () => {
    await makeMember('changer03', 'Start123');
    const token = (await signIn('changer03', 'Start123')) as string;
    const weak = await changePassword(token, {
      oldPassword: 'Start123',
      newPassword: 'abc',
      confirmNewPassword: 'abc',
    });
    expect(weak.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.newPassword' });
    expect(weak.json().value.fields.newPassword).toEqual({ key: 'length', min: 6, max: 20 });

    const mismatch = await changePassword(token, {
      oldPassword: 'Start123',
      newPassword: 'Fresh456',
      confirmNewPassword: 'Fresh457',
    });
    expect(mismatch.json().value.fields).toEqual({ confirmNewPassword: { key: 'mismatch' } });

    const noOld = await changePassword(token, { newPassword: 'Fresh456', confirmNewPassword: 'Fresh456' });
    expect(noOld.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.oldPassword' });
    expect(noOld.json().value.fields).toEqual({ oldPassword: { key: 'required' } });

    const same = await changePassword(token, {
      oldPassword: 'Start123',
      newPassword: 'Start123',
      confirmNewPassword: 'Start123',
    });
    expect(same.json()).toMatchObject({ code: 'PASSWORD_SAME_AS_OLD', field: 'body.newPassword' });

    expect((await memberInfo(token)).statusCode).toBe(200);
    expect(typeof (await signIn('changer03', 'Start123'))).toBe('string');
  });

  it('lets a player on the default password change it without typing the old one, but not to the default', async () => {
    const login = await loginAs(t.app, 'newbie01', 'Aurora2023');
    const { token, mustChangePassword } = login.json().value;
    expect(mustChangePassword).toBe(true);
    const toDefault = await changePassword(token, { newPassword: 'Aurora2023', confirmNewPassword: 'Aurora2023' });
    expect(toDefault.json()).toMatchObject({ code: 'PASSWORD_IS_DEFAULT', field: 'body.newPassword' });

    const res = await changePassword(token, { newPassword: 'Newbie789', confirmNewPassword: 'Newbie789' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value.mustChangePassword).toBe(false);
    expect((await memberInfo(token)).statusCode).toBe(401);
    const again = await loginAs(t.app, 'newbie01', 'Newbie789');
    expect(again.json().value.mustChangePassword).toBe(false);
  });

  it('needs a session and a payload encrypted for the current key', async () => {
    const anonymous = await postEncrypted('/api/member/password', { newPassword: 'x', confirmNewPassword: 'x' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('NOT_LOGGED_IN');

    const token = (await signIn('demo01', 'Demo1234')) as string;
    const payloadKey = await payloadKeyOf(t.app);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/member/password',
      headers: bearer(token),
      payload: await encryptPayload(payloadKey.jwk, 'old', {
        oldPassword: 'Demo1234',
        newPassword: 'Other123',
        confirmNewPassword: 'Other123',
      }),
    });
    expect(stale.json().code).toBe('PAYLOAD_DECRYPTION_FAILED');
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/member/password',
      headers: bearer(token),
      payload: await encryptPayload(payloadKey.jwk, payloadKey.kid, { newPassword: 42 }),
    });
    expect(notJson.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.newPassword' });
    expect((await memberInfo(token)).statusCode).toBe(200);
  });
});

describe('forgot password by e-mail', () => {
  it('answers an unknown user, a wrong e-mail and the right pair alike, and e-mails only the right pair', async () => {
    await makeMember('forgetful1', 'Start123', 'Forgetful1@Example.com');
    const before = (await outboxRows('EMAIL')).length;
    const unknown = await forgotByEmail({ username: 'nobody404', email: 'forgetful1@example.com' });
    const wrongEmail = await forgotByEmail({ username: 'forgetful1', email: 'someone@example.com' });
    expect((await outboxRows('EMAIL')).length).toBe(before);
    const right = await forgotByEmail({ username: 'FORGETFUL1', email: 'forgetful1@example.com' });

    for (const res of [unknown, wrongEmail, right]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: '', value: { sent: true } });
    }
    const rows = await outboxRows('EMAIL');
    expect(rows.length).toBe(before + 1);
    expect(rows[0]).toMatchObject({ recipient: 'forgetful1@example.com', purpose: 'RESET' });
    expect(rows[0]!.body).toMatch(/https:\/\/aurora-play\.example\/\?resetToken=[\w-]{43}/);
    // Only a hash of the token is stored.
    const token = await linkTokenFor('forgetful1@example.com');
    const stored = await t.database.db.selectFrom('passwordResetToken').select('tokenHash').execute();
    expect(stored.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('writes the link in the language the browser asks for', async () => {
    await makeMember('forgetful5', 'Start123', 'forgetful5@example.com');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/email',
      remoteAddress: testIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en-US,en;q=0.9' },
      payload: 'username=forgetful5&email=forgetful5%40example.com',
    });
    expect((await outboxRows('EMAIL'))[0]).toMatchObject({ subject: '[Aurora Play] Reset your password' });
  });

  it('requires the username and an e-mail address by its rule', async () => {
    const res = await forgotByEmail({ username: '', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.username' });
    expect(res.json().value.fields).toMatchObject({ username: { key: 'required' }, email: { key: 'pattern' } });
  });

  it('resets the password once with the newest e-mailed link and ends every session', async () => {
    await makeMember('forgetful2', 'Start123', 'forgetful2@example.com');
    const session = (await signIn('forgetful2', 'Start123')) as string;
    await forgotByEmail({ username: 'forgetful2', email: 'forgetful2@example.com' });
    const older = await linkTokenFor('forgetful2@example.com');
    await forgotByEmail({ username: 'forgetful2', email: 'forgetful2@example.com' });
    const newest = await linkTokenFor('forgetful2@example.com');
    expect(newest).not.toBe(older);

    expect((await resetByToken(older, 'Reset789')).json().code).toBe('RESET_TOKEN_INVALID');
    const weak = await resetByToken(newest, 'abc');
    expect(weak.json().value.fields.newPassword).toMatchObject({ key: 'length' });
    expect((await resetByToken(newest, 'Reset789', 'Reset780')).json().value.fields).toEqual({
      confirmNewPassword: { key: 'mismatch' },
    });

    const ok = await resetByToken(newest, 'Reset789');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().value).toEqual({ reset: true });
    expect((await memberInfo(session)).statusCode).toBe(401);
    expect(typeof (await signIn('forgetful2', 'Reset789'))).toBe('string');
    expect(await signIn('forgetful2', 'Start123')).toBe(401);

    const twice = await resetByToken(newest, 'Other789');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID', field: 'body.token' });
    expect(typeof (await signIn('forgetful2', 'Reset789'))).toBe('string');
  });

  it('refuses an expired link and leaves the password alone', async () => {
    await makeMember('forgetful3', 'Start123', 'forgetful3@example.com');
    await forgotByEmail({ username: 'forgetful3', email: 'forgetful3@example.com' });
    const token = await linkTokenFor('forgetful3@example.com');
    await sql`update password_reset_token set expires_at = now() - interval '1 second' where used_at is null`.execute(
      t.database.db,
    );
    expect((await resetByToken(token, 'Reset789')).json().code).toBe('RESET_TOKEN_INVALID');
    expect(typeof (await signIn('forgetful3', 'Start123'))).toBe('string');
  });

  it('lets exactly one of two concurrent uses of one link win', async () => {
    await makeMember('forgetful4', 'Start123', 'forgetful4@example.com');
    await forgotByEmail({ username: 'forgetful4', email: 'forgetful4@example.com' });
    const token = await linkTokenFor('forgetful4@example.com');
    const results = await Promise.all([resetByToken(token, 'Racer111'), resetByToken(token, 'Racer222')]);
    const winners = results.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(results.find((r) => r.statusCode !== 200)!.json().code).toBe('RESET_TOKEN_INVALID');
    const winning = results[0]!.statusCode === 200 ? 'Racer111' : 'Racer222';
    const losing = winning === 'Racer111' ? 'Racer222' : 'Racer111';
    expect(typeof (await signIn('forgetful4', winning))).toBe('string');
    expect(await signIn('forgetful4', losing)).toBe(401);
  });

  it('is refused while the operator has e-mail reset off', async () => {
    await withModuleOff('CHNGPASSMAIL3', async () => {
      const res = await forgotByEmail({ username: 'demo01', email: 'demo01@example.com' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FEATURE_DISABLED');
      expect((await resetByToken('x'.repeat(43), 'Reset789')).json().code).toBe('FEATURE_DISABLED');
    });
  });
});

describe('set password by phone', () => {
  // Each test sends a fresh code: the resend throttle and the cap count codes already sent.
  beforeEach(async () => {
    await t.database.db.deleteFrom('verificationCode').where('recipient', '=', DEMO_PHONE).execute();
  });

  it('sets the new password with the SMS code, ends old sessions and signs the player in', async () => {
    const old = (await signIn('demo01', 'Demo1234')) as string;
    const sent = await sendResetCode('010-1234-5678');
    expect(sent.json().value).toEqual({ expiredMinutes: 1 });
    const code = await newestResetCode();

    const weak = await setByPhone({
      mobileNum: '01012345678',
      countryDialingCode: '82',
      verificationCode: code,
      newPassword: 'abc',
    });
    expect(weak.json().value.fields.newPassword).toMatchObject({ key: 'length' });

    // The weak attempt did not spend the code.
    const res = await setByPhone({
      mobileNum: '01012345678',
      countryDialingCode: '82',
      verificationCode: code,
      newPassword: 'Phone123',
    });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ mustChangePassword: false, isAgent: false });
    expect((await memberInfo(v.token)).json().value.account).toBe('demo01');
    expect((await memberInfo(old)).statusCode).toBe(401);
    expect(typeof (await signIn('demo01', 'Phone123'))).toBe('string');
    expect(await signIn('demo01', 'Demo1234')).toBe(401);

    // Back to the seed password for the other tests, through the same flow.
    await t.database.db.deleteFrom('verificationCode').where('recipient', '=', DEMO_PHONE).execute();
    await sendResetCode('1012345678');
    const restore = await setByPhone({
      mobileNum: '1012345678',
      countryDialingCode: '+82',
      verificationCode: await newestResetCode(),
      newPassword: 'Demo1234',
    });
    expect(restore.statusCode).toBe(200);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const session = (await signIn('demo01', 'Demo1234')) as string;
    await sendResetCode('01012345678');
    const code = await newestResetCode();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await setByPhone({
      mobileNum: '01012345678',
      countryDialingCode: '82',
      verificationCode: wrong,
      newPassword: 'Phone456',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VERIFICATION_CODE_INVALID');
    expect((await memberInfo(session)).statusCode).toBe(200);
    expect(typeof (await signIn('demo01', 'Demo1234'))).toBe('string');
    expect(await signIn('demo01', 'Phone456')).toBe(401);
  });

  it('answers an unknown number like a registered one and sends it nothing', async () => {
    const before = (await outboxRows('SMS')).length;
    const unknown = await sendResetCode('01099998888');
    expect(unknown.statusCode).toBe(200);
    expect((await outboxRows('SMS')).length).toBe(before);
    const known = await sendResetCode('01012345678');
    expect(known.json()).toEqual(unknown.json());
    expect((await outboxRows('SMS')).length).toBe(before + 1);
    // The request is counted for the number's throttles like a real one, but no message goes to it.
    const codes = await t.database.db.selectFrom('verificationCode').select('recipient').execute();
    expect(codes.some((c) => c.recipient === '+82 1099998888')).toBe(true);
    expect((await outboxRows('SMS')).some((m) => m.recipient === '+82 1099998888')).toBe(false);
  });

  it('needs the bot check before sending a code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/phone/code',
      remoteAddress: testIp(),
      payload: { mobileNum: '01012345678', countryDialingCode: '82' },
    });
    expect(res.json()).toMatchObject({ code: 'BOT_CHECK_REQUIRED', field: 'body.bot' });
  });

  it('is refused while the operator has phone reset off', async () => {
    await withModuleOff('CHNGPASSVERIF3', async () => {
      expect((await sendResetCode('01012345678')).json().code).toBe('FEATURE_DISABLED');
      const res = await setByPhone({
        mobileNum: '01012345678',
        countryDialingCode: '82',
        verificationCode: '123456',
        newPassword: 'Phone789',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FEATURE_DISABLED');
    });
  });
});
