import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadEnv } from '../src/config/env.ts';
import { openDatabase } from '../src/db/client.ts';
import { fakeWebDist, OPERATOR_KEY, openTestRedis, startTestApp, type TestApp } from './test-app.ts';

/** Each two-instance story runs without Redis, and with it whenever scripts/test.sh found one. */
export function redisCases(): { label: string; redis: string | undefined }[] {
  const url = process.env.TEST_REDIS_URL;
  return [{ label: 'without Redis', redis: undefined }, ...(url ? [{ label: 'with REDIS_URL set', redis: url }] : [])];
}

export interface TwoInstances {
  /** The instance the calls go to. */
  a: FastifyInstance;
  /** The instance the sockets are on, listening on `url` (http://…). */
  b: TestApp;
  url: string;
  close(): Promise<void>;
}

/**
 * Two server instances on one PostgreSQL (TEST_DATABASE_URL), as behind a load balancer, both with
 * `redis` when given. Events written on A reach B through PostgreSQL NOTIFY (decision 010).
 */
export async function startTwoInstances(
  redis: string | undefined,
  bEnv: Record<string, string> = {},
): Promise<TwoInstances> {
  const extra: Record<string, string> = redis ? { REDIS_URL: redis } : {};
  const b = await startTestApp({ ...bEnv, ...extra });
  const url = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const aDb = await openDatabase({ databaseUrl: b.database.url!, dataDir: '', poolSize: 5 });
  const aRedis = redis ? openTestRedis(redis) : undefined;
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: fakeWebDist(), ...extra });
  const a = await buildApp({ env, database: aDb, operatorKey: OPERATOR_KEY, redis: aRedis, jobs: { tickMs: 0 } });
  await a.ready();
  return {
    a,
    b,
    url,
    close: async () => {
      await a.close();
      aRedis?.disconnect();
      await aDb.close();
      await b.close();
    },
  };
}

/**
 * A vendor's scheduled job (draws, settlement) reached by two instances at once: the app's job tick,
 * the job here and twice on `second`, all together, then once more here — whatever the race, each
 * round is to be settled once.
 */
export async function runOnTwoInstances(
  t: TestApp,
  at: Date,
  here: (at: Date) => Promise<unknown>,
  second: (at: Date) => Promise<unknown>,
): Promise<void> {
  await Promise.all([t.app.jobs.tick(at), second(at), here(at), second(at)]);
  await here(at);
}
