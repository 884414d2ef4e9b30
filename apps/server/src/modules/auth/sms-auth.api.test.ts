import { encryptPayload } from '@portal/contracts/auth/payload-cipher.ts';
import { changePassword } from '@portal/contracts/auth/password.contract.ts';
import type { RouteDef } from '@portal/contracts/http.ts';
import {
  addBankAccount,
  createDeposit,
  createWithdrawal,
  listWithdrawals,
} from '@portal/contracts/wallet/cashier.contract.ts';
import { transferUpline } from '@portal/contracts/wallet/transfer-upline.contract.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, freePlayAs, loginAs, solveBotCheck, testIp } from '../../../test/auth-helpers.ts';
import { setModule, startTestApp, type TestApp } from '../../../test/test-app.ts';
import { hashPassword } from './password.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, undefined, { newIpVerification: true });
});
afterAll(async () => t?.close());

const outbox = (recipient: string) =>
  t.database.db
    .selectFrom('outboxMessage')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .execute();
const lastCode = async (recipient: string) => {
  const [msg] = await outbox(recipient);
  const code = msg?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
};
const post = async (url: string, payload: Record<string, unknown>, remoteAddress = testIp()) =>
  t.app.inject({ method: 'POST', url, remoteAddress, payload });
const put = async (url: string, payload: Record<string, unknown>, remoteAddress = testIp()) =>
  t.app.inject({ method: 'PUT', url, remoteAddress, payload });
/** A seeded member's row id, by account. */
const memberOf = (account: string) =>
  t.database.db.selectFrom('member').select('id').where('accountKey', '=', account).executeTakeFirstOrThrow();
/** A person's call: the bot check solved and sent with `payload`. */
const humanPost = async (url: string, payload: Record<string, unknown>, remoteAddress = testIp()) =>
  post(url, { ...payload, bot: await solveBotCheck(t.app) }, remoteAddress);
const humanPut = async (url: string, payload: Record<string, unknown>, remoteAddress = testIp()) =>
  put(url, { ...payload, bot: await solveBotCheck(t.app) }, remoteAddress);

describe('signing in by SMS code', () => {
  it('sends a code to a registered number and signs its owner in with it, once', async () => {
    const ip = testIp();
    const sent = await humanPost('/api/auth/login-code', { mobileNum: '010-1234-5678', countryDialingCode: '82' }, ip);
    expect(sent.json().value).toEqual({ expiredMinutes: 1 });
    const code = await lastCode('+82 1012345678');
    const login = (code: string) =>
      post(
        '/api/auth/login-v2',
        { type: 'sms', mobileNum: '1012345678', countryDialingCode: '82', verificationCode: code },
        ip,
      );
    const ok = await login(code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.mustChangePassword).toBe(false);
    const info = await t.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(ok.json().value.token) });
    expect(info.json().value.account).toBe('demo01');
    const again = await login(code);
    expect(again.json().code).toMatch(/^VERIFICATION_CODE_/);
  });

  it('answers an unregistered number exactly as a registered one, and sends it nothing', async () => {
    const res = await humanPost('/api/auth/login-code', { mobileNum: '1099998888', countryDialingCode: '82' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ expiredMinutes: 1 });
    expect(await outbox('+82 1099998888')).toHaveLength(0);
  });

  it('refuses a wrong code and a malformed number with clear errors', async () => {
    const wrong = await post('/api/auth/login-v2', {
      type: 'sms',
      mobileNum: '1012345678',
      countryDialingCode: '82',
      verificationCode: '000000',
    });
    expect(wrong.json().code).toBe('VERIFICATION_CODE_INVALID');
    const bad = await humanPost('/api/auth/login-code', { mobileNum: 'abc', countryDialingCode: '82' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('needs the bot check before sending a code', async () => {
    const res = await post('/api/auth/login-code', { mobileNum: '1012345678', countryDialingCode: '82' });
    expect(res.json().code).toBe('BOT_CHECK_REQUIRED');
  });
});

describe('registering by mobile', () => {
  it('registers with the SMS code and signs the player in', async () => {
    const ip = testIp();
    const sent = await humanPost('/api/auth/register-code', { mobileNo: '01055556666', countryDialingCode: '82' }, ip);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastCode('+82 1055556666');
    const res = await humanPut(
      '/api/auth/register-mobile',
      {
        mobileNum: '01055556666',
        countryDialingCode: '82',
        verificationCode: code,
        password: 'Mobile123',
        confirmPassword: 'Mobile123',
        acceptTerms: true,
      },
      ip,
    );
    expect(res.statusCode, res.body).toBe(200);
    const info = (
      await t.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(res.json().value.token) })
    ).json().value;
    expect(info).toMatchObject({ account: 'm1055556666', mobileNum: '1055556666', countryDialingCode: '82' });
  });

  it('needs the number and the code, and refuses a wrong code without creating the player', async () => {
    const missing = await humanPut('/api/auth/register-mobile', {
      password: 'Mobile123',
      confirmPassword: 'Mobile123',
      acceptTerms: true,
    });
    expect(missing.json().value.fields).toMatchObject({
      mobileNum: { key: 'required' },
      verificationCode: { key: 'required' },
    });
    const wrong = await humanPut('/api/auth/register-mobile', {
      mobileNum: '1077778888',
      countryDialingCode: '82',
      verificationCode: '123456',
      password: 'Mobile123',
      confirmPassword: 'Mobile123',
      acceptTerms: true,
    });
    expect(wrong.json().code).toBe('VERIFICATION_CODE_INVALID');
    const rows = await t.database.db.selectFrom('member').select('id').where('mobileNum', '=', '1077778888').execute();
    expect(rows).toHaveLength(0);
  });

  it('tells the owner of an already registered number instead of sending a code, answering the caller alike', async () => {
    const res = await humanPost('/api/auth/register-code', { mobileNo: '1012345678', countryDialingCode: '82' });
    expect(res.json().value).toEqual({ expiredMinutes: 1 });
    const [msg] = await outbox('+82 1012345678');
    expect(msg?.purpose).toBe('REGISTER');
    expect(msg?.body).not.toMatch(/\b\d{6}\b/);
  });
});

