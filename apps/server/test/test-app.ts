import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { composeServices, type CompositionDeps, type Services } from '../src/composition.ts';
import type { JobsOptions } from '../src/jobs/jobs.plugin.ts';
import { loadEnv } from '../src/config/env.ts';
import { type DbHandle, openDatabase } from '../src/db/client.ts';
import { prepareDatabase } from './prepare-database.ts';
import './provided-context.ts';

export const OPERATOR_KEY = 'test-operator-key-0123';

/**
 * Test files run in parallel and share the machine's Redis (and other runs do too): every key a test
 * file's servers write starts with this file's own prefix, so no file sees another's counters. A
 * worker runs its files one after another in one module graph (vitest's `isolate: false`), so the
 * per-file setup (test/per-file-setup.ts) draws a new prefix before each file.
 */
let redisKeyPrefix = '';
export function newRedisKeyPrefix(): void {
  redisKeyPrefix = `portal-test:${randomBytes(6).toString('hex')}:`;
}
newRedisKeyPrefix();

/** A Redis client for this test file's servers (two instances of one file share its keys). */
export function openTestRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, keyPrefix: redisKeyPrefix });
}

/**
 * A real database for one test file: a fresh PostgreSQL database, or an in-memory PGlite. Empty, or
 * `prepared`: migrated with the demo site seeded (a copy of the one the setup made).
 */
export async function openTestDatabase({ prepared = false }: { prepared?: boolean } = {}): Promise<
  DbHandle & { label: string; url?: string }
> {
  const admin = inject('adminDatabaseUrl');
  if (!admin) {
    const image = inject(prepared ? 'pglitePreparedImage' : 'pgliteImage');
    const loadDataDir = image ? new Blob([readFileSync(image)]) : undefined;
    const handle = await openDatabase({ dataDir: 'memory://', ...(loadDataDir ? { loadDataDir } : {}) });
    if (prepared && !image) await prepareDatabase(handle);
    return { ...handle, label: 'pglite' };
  }
  const name = `portal_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const template = prepared ? inject('preparedTemplate') : '';
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 20 });
  return {
    ...handle,
    label: 'postgres',
    url: url.toString(),
    close: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A built web app stand-in, so the history fallback and static files can be tested without Vite. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><html><body><div id="root"></div></body></html>',
    'assets/app-abcdef12.js': `console.log(${JSON.stringify('the portal '.repeat(50))})`,
  };
  mkdirSync(join(dir, 'assets'));
  // As the web build does: a brotli and a gzip copy beside each text file.
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dir, name), body);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body));
  }
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle & { label: string; url?: string };
  /** The app's composition root: tests read settings, script vendor faults and seed money through it. */
  services: Services;
  close(): Promise<void>;
}

export async function startTestApp(
  envOverrides: Record<string, string> = {},
  beforeReady?: (app: FastifyInstance) => void,
  opts: {
    newIpVerification?: boolean;
    jobs?: JobsOptions;
    /** Parts of the composition root a test replaces (a clock, vendor adapters, staff guard). */
    compose?: Omit<CompositionDeps, 'env' | 'database' | 'redis'>;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase({ prepared: true });
  // An easy proof of work: the tests check the protocol, not the cost.
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: fakeWebDist(),
    BOT_CHECK_MAX_NUMBER: '1000',
    ...envOverrides,
  });
  const redis = env.REDIS_URL ? openTestRedis(env.REDIS_URL) : undefined;
  const services = await composeServices({ env, database, redis, ...opts.compose });
  // Tests sign in from many made-up addresses; the new-address check has its own tests that turn it on.
  await services.settings.put('login_security', { newIpVerification: opts.newIpVerification ?? false });
  // No background job ticker unless a test asks for one: tests drive `app.jobs.tick` with their own clock.
  const app = await buildApp({
    env,
    database,
    operatorKey: OPERATOR_KEY,
    redis,
    jobs: opts.jobs ?? { tickMs: 0 },
    services,
  });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    services,
    close: async () => {
      await app.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

export const asOperator = { 'x-operator-key': OPERATOR_KEY };

/** Switches a site module through the operator's call, as an operator would (it also clears the flag cache). */
export async function setModule(t: TestApp, modId: string, enabled: boolean): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/ops/module',
    headers: asOperator,
    payload: { modId, enabled },
  });
  if (res.statusCode !== 200) throw new Error(`setModule ${modId}: ${res.statusCode} ${res.body}`);
}
