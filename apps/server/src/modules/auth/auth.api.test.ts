import { encryptPayload } from '@portal/contracts/auth/payload-cipher.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, loginAs, solveBotCheck, testIp } from '../../../test/auth-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.deleteFrom('loginFailure').execute();
});

const memberInfo = (token: string) => t.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(token) });

describe('signing in with a username and password', () => {
  it('signs a demo player in and reads their member info with the token', async () => {
    const res = await loginAs(t.app, 'demo01', 'Demo1234');
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.token).toMatch(/^[\w-]{43}$/);
    expect(v).toMatchObject({ isAgent: false, isTrial: false, mustChangePassword: false });
    const info = await memberInfo(v.token);
    expect(info.json().value).toMatchObject({ account: 'demo01', nickname: 'Lucky Demo', type: 0, isAgent: false });
    expect(info.body).not.toContain('passwordHash');
    expect(info.body).not.toContain('$argon2');
  });

  it('trims the username and ignores its letter case', async () => {
    expect((await loginAs(t.app, '  DEMO01 ', 'Demo1234')).statusCode).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const { token } = (await loginAs(t.app, 'demo01', 'Demo1234')).json().value;
    const rows = await t.database.db.selectFrom('memberSession').select('tokenHash').execute();
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  // That the unknown account also pays for an argon2 verification is proven in password.test.ts: a
  // duration measured here would depend on the machine's load.
  it('answers an unknown account and a wrong password with the same words', async () => {
    const attempt = async (u: string) => {
      const bot = await solveBotCheck(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login-v2',
        remoteAddress: testIp(),
        payload: { username: u, password: 'Wrong1234', bot },
      });
      await t.database.db.deleteFrom('loginFailure').execute();
      return { res };
    };
    const unknown = await attempt('nobody999');
    const wrong = await attempt('demo01');
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.res.statusCode).toBe(401);
    const strip = (b: string) => JSON.parse(b);
    expect(strip(unknown.res.body)).toEqual(strip(wrong.res.body));
    expect(strip(wrong.res.body)).toMatchObject({
      code: 'WRONG_CREDENTIALS',
      message: 'Wrong account or password.',
      value: { captcha: true },
    });
  });

  it('requires the field it misses, by name', async () => {
    const bot = await solveBotCheck(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-v2',
      payload: { username: 'demo01', password: '', bot },
    });
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.password' });
  });

  it('refuses a sign-in without the bot check, and a bot solution used twice', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-v2',
      payload: { username: 'demo01', password: 'Demo1234' },
    });
    expect(none.json().code).toBe('BOT_CHECK_REQUIRED');
    const bot = await solveBotCheck(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-v2',
      payload: { username: 'demo01', password: 'Demo1234', bot },
    });
    expect(first.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-v2',
      payload: { username: 'demo01', password: 'Demo1234', bot },
    });
    expect(again.json().code).toBe('BOT_CHECK_FAILED');
    const forged = Buffer.from(
      JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' }),
    ).toString('base64');
    const f = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-v2',
      payload: { username: 'demo01', password: 'Demo1234', bot: forged },
    });
    expect(f.json().code).toBe('BOT_CHECK_FAILED');
  });

  it('asks for a captcha after a failure, refuses a wrong or reused one, and accepts the right one', async () => {
    const ip = testIp();
    await loginAs(t.app, 'demo01', 'Wrong1234', {}, ip);
    const without = await loginAs(t.app, 'demo01', 'Demo1234', {}, ip);
    expect(without.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });

    const captcha = t.services.captcha;
    const wrong = await captcha.create();
    const bad = await loginAs(t.app, 'demo01', 'Demo1234', { captchaId: wrong.captchaId, captcha: 'zzzz' });
    expect(bad.json().code).toBe('CAPTCHA_INVALID');
    const reused = await loginAs(t.app, 'demo01', 'Demo1234', { captchaId: wrong.captchaId, captcha: wrong.text });
    expect(reused.json().code).toBe('CAPTCHA_INVALID');

    const right = await captcha.create();
    const ok = await loginAs(t.app, 'demo01', 'Demo1234', {
      captchaId: right.captchaId,
      captcha: right.text.toUpperCase(),
    });
    expect(ok.statusCode).toBe(200);
    // A success clears the account's failures: the next sign-in from another IP needs no captcha.
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-v2',
      remoteAddress: '198.51.100.20',
      payload: { username: 'demo01', password: 'Demo1234', bot: await solveBotCheck(t.app) },
    });
    expect(next.statusCode).toBe(200);
  });

  it('serves the captcha as a raster PNG, with no text or vector paths a script could read back', async () => {
    const v = (await t.app.inject({ method: 'GET', url: '/api/auth/captcha' })).json().value;
    expect(v.image).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(v.image.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.toString('latin1')).not.toMatch(/<svg|<path/);
  });

  it('accepts an encrypted payload and refuses a tampered or foreign one', async () => {
    const { kid, jwk } = (await t.app.inject({ method: 'GET', url: '/api/auth/payload-key' })).json().value;
    expect(jwk.d).toBeUndefined();
    const env = await encryptPayload(jwk, kid, {
      type: 'username',
      username: 'demo01',
      password: 'Demo1234',
      bot: await solveBotCheck(t.app),
    });
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: env });
    expect(ok.statusCode).toBe(200);
    // A compact JWE: protected header . wrapped key . iv . ciphertext . tag
    const [header, key, iv, data, tag] = env.jwe.split('.') as [string, string, string, string, string];
    const flip = (part: string) => part.slice(0, -4) + (part.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const post = (jwe: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { jwe } });
    expect((await post([header, key, iv, flip(data), tag].join('.'))).json().code).toBe('PAYLOAD_DECRYPTION_FAILED');
    // The header is authenticated with the content: one more field in it, and the payload does not open.
    const reheadered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(header, 'base64url').toString()), x: 1 }),
    ).toString('base64url');
    expect((await post([reheadered, key, iv, data, tag].join('.'))).json().code).toBe('PAYLOAD_DECRYPTION_FAILED');
    const stale = await encryptPayload(jwk, 'old', { type: 'username', username: 'demo01', password: 'Demo1234' });
    expect((await post(stale.jwe)).json().code).toBe('PAYLOAD_DECRYPTION_FAILED');
    expect((await post('not.a.jwe')).json().code).toBe('VALIDATION_FAILED');
  });

  it('tells a player still on the default password to change it', async () => {
    const v = (await loginAs(t.app, 'newbie01', 'Aurora2023')).json().value;
    expect(v.mustChangePassword).toBe(true);
    expect(v.firstTimeLogin).toBe(true);
    const again = (await loginAs(t.app, 'newbie01', 'Aurora2023')).json().value;
    expect(again.firstTimeLogin).toBe(false);
  });
});

