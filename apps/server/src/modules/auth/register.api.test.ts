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
    expect(row).toMatchObject({ registerMethod: 'WEB', domain: 'aurora-play.example', profile: { line: 'np7line' } });
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

  it('requires username and password and says “inconsistent twice” when the confirmation differs', async () => {
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
