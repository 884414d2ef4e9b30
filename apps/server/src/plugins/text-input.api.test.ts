import { randomUUID } from 'node:crypto';
import { encryptPayload } from '@portal/contracts/auth/payload-cipher.ts';
import { AGENT_TYPES } from '@portal/contracts/limits.ts';
import { SEAMLESS_PREFIX } from '@portal/contracts/games/seamless.contract.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, solveBotCheck, testIp } from '../../test/auth-helpers.ts';
import { createOwner, enrolStaff, type StaffClient } from '../../test/staff-helpers.ts';
import { asOperator, startTestApp, type TestApp } from '../../test/test-app.ts';
import { signedSeamlessHeaders } from '../modules/games/seamless-signature.ts';
import { newPlayer } from '../modules/wallet/cashier.test-helpers.ts';

const NUL = 'a\u0000b';

let t: TestApp;
let token: string;
/** Agent calls admit only agents: the NUL must reach their validation, not stop at the audience. */
let agentToken: string;
/** Staff calls admit a signed-in console (cookie and CSRF token); the owner holds every permission. */
let owner: StaffClient;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_SCALE: '1000' });
  token = (await newPlayer(t, { balance: 10_000n })).token;
  agentToken = (await newPlayer(t, { type: AGENT_TYPES[0], balance: 10_000n })).token;
  await createOwner(t);
  owner = await enrolStaff(t.app, 'owner', () => new Date());
});
afterAll(async () => t?.close());

interface Operation {
  method: string;
  path: string;
  operationId: string;
  security?: Record<string, unknown>[];
  body: string[];
  query: string[];
}

/** Every string field of every call in the API document: where a NUL could be sent. */
async function operations(): Promise<Operation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  const out: Operation[] = [];
  const stringProps = (schema: { properties?: Record<string, unknown> } | undefined) =>
    Object.entries(schema?.properties ?? {})
      .filter(([, s]) => JSON.stringify(s).includes('"type":"string"'))
      .map(([name]) => name);
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
    // Signed vendor calls are refused before they are read without a signature: tested below.
    if (path.startsWith(SEAMLESS_PREFIX)) continue;
    for (const [method, op] of Object.entries(methods)) {
      const content = (op as { requestBody?: { content?: Record<string, { schema?: never }> } }).requestBody?.content;
      const bodySchema = content ? Object.values(content)[0]?.schema : undefined;
      const params = (op as { parameters?: { in: string; name: string; schema?: unknown }[] }).parameters ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: (op as { operationId: string }).operationId,
        security: (op as { security?: Record<string, unknown>[] }).security,
        body: stringProps(bodySchema),
        query: params
          .filter((p) => p.in === 'query' && JSON.stringify(p.schema ?? {}).includes('"type":"string"'))
          .map((p) => p.name),
      });
    }
  }
  return out;
}

/** Every call answers alike, the in-process vendors' own APIs too (their host answers input errors). */
const refusal = (_op: Operation, field: string) => ({ status: 400, code: 'INVALID_CHARACTERS', field });

const headersFor = (op: Operation) =>
  op.path.startsWith('/api/bo/')
    ? owner.headers
    : JSON.stringify(op.security ?? []).includes('operatorKey')
      ? asOperator
      : JSON.stringify(op.security ?? []).includes('bearer')
        ? { authorization: `Bearer ${op.path.startsWith('/api/agent/') ? agentToken : token}` }
        : {};

describe('a NUL character in any text field', () => {
  it('is refused as bad input by every call that takes text, in the body or the query string', async () => {
    const ops = await operations();
    const tried: string[] = [];
    for (const op of ops) {
      for (const field of op.body) {
        const res = await t.app.inject({
          method: op.method as 'POST',
          url: op.path,
          remoteAddress: testIp(),
          headers: headersFor(op),
          payload: { [field]: NUL },
        });
        tried.push(`${op.operationId} body.${field}`);
        expect(
          { status: res.statusCode, code: res.json().code, field: res.json().field },
          `${op.operationId} body.${field}`,
        ).toEqual(refusal(op, `body.${field}`));
      }
      for (const field of op.query) {
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: `${op.path}?${field}=a%00b`,
          remoteAddress: testIp(),
          headers: headersFor(op),
        });
        tried.push(`${op.operationId} query.${field}`);
        expect(
          { status: res.statusCode, code: res.json().code, field: res.json().field },
          `${op.operationId} querystring.${field}`,
        ).toEqual(refusal(op, `querystring.${field}`));
      }
    }
    // The sweep reached the calls an attack found answering 500 with a NUL.
    expect(tried.length).toBeGreaterThan(60);
    for (const call of ['loginV2 body.username', 'register body.username', 'forgotPasswordByEmail body.username'])
      expect(tried).toContain(call);
  });

  it('is refused before the audience check gives way: a guest still learns only that it must sign in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/cashier/bank-accounts', payload: { bankName: NUL } });
    expect(res.json()).toMatchObject({ code: 'NOT_LOGGED_IN' });
  });

  it('is refused inside an encrypted sign-in, which the route sees only as an envelope', async () => {
    const key = (await t.app.inject({ method: 'GET', url: '/api/auth/payload-key' })).json().value;
    const payload = await encryptPayload(key.jwk, key.kid, {
      type: 'username',
      username: 'demo\u000001',
      password: 'Demo1234',
      bot: await solveBotCheck(t.app),
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: testIp(), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_CHARACTERS', field: 'body.username' });
  });

  it('answers a signed seamless call INVALID_REQUEST and takes no money', async () => {
    const vendor = await t.database.db
      .selectFrom('vendor')
      .select(['id', 'operatorId', 'secret'])
      .where('id', '=', 'HOUSE')
      .executeTakeFirstOrThrow();
    const member = await newPlayer(t, { balance: 5_000n });
    const s = await t.services.games.sessions.issue({
      memberId: member.memberId,
      memberType: 0,
      vendorId: vendor.id,
      gameCode: 'mini-dice',
      gameType: 'MINI',
      mode: 'real',
    });
    const transactionId = `nul-${randomUUID()}\u0000`;
    const raw = JSON.stringify({
      token: s.token,
      transaction_id: transactionId,
      round_id: 'r\u00001',
      game_code: 'mini-dice',
      amount: '100',
      currency: 'KRW',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/seamless/bet',
      payload: raw,
      headers: signedSeamlessHeaders(vendor.operatorId, vendor.secret, raw),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'INVALID_REQUEST' });
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/balance',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(JSON.stringify(balance.json())).toContain('5000');
  });

  it('is refused by the house vendor’s own calls too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/vendor/house/api/session',
      payload: { launchToken: `x${NUL}`.repeat(8) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_CHARACTERS', field: 'body.launchToken' });
  });

  it('leaves a sign-in without one alone', async () => {
    expect((await loginAs(t.app, 'demo01', 'Demo1234')).statusCode).toBe(200);
  });
});