describe('the agent portal', () => {
  it('admits an agent and tells the web app it is one', async () => {
    const res = await loginAs(t.app, 'agent01', 'Agent1234', { portal: 'agent' });
    expect(res.json().value).toMatchObject({ isAgent: true });
  });
  it('refuses a player with “Non-agents cannot log in”', async () => {
    const res = await loginAs(t.app, 'demo01', 'Demo1234', { portal: 'agent' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'NOT_AGENT', message: 'Non-agents cannot log in.' });
  });
});

describe('sessions', () => {
  it('ends at logout: the token no longer works', async () => {
    const { token } = (await loginAs(t.app, 'demo01', 'Demo1234')).json().value;
    const out = await t.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: bearer(token) });
    expect(out.json().value).toEqual({ revoked: true });
    const after = await memberInfo(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_EXPIRED');
  });

  it('ends after an hour without use and after a day in any case', async () => {
    const a = (await loginAs(t.app, 'demo01', 'Demo1234')).json().value.token;
    const b = (await loginAs(t.app, 'demo01', 'Demo1234')).json().value.token;
    await sql`update member_session set last_seen_at = now() - interval '61 minutes' where id = (select max(id) - 1 from member_session)`.execute(
      t.database.db,
    );
    await sql`update member_session set expires_at = now() - interval '1 second' where id = (select max(id) from member_session)`.execute(
      t.database.db,
    );
    expect((await memberInfo(a)).statusCode).toBe(401);
    expect((await memberInfo(b)).statusCode).toBe(401);
  });

  it('keeps a session in use alive past the idle hour', async () => {
    const token = (await loginAs(t.app, 'demo01', 'Demo1234')).json().value.token;
    const id = sql`(select max(id) from member_session)`;
    await sql`update member_session set last_seen_at = now() - interval '59 minutes' where id = ${id}`.execute(
      t.database.db,
    );
    expect((await memberInfo(token)).statusCode).toBe(200);
    // That use was recorded: another 59 minutes later the session is still within its idle hour.
    await sql`update member_session set last_seen_at = last_seen_at - interval '59 minutes' where id = ${id}`.execute(
      t.database.db,
    );
    expect((await memberInfo(token)).statusCode).toBe(200);
  });

  it('asks a caller without a token to log in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/member/info' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'NOT_LOGGED_IN', message: 'You are not logged in, please login.' });
    const junk = await t.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer('x'.repeat(43)) });
    expect(junk.json().code).toBe('SESSION_EXPIRED');
  });
});

describe('rate limits', () => {
  it('refuses the 21st sign-in attempt from one address within a minute, and not another address', async () => {
    const ip = '192.0.2.99';
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login-v2',
        remoteAddress: ip,
        payload: { username: 'x' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true);
    const last = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-v2',
      remoteAddress: ip,
      payload: { username: 'x' },
    });
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('RATE_LIMITED');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-v2',
      remoteAddress: '192.0.2.100',
      payload: { username: 'x' },
    });
    expect(other.statusCode).toBe(400);
  });
});
