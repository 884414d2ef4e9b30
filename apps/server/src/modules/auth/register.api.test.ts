import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, solveBotCheck, testIp } from '../../../test/auth-helpers.ts';
import { setModule, startTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const countMembers = async () => (await t.database.db.selectFrom('member').select('id').execute()).length;

async function register(fields: Record<string, unknown>, withBot = true) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/auth/register',
    remoteAddress: testIp(),
    payload: {
      password: 'Secret123',
      confirmPassword: 'Secret123',
      acceptTerms: true,
      ...(withBot ? { bot: await solveBotCheck(t.app) } : {}),
      ...fields,
    },
  });
}

describe('registering by username', () => {
  it('creates the player, signs them in and records how they registered', async () => {
    const res = await register({
      username: 'Newplayer7',
      email: 'np7@example.com',
      registerUrl: 'https://aurora-play.example/register',
      domain: 'aurora-play.example',
      line: 'np7line',
    });
    expect(res.statusCode, res.body).toBe(200);
    const info = (
      await t.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(res.json().value.token) })
    ).json().value;
    expect(info).toMatchObject({ account: 'Newplayer7', type: 0, email: 'np7@example.com', isAgent: false });
    const row = await t.database.db
      .selectFrom('member')
      .selectAll()
      .where('accountKey', '=', 'newplayer7')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      registerMethod: 'WEB',
      registerChannel: 'USERNAME',
      domain: 'aurora-play.example',
      profile: { line: 'np7line' },
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('reports every bad field with its rule and writes nothing', async () => {
    const before = await countMembers();
    const res = await register({
      username: '9lives',
      password: 'short',
      confirmPassword: 'short',
      email: 'not-an-email',
    });
    expect(res.statusCode).toBe(400);
    const { fields } = res.json().value;
    expect(fields.username).toEqual({ key: 'pattern', patternId: 'LETTER_FIRST_ALNUM', min: 4, max: 16 });
    expect(fields.password).toEqual({ key: 'length', min: 6, max: 20 });
    expect(fields.email).toMatchObject({ key: 'pattern', patternId: 'EMAIL' });
    expect(res.json().field).toBe('body.username');
    expect(await countMembers()).toBe(before);
  });

  it('requires username and password and says “Incorrect confirmation input” (mismatch) when the confirmation differs', async () => {
    const empty = await register({ username: '', password: '', confirmPassword: '' });
    expect(empty.json().value.fields).toMatchObject({ username: { key: 'required' }, password: { key: 'required' } });
    const mismatch = await register({ username: 'Mismatch1', confirmPassword: 'Secret124' });
    expect(mismatch.json().value.fields).toEqual({ confirmPassword: { key: 'mismatch' } });
  });

  it('refuses a player who has not accepted the terms and age', async () => {
    const res = await register({ username: 'Underage1', acceptTerms: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body.acceptTerms');
  });

  it('refuses a taken username whatever its letter case', async () => {
    const res = await register({ username: 'DEMO01' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USERNAME_TAKEN', field: 'body.username' });
  });

  it('links the player to the agent whose invitation code they used, and refuses an unknown code', async () => {
    const bad = await register({ username: 'Invited2', affiliateCode: 'NOPE1234' });
    expect(bad.json()).toMatchObject({ code: 'INVALID_INVITATION_CODE', field: 'body.affiliateCode' });
    const ok = await register({ username: 'Invited1', affiliateCode: 'aurora01' });
    expect(ok.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('member as m')
      .innerJoin('member as u', 'u.id', 'm.uplineId')
      .select('u.account')
      .where('m.accountKey', '=', 'invited1')
      .executeTakeFirstOrThrow();
    expect(row.account).toBe('agent01');
  });

  it('needs the bot check', async () => {
    const res = await register({ username: 'Botty123' }, false);
    expect(res.json().code).toBe('BOT_CHECK_REQUIRED');
  });

  it('refuses registration while the operator has direct registration off', async () => {
    await setModule(t, 'DIRECT_REGISTER', false);
    const res = await register({ username: 'Closed123' });
    expect(res.json().code).toBe('REGISTRATION_CLOSED');
    await setModule(t, 'DIRECT_REGISTER', true);
  });

  it('lets exactly one of ten concurrent registrations of one username win', async () => {
    const bots = await Promise.all(Array.from({ length: 10 }, () => solveBotCheck(t.app)));
    const results = await Promise.all(
      bots.map((bot, i) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/auth/register',
          remoteAddress: `198.51.100.${i + 1}`,
          payload: {
            username: 'Racer001',
            password: `Secret12${i}`,
            confirmPassword: `Secret12${i}`,
            acceptTerms: true,
            bot,
          },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const rows = await t.database.db.selectFrom('member').select('id').where('accountKey', '=', 'racer001').execute();
    expect(rows).toHaveLength(1);
  });
});

const setField = (field: string, set: { enabled: boolean; required?: boolean }) =>
  t.database.db.updateTable('registrationField').set(set).where('field', '=', field).execute();
const setMinimumAge = (minimumAge: number) => t.services.settings.put('register', { minimumAge, affiliateCheck: true });
const memberRow = (account: string) =>
  t.database.db.selectFrom('member').selectAll().where('accountKey', '=', account.toLowerCase()).executeTakeFirst();

describe('registration rules of spec §5', () => {
  it('requires the payment password whenever its field is shown, even when the rule says optional', async () => {
    await setField('paymentPassword', { enabled: true, required: false });
    try {
      const missing = await register({ username: 'Paypass01' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.paymentPassword' });
      expect(missing.json().value.fields.paymentPassword).toEqual({ key: 'required' });
      expect(await memberRow('Paypass01')).toBeUndefined();
      const ok = await register({ username: 'Paypass01', paymentPassword: '246810' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await memberRow('Paypass01'))?.paymentPasswordHash).toMatch(/^\$argon2id\$/);
    } finally {
      await setField('paymentPassword', { enabled: false, required: false });
    }
    // Hidden: not asked for.
    expect((await register({ username: 'Paypass02' })).statusCode).toBe(200);
  });

  it('refuses a birthday younger than the configured minimum age, naming the age, and writes nothing', async () => {
    await setField('birthday', { enabled: true, required: false });
    const year = new Date().getUTCFullYear();
    try {
      const young = await register({ username: 'Youngone1', birthday: `${year - 17}-01-01` });
      expect(young.statusCode).toBe(400);
      expect(young.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.birthday' });
      expect(young.json().value.fields.birthday).toEqual({ key: 'age', age: 18 });
      expect(await memberRow('Youngone1')).toBeUndefined();

      await setMinimumAge(21);
      const twenty = await register({ username: 'Twenty001', birthday: `${year - 20}-01-01` });
      expect(twenty.json().value.fields.birthday).toEqual({ key: 'age', age: 21 });
      const ok = await register({ username: 'Twenty002', birthday: `${year - 22}-01-01` });
      expect(ok.statusCode, ok.body).toBe(200);
      expect((await memberRow('Twenty002'))?.profile).toMatchObject({ birthday: `${year - 22}-01-01` });
    } finally {
      await setMinimumAge(18);
      await setField('birthday', { enabled: false, required: false });
    }
    // The birthday field off: no age check on whatever is sent.
    expect((await register({ username: 'Nobirth01' })).statusCode).toBe(200);
  });

  it('stores the referral code of the shared link', async () => {
    const res = await register({ username: 'Referred1', referralCode: 'FRIEND7' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberRow('Referred1')).toMatchObject({ referralCode: 'FRIEND7' });
  });
});

describe('registering by mobile number', () => {
  const mobile = '1077001234';
  const registerMobile = async (fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/auth/register-mobile',
      remoteAddress: testIp(),
      payload: {
        mobileNum: mobile,
        countryDialingCode: '82',
        password: 'Secret123',
        confirmPassword: 'Secret123',
        acceptTerms: true,
        bot: await solveBotCheck(t.app),
        ...fields,
      },
    });

  it('refuses a verification code over 255 characters and writes nothing', async () => {
    const before = await countMembers();
    const res = await registerMobile({ verificationCode: '1'.repeat(256) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(await countMembers()).toBe(before);
  });

  it('records registerMethod WEB with the mobile channel', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register-code',
      remoteAddress: testIp(),
      payload: { mobileNo: mobile, countryDialingCode: '82', bot: await solveBotCheck(t.app) },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const msg = await t.database.db
      .selectFrom('outboxMessage')
      .select('body')
      .where('recipient', '=', `+82 ${mobile}`)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(msg.body)![1];
    const res = await registerMobile({ verificationCode: code });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberRow(`m${mobile}`)).toMatchObject({
      registerMethod: 'WEB',
      registerChannel: 'MOBILE',
      mobileNum: mobile,
    });
  });
});