describe('free play', () => {
  it('opens a trial account with play credit', async () => {
    const res = await freePlayAs(t.app);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ isTrial: true, isAgent: false, mustChangePassword: false });
    const info = (
      await t.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(res.json().value.token) })
    ).json().value;
    expect(info).toMatchObject({ type: 4, isTrial: true });
    expect(info.account).toMatch(/^trial[0-9a-f]{10}$/);
  });

  it('refuses a trial token the member-only money calls with “Please Register An Account First”, changing nothing', async () => {
    const trial = (await freePlayAs(t.app)).json().value.token as string;
    const { kid, jwk } = (await t.app.inject({ url: '/api/auth/payload-key' })).json().value;
    // The member-only money calls, each as its contract declares it.
    const calls: [RouteDef, unknown][] = [
      [
        createWithdrawal,
        { bankAccountId: '1', amount: '1000', paymentPassword: '123456', requestId: 'trial-withdrawal-0001' },
      ],
      [transferUpline, { amount: '1000', paymentPassword: '123456', requestId: 'trial-upline-00001' }],
      [
        changePassword,
        await encryptPayload(jwk, kid, { oldPassword: 'x', newPassword: 'Trial1234', confirmNewPassword: 'Trial1234' }),
      ],
      [createDeposit, { methodCode: 'BANK', amount: '10000', payerName: 'Trial', requestId: 'trial-deposit-00001' }],
      [addBankAccount, { payeeName: 'Trial', bankName: 'Bank', accountNumber: '1234-5678' }],
      [listWithdrawals, undefined],
    ];
    for (const [{ operationId: name, method, path: url }, payload] of calls) {
      const res = await t.app.inject({
        method,
        url,
        remoteAddress: testIp(),
        headers: bearer(trial),
        ...(payload ? { payload: payload as Record<string, unknown> } : {}),
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(403);
      expect(res.json(), name).toMatchObject({ code: 'TRIAL_NOT_ALLOWED' });
    }
    const member = await t.database.db
      .selectFrom('member')
      .select(['id', 'passwordChangedAt', 'paymentPasswordHash'])
      .where('type', '=', 4)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(member.paymentPasswordHash).toBeNull();
    const rows = async (table: 'withdrawal' | 'deposit' | 'bankAccount') =>
      t.database.db.selectFrom(table).select('id').where('memberId', '=', member.id).execute();
    expect(await rows('withdrawal')).toHaveLength(0);
    expect(await rows('deposit')).toHaveLength(0);
    expect(await rows('bankAccount')).toHaveLength(0);
  });

  it('keeps a trial account out of the member and agent sign-ins', async () => {
    await freePlayAs(t.app);
    const trial = await t.database.db
      .selectFrom('member')
      .select(['id', 'account'])
      .where('type', '=', 4)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // Nobody knows a trial account's password; give it one to show the refusal is for the type.
    await t.database.db
      .updateTable('member')
      .set({ passwordHash: await hashPassword('Trial1234') })
      .where('id', '=', trial.id)
      .execute();
    const asMember = await loginAs(t.app, trial.account, 'Trial1234');
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ code: 'NOT_MEMBER', message: 'Non-member account unable to login.' });
    const asAgent = await loginAs(t.app, trial.account, 'Trial1234', { portal: 'agent' });
    expect(asAgent.statusCode).toBe(403);
    expect(asAgent.json()).toMatchObject({ code: 'NOT_AGENT', message: 'Non-agents cannot log in.' });
    const sessions = await t.database.db
      .selectFrom('memberSession')
      .select('id')
      .where('memberId', '=', trial.id)
      .execute();
    expect(sessions).toHaveLength(1); // the free-play session only
  });

  it('needs the bot check, and refuses a proof used twice, opening no account', async () => {
    const count = async () =>
      (await t.database.db.selectFrom('member').select('id').where('type', '=', 4).execute()).length;
    const before = await count();
    const none = await post('/api/auth/free-play', { platform: 'W' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'BOT_CHECK_REQUIRED', field: 'body.bot' });
    const bot = await solveBotCheck(t.app);
    expect((await post('/api/auth/free-play', { platform: 'W', bot })).statusCode).toBe(200);
    const replay = await post('/api/auth/free-play', { platform: 'W', bot });
    expect(replay.json().code).toBe('BOT_CHECK_FAILED');
    expect(await count()).toBe(before + 1);
  });

  it('is refused while the operator has free play off', async () => {
    await setModule(t, 'FREE_PLAY', false);
    const res = await post('/api/auth/free-play', {});
    expect(res.json().code).toBe('FEATURE_DISABLED');
    await setModule(t, 'FREE_PLAY', true);
  });
});

