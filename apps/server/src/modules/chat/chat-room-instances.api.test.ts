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
import { newPlayer, type TestPlayer } from '../wallet/cashier.test-helpers.ts';

/**
 * Two instances on one PostgreSQL, as behind a load balancer: the readers' sockets are on B, the
 * messages and the moderation go to A. Chat events travel A → PostgreSQL NOTIFY → B, with or without
 * Redis (decision 056).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const cases = [
  { label: 'without Redis', redis: undefined },
  ...(redisUrl ? [{ label: 'with REDIS_URL set', redis: redisUrl }] : []),
];

function socket(url: string, p?: TestPlayer) {
  const ws = new WebSocket(url);
  const events: Record<string, unknown>[] = [];
  ws.on('message', (d) => events.push(JSON.parse(String(d))));
  ws.on('open', () => ws.send(JSON.stringify(p ? { type: 'join', token: p.token } : { type: 'join' })));
  const waitFor = async (pred: (m: Record<string, unknown>) => boolean) => {
    for (let i = 0; i < 400 && !events.some(pred); i++) await new Promise((r) => setTimeout(r, 25));
    const found = events.find(pred);
    if (!found) throw new Error(`no such event in ${JSON.stringify(events)}`);
    return found;
  };
  return { ws, waitFor };
}

describe.skipIf(!process.env.TEST_DATABASE_URL).each(cases)(
  'the chat room across two instances, $label',
  ({ redis }) => {
    let b: TestApp;
    let a: FastifyInstance;
    let aDb: DbHandle;
    let aRedis: Redis | undefined;
    let wsUrl: string;
    let staff: StaffClient;
    beforeAll(async () => {
      const extra: Record<string, string> = redis ? { REDIS_URL: redis } : {};
      b = await startTestApp({ RATE_LIMIT_SCALE: '100', ...extra });
      wsUrl = (await b.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws/chat';
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

    it('brings a message sent on A to a guest and a member connected to B, and its removal too', async () => {
      const writer = await newPlayer(b);
      const listener = await newPlayer(b);
      const guest = socket(wsUrl);
      const member = socket(wsUrl, listener);
      try {
        await guest.waitFor((m) => m.type === 'ready');
        await member.waitFor((m) => m.type === 'ready');
        const sent = await a.inject({
          method: 'POST',
          url: '/api/chat-room/messages',
          headers: { authorization: `Bearer ${writer.token}` },
          payload: { body: 'from instance A 🚀', requestId: randomUUID() },
        });
        expect(sent.statusCode, sent.body).toBe(200);
        const id = sent.json().value.id as string;
        for (const s of [guest, member])
          await s.waitFor(
            (m) => m.type === 'message' && (m.message as { id: string; body: string }).body === 'from instance A 🚀',
          );
        const removed = await a.inject({
          method: 'POST',
          url: '/api/bo/chat-room/messages/delete',
          headers: staff.headers,
          payload: { id },
        });
        expect(removed.json().value).toEqual({ deleted: true });
        for (const s of [guest, member]) await s.waitFor((m) => m.type === 'deleted' && m.id === id);
      } finally {
        guest.ws.close();
        member.ws.close();
      }
    });
  },
);
