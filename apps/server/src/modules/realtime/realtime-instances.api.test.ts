import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import {
  asOperator,
  fakeWebDist,
  OPERATOR_KEY,
  openTestRedis,
  startTestApp,
  type TestApp,
} from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadEnv } from '../../config/env.ts';
import { type DbHandle, openDatabase } from '../../db/client.ts';
import { asPlayer, newPlayer, requestId } from '../wallet/cashier.test-helpers.ts';

/**
 * Two server instances on one PostgreSQL, as behind a load balancer: the player's socket is on B, the
 * money moves through HTTP calls on A. The push goes A → PostgreSQL NOTIFY → B (decision 010), with or
 * without Redis (which the instances share for rate limits only).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const cases = [
  { label: 'without Redis', redis: undefined },
  ...(redisUrl ? [{ label: 'with REDIS_URL set', redis: redisUrl }] : []),
];

describe.skipIf(!process.env.TEST_DATABASE_URL).each(cases)('live push across two instances, $label', ({ redis }) => {
  let b: TestApp;
  let a: FastifyInstance;
  let aDb: DbHandle;
  let aRedis: Redis | undefined;
  let wsUrl: string;
  beforeAll(async () => {
    const extra: Record<string, string> = redis ? { REDIS_URL: redis } : {};
    b = await startTestApp(extra);
    wsUrl = (await b.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws';
    aDb = await openDatabase({ databaseUrl: b.database.url!, dataDir: '', poolSize: 5 });
    aRedis = redis ? openTestRedis(redis) : undefined;
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: fakeWebDist(), ...extra });
    a = await buildApp({ env, database: aDb, operatorKey: OPERATOR_KEY, redis: aRedis, jobs: { tickMs: 0 } });
    await a.ready();
  });
  afterAll(async () => {
    await a?.close();
    aRedis?.disconnect();
    await aDb?.close();
    await b?.close();
  });
  verifyLedgerAfterEach(() => b?.database.db);

  it("delivers the counters and the balance on B when the operator confirms the player's deposit on A", async () => {
    const player = await newPlayer(b);
    const ws = new WebSocket(wsUrl);
    const messages: { type: string; balance?: string; depositsPending?: number }[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d))));
    await new Promise<void>((r) => ws.on('open', () => r()));
    ws.send(JSON.stringify({ type: 'auth', token: player.token }));
    const waitFor = async (pred: (m: (typeof messages)[number]) => boolean) => {
      for (let i = 0; i < 100 && !messages.some(pred); i++) await new Promise((r) => setTimeout(r, 50));
      return messages.find(pred);
    };
    try {
      expect(await waitFor((m) => m.type === 'ready')).toBeDefined();
      const onA = asPlayer({ ...b, app: a }, player);
      const deposit = await onA.post('/api/cashier/deposits', {
        methodCode: 'BANK_TRANSFER',
        amount: '25000',
        payerName: 'Hong Gildong',
        requestId: requestId(),
      });
      expect(deposit.statusCode, deposit.body).toBe(200);
      expect(messages.filter((m) => m.type === 'balance')).toEqual([]);
      // The counters follow the same way: the new pending deposit is counted on B.
      expect(await waitFor((m) => m.type === 'counters' && m.depositsPending === 1)).toBeDefined();
      const confirmed = await a.inject({
        method: 'PUT',
        url: '/api/ops/deposits/confirm',
        headers: asOperator,
        payload: { id: deposit.json().value.id },
      });
      expect(confirmed.json().value.changed).toBe(true);
      expect(await waitFor((m) => m.type === 'balance')).toEqual({
        type: 'balance',
        kind: 'MEMBER_MAIN',
        currency: 'KRW',
        balance: '25000',
      });
    } finally {
      ws.close();
    }
  });
});
