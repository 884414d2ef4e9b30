import { encryptPayload } from '@portal/contracts/auth/payload-cipher.ts';
import { solveChallenge } from 'altcha-lib/v1';
import type { FastifyInstance } from 'fastify';
import { beforeEach } from 'vitest';
import type { TestApp } from './test-app.ts';
import { useTestApp } from './use-test-app.ts';

/** Solves the portal's proof-of-work challenge as the browser widget would. */
export async function solveBotCheck(app: FastifyInstance): Promise<string> {
  const c = (await app.inject({ method: 'GET', url: '/api/auth/bot-challenge' })).json().value;
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('bot challenge not solved');
  return Buffer.from(
    JSON.stringify({
      algorithm: c.algorithm,
      challenge: c.challenge,
      number: solution.number,
      salt: c.salt,
      signature: c.signature,
    }),
  ).toString('base64');
}

let nextHost = 1;
/** A fresh address from a documentation range, so the per-IP limits do not couple one test to another. */
export const testIp = () => `203.0.113.${(nextHost++ % 250) + 1}`;

export async function loginAs(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  remoteAddress = testIp(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login-v2',
    remoteAddress,
    payload: { type: 'username', username, password, bot: await solveBotCheck(app), ...extra },
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Opens a free-play (trial) account with the bot check solved, as the web's free-play button does. */
export async function freePlayAs(app: FastifyInstance, remoteAddress = testIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/free-play',
    remoteAddress,
    payload: { platform: 'W', bot: await solveBotCheck(app) },
  });
}

const payloadKeys = new WeakMap<FastifyInstance, Promise<{ kid: string; jwk: JsonWebKey }>>();
/** The server's key for sealed payloads (passwords), fetched once per app as the web does. */
export function payloadKeyOf(app: FastifyInstance): Promise<{ kid: string; jwk: JsonWebKey }> {
  let key = payloadKeys.get(app);
  if (!key) {
    key = app.inject({ method: 'GET', url: '/api/auth/payload-key' }).then((res) => res.json().value);
    payloadKeys.set(app, key);
  }
  return key;
}

/** Posts a body sealed with the server's payload key, as the web does for password changes and resets. */
export async function postSealed(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const key = await payloadKeyOf(app);
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: testIp(),
    headers,
    payload: await encryptPayload(key.jwk, key.kid, payload),
  });
}

/** The app for sign-in tests, with the failed sign-ins (which would ask for a captcha) forgotten before each test. */
export function useSignInTestApp(): TestApp {
  const t = useTestApp(undefined, { checkLedger: false });
  beforeEach(async () => {
    await t.database.db.deleteFrom('loginFailure').execute();
  });
  return t;
}