describe('invitation codes', () => {
  it('tells a valid agent code from an unknown one', async () => {
    const ok = await t.app.inject({ url: '/api/auth/affiliate?code=aurora01&domain=aurora-play.example' });
    expect(ok.json().value).toEqual({ valid: true });
    const bad = await t.app.inject({ url: '/api/auth/affiliate?code=NOPE' });
    expect(bad.json().value).toEqual({ valid: false });
    const empty = await t.app.inject({ url: '/api/auth/affiliate?code=' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('a sign-in from a new address', () => {
  it('asks for the code sent to the phone, then signs in and remembers the address', async () => {
    const home = '192.0.2.10';
    expect((await loginAs(t.app, 'agent01', 'Agent1234', {}, home)).statusCode).toBe(200);
    // agent01 has neither phone nor e-mail: a new address passes.
    expect((await loginAs(t.app, 'agent01', 'Agent1234', {}, '192.0.2.11')).statusCode).toBe(200);

    const demo = await memberOf('demo01');
    await t.database.db
      .insertInto('memberKnownIp')
      .values({ memberId: demo.id, ip: home })
      .onConflict((oc) => oc.doNothing())
      .execute();
    expect((await loginAs(t.app, 'demo01', 'Demo1234', {}, home)).statusCode).toBe(200);
    const away = '192.0.2.77';
    const first = await loginAs(t.app, 'demo01', 'Demo1234', {}, away);
    expect(first.statusCode).toBe(403);
    const challenge = first.json().value;
    expect(first.json().code).toBe('NEW_IP_VERIFICATION_REQUIRED');
    expect(challenge).toMatchObject({ method: 'SMS', maskedRecipient: '+82 ******5678' });
    expect(first.body).not.toContain('token');

    const code = await lastCode('+82 1012345678');
    const fromElsewhere = await post('/api/auth/new-ip', { challengeId: challenge.challengeId, code }, '192.0.2.78');
    expect(fromElsewhere.statusCode).toBe(400);
    const ok = await post('/api/auth/new-ip', { challengeId: challenge.challengeId, code }, away);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.token).toBeTruthy();
    expect((await loginAs(t.app, 'demo01', 'Demo1234', {}, away)).statusCode).toBe(200);
  });

  it('asks a player with no phone or e-mail for the payee name of the bank account, and counts wrong names', async () => {
    const agent = await memberOf('agent01');
    await t.database.db
      .insertInto('bankAccount')
      .values({ memberId: agent.id, payeeName: 'Hong Gildong', bankName: 'Aurora Bank', accountNumber: '110234561234' })
      .execute();
    const sessionsBefore = await t.database.db
      .selectFrom('memberSession')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();

    const away = '192.0.2.90';
    const first = await loginAs(t.app, 'agent01', 'Agent1234', {}, away);
    expect(first.json()).toMatchObject({ code: 'NEW_IP_VERIFICATION_REQUIRED' });
    const challenge = first.json().value;
    expect(challenge).toMatchObject({ method: 'BANK', maskedRecipient: 'Aurora Bank ****1234' });
    expect(first.body).not.toContain('Hong');

    const wrong = await post('/api/auth/new-ip', { challengeId: challenge.challengeId, code: 'Kim Chulsoo' }, away);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('NEW_IP_BANK_NAME_WRONG');
    const sessionsAfter = await t.database.db
      .selectFrom('memberSession')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(sessionsAfter.n).toBe(sessionsBefore.n);

    const ok = await post('/api/auth/new-ip', { challengeId: challenge.challengeId, code: '  hong   GILDONG ' }, away);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.token).toBeTruthy();

    const again = await loginAs(t.app, 'agent01', 'Agent1234', {}, '192.0.2.91');
    const second = again.json().value;
    for (let i = 0; i < 4; i++) {
      const r = await post('/api/auth/new-ip', { challengeId: second.challengeId, code: `guess ${i}` }, '192.0.2.91');
      expect(r.json().code).toBe('NEW_IP_BANK_NAME_WRONG');
    }
    const fifth = await post('/api/auth/new-ip', { challengeId: second.challengeId, code: 'guess 5' }, '192.0.2.91');
    expect(fifth.statusCode).toBe(429);
    const right = await post(
      '/api/auth/new-ip',
      { challengeId: second.challengeId, code: 'Hong Gildong' },
      '192.0.2.91',
    );
    expect(right.statusCode).toBe(429);
    expect(right.body).not.toContain('token');
  });
});
