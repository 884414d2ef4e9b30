import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOwner, enrolStaff, type StaffClient } from '../../../test/staff-helpers.ts';
import { fakeWebDist, OPERATOR_KEY, openTestRedis, startTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadEnv } from '../../config/env.ts';
import { type DbHandle, openDatabase } from '../../db/client.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';

/**
 * Two instances on one PostgreSQL, as behind a load balancer: the player's and staff's sockets are on
 * B, the calls go to A. Support events travel A → PostgreSQL NOTIFY → B, with or without Redis.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const cases = [
  { label: 'without Redis', redis: undefined },
  ...(redisUrl ? [{ label: 'with REDIS_URL set', redis: redisUrl }] : []),
];

function socket(url: string, first?: unknown, headers: Record<string, string> = {}) {
  const ws = new WebSocket(url, { headers });
  const messages: Record<string, unknown>[] = [];
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  if (first) ws.on('open', () => ws.send(JSON.stringify(first)));
  const waitFor = async (pred: (m: Record<string, unknown>) => boolean) => {
    for (let i = 0; i < 200 && !messages.some(pred); i++) await new Promise((r) => setTimeout(r, 25));
    const found = messages.find(pred);
    if (!found) throw new Error(`no such message in ${JSON.stringify(messages)}`);
    return found;
  };
  return { ws, waitFor };
}

describe.skipIf(!process.env.TEST_DATABASE_URL).each(cases)(
  'live support across two instances, $label',
  ({ redis }) => {
    let b: TestApp;
    let a: FastifyInstance;
    let aDb: DbHandle;
    let aRedis: Redis | undefined;
    let wsBase: string;
    let staff: StaffClient;
    beforeAll(async () => {
      const extra: Record<string, string> = redis ? { REDIS_URL: redis } : {};
      b = await startTestApp({ RATE_LIMIT_SCALE: '100', ...extra });
      wsBase = (await b.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
      await createOwner(b);
      aDb = await openDatabase({ databaseUrl: b.database.url!, dataDir: '', poolSize: 5 });
      aRedis = redis ? openTestRedis(redis) : undefined;
      const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: fakeWebDist(), ...extra });
      a = await buildApp({ env, database: aDb, operatorKey: OPERATOR_KEY, redis: aRedis, jobs: { tickMs: 0 } });
      await a.ready();
      staff = await enrolStaff(b.app, 'owner', () => new Date());
    });
    afterAll(async () => {
      await a?.close();
      aRedis?.disconnect();
      await aDb?.close();
      await b?.close();
    });

    it('delivers on B what the player and staff send through A', async () => {
      const p = await newPlayer(b);
      const player = socket(`${wsBase}/ws/support`, { type: 'auth', token: p.token });
      const desk = socket(`${wsBase}/api/bo/support/live`, undefined, { cookie: staff.cookie });
      try {
        await player.waitFor((m) => m.type === 'ready');
        await desk.waitFor((m) => m.type === 'ready');
        const sent = await a.inject({
          method: 'POST',
          url: '/api/support/messages',
          headers: { authorization: `Bearer ${p.token}` },
          payload: { body: 'from instance A', requestId: randomUUID() },
        });
        expect(sent.statusCode, sent.body).toBe(200);
        await desk.waitFor((m) => m.type === 'message' && (m.message as { body: string }).body === 'from instance A');
        const conversationId = sent.json().value.conversationId as string;
        const typing = await a.inject({
          method: 'POST',
          url: '/api/bo/support/typing',
          headers: staff.headers,
          payload: { conversationId },
        });
        expect(typing.json().value).toEqual({ ok: true });
        await player.waitFor((m) => m.type === 'typing' && m.by === 'STAFF');
        await a.inject({
          method: 'POST',
          url: '/api/bo/support/messages',
          headers: staff.headers,
          payload: { conversationId, body: 'answer through A', requestId: randomUUID() },
        });
        await player.waitFor(
          (m) => m.type === 'message' && (m.message as { body: string }).body === 'answer through A',
        );
      } finally {
        player.ws.close();
        desk.ws.close();
      }
    });
  },
);
