import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { solveBotCheck, testIp } from '../../../test/auth-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { insertSeedMember } from '../../db/seed/seed-member.ts';

/**
 * The recovery and SMS calls must not tell whether an account exists (spec §8 security): the same
 * answers, the throttled ones included, and no slower for a real account although a message goes to
 * it. The SMS gateway here is slow and failing, which a real account's request must not show.
 */
// Just under the client's 5 s timeout (so the gateway's answer is a failure, not a timeout), and far
// above what a request takes even on a loaded machine: an answer that waited would take this long.
const GATEWAY_DELAY_MS = 4_500;
let gateway: Server;
let gatewayHits = 0;
let t: TestApp;
// The server's clock stands still unless the test moves it: the resend throttle and the cap window
// are decided by it, never by how long the machine takes between two requests.
let clockMs = Date.now();
beforeAll(async () => {
  gateway = createServer((req, res) => {
    req.resume();
    gatewayHits++;
    setTimeout(() => res.writeHead(500).end('down'), GATEWAY_DELAY_MS);
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
  t = await startTestApp({ SMS_GATEWAY_URL: url, SMS_GATEWAY_TOKEN: 'token' }, undefined, {
    compose: { clock: () => new Date(clockMs) },
  });
});
afterAll(async () => {
  await t?.close();
  gateway?.closeAllConnections();
  await new Promise<void>((r) => gateway?.close(() => r()));
});

let nextNumber = 1055510000;
async function makeMember(account: string, opts: { phone?: boolean; email?: string } = {}) {
  const mobileNum = opts.phone ? String(nextNumber++) : null;
  await insertSeedMember(t.database.db, {
    account,
    password: 'Secret123',
    email: opts.email ?? null,
    mobileDialingCode: mobileNum ? '82' : null,
    mobileNum,
  });
  return mobileNum!;
}
const unusedNumber = () => String(nextNumber++);

interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

/** Two seconds on the server's clock: the next request is past the resend throttle. */
const pastThrottle = () => {
  clockMs += 2_000;
};

/**
 * Seven requests for one number, as a prober would send them: one, one at once after it (resend
 * throttle), then four more spaced out (five codes in the cap's window) and a seventh over the cap.
 */
async function probe(url: string, numberField: 'mobileNum' | 'mobileNo', mobileNum: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < 7; i++) {
    if (i >= 2) pastThrottle();
    const payload = { [numberField]: mobileNum, countryDialingCode: '82', bot: await solveBotCheck(t.app) };
    const started = performance.now();
    const res = await t.app.inject({ method: 'POST', url, remoteAddress: testIp(), payload });
    answers.push({ status: res.statusCode, body: res.json(), ms: performance.now() - started });
  }
  return answers;
}

const shape = (answers: Answer[]) => answers.map((a) => ({ status: a.status, body: a.body }));

function expectAlike(real: Answer[], unknown: Answer[]) {
  expect(shape(real)).toEqual(shape(unknown));
  expect(shape(real).map((a) => a.status)).toEqual([200, 429, 200, 200, 200, 200, 429]);
  expect((real[1]!.body as { code: string }).code).toBe('CODE_RESEND_TOO_SOON');
  expect((real[6]!.body as { code: string }).code).toBe('TOO_MANY_REQUESTS');
  // The slow gateway is never waited for: every answer comes well before it would have answered.
  for (const a of [...real, ...unknown]) expect(a.ms).toBeLessThan(GATEWAY_DELAY_MS);
}

const smsTo = (mobileNum: string) =>
  t.database.db
    .selectFrom('outboxMessage')
    .selectAll()
    .where('recipient', '=', `+82 ${mobileNum}`)
    .orderBy('id')
    .execute();

describe('sendLoginCode', () => {
  it('answers a registered and an unknown number alike, throttled answers included, and only the first gets codes', async () => {
    const real = await makeMember('enumlogin', { phone: true });
    const unknown = unusedNumber();
    const gatewayBefore = gatewayHits;
    expectAlike(
      await probe('/api/auth/login-code', 'mobileNum', real),
      await probe('/api/auth/login-code', 'mobileNum', unknown),
    );
    expect(await smsTo(unknown)).toHaveLength(0);
    const sent = await smsTo(real);
    expect(sent.map((m) => m.purpose)).toEqual(Array(5).fill('VERIFICATION_LOGIN'));
    // Delivered in the background; the failure is on the rows, not in the answers.
    await vi.waitFor(
      async () => {
        expect(gatewayHits - gatewayBefore).toBe(5);
        expect((await smsTo(real)).every((m) => m.status === 'FAILED' && m.lastError)).toBe(true);
      },
      { timeout: 40_000, interval: 100 },
    );
  });
});

describe('sendResetCode', () => {
  it('answers a registered and an unknown number alike, throttled answers included', async () => {
    const real = await makeMember('enumreset', { phone: true });
    const unknown = unusedNumber();
    expectAlike(
      await probe('/api/auth/forgot-password/phone/code', 'mobileNum', real),
      await probe('/api/auth/forgot-password/phone/code', 'mobileNum', unknown),
    );
    expect(await smsTo(unknown)).toHaveLength(0);
    expect((await smsTo(real)).map((m) => m.purpose)).toEqual(Array(5).fill('VERIFICATION_RESET'));
  });
});

describe('sendRegisterCode', () => {
  it('answers a registered and a free number alike, throttled answers included; the owner gets notices, not codes', async () => {
    const taken = await makeMember('enumregister', { phone: true });
    const free = unusedNumber();
    expectAlike(
      await probe('/api/auth/register-code', 'mobileNo', taken),
      await probe('/api/auth/register-code', 'mobileNo', free),
    );
    const notices = await smsTo(taken);
    expect(notices.map((m) => m.purpose)).toEqual(Array(5).fill('REGISTER'));
    expect(notices.every((m) => !/\b\d{6}\b/.test(m.body))).toBe(true);
    expect((await smsTo(free)).map((m) => m.purpose)).toEqual(Array(5).fill('VERIFICATION_REGISTER'));
  });
});

describe('forgotPasswordByEmail', () => {
  const ask = (username: string, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password/email',
      remoteAddress: testIp(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username, email }).toString(),
    });

  it('caps requests per account name, answering an existing and an unknown account alike', async () => {
    await makeMember('enumforgot', { email: 'enumforgot@example.com' });
    const run = async (username: string, email: string) => {
      const out: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await ask(username, email);
        out.push({ status: res.statusCode, body: res.json() });
      }
      return out;
    };
    const real = await run('enumforgot', 'enumforgot@example.com');
    const unknown = await run('nosuchplayer', 'enumforgot@example.com');
    expect(real).toEqual(unknown);
    expect(real.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(real[5]!.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // The cap is per account name, whatever letter case: another name is not refused.
    expect((await ask('ENUMFORGOT', 'x@example.com')).json().code).toBe('TOO_MANY_REQUESTS');
    expect((await ask('someoneelse', 'x@example.com')).statusCode).toBe(200);
    const mails = await t.database.db
      .selectFrom('outboxMessage')
      .select('purpose')
      .where('recipient', '=', 'enumforgot@example.com')
      .execute();
    expect(mails).toHaveLength(5);
  });
});
