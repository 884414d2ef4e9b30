import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist, openTestDatabase, OPERATOR_KEY } from '../test/test-app.ts';
import { buildApp } from './app.ts';
import { loadEnv } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { prepareDatabase, UnsafeDatabaseError } from './db/prepare-database.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './db/seed/demo-accounts.ts';
import { seedDemo } from './db/seed/demo-seed.ts';
import { hashPassword } from './modules/auth/password.ts';
import { STARTS_PROCESSES } from '../test/ops-cli.ts';

const production = (extra: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: fakeWebDist(), ...extra });

describe('a production server on an empty database', () => {
  let database: DbHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await openTestDatabase();
    // SEED_DEMO is not even consulted in production: the start refuses it before this point.
    await prepareDatabase({ ...production(), SEED_DEMO: true }, database.db);
    app = await buildApp({
      env: production({ PAYMENT_GATEWAY_SIMULATOR: 'true' }),
      database,
      operatorKey: OPERATOR_KEY,
      jobs: { tickMs: 0 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('seeds neither the demo site nor its accounts', async () => {
    expect(await database.db.selectFrom('member').select('account').execute()).toEqual([]);
    const whitelabel = await database.db
      .selectFrom('siteSetting')
      .select('key')
      .where('key', '=', 'whitelabel')
      .executeTakeFirst();
    expect(whitelabel).toBeUndefined();
  });

  it('serves no API docs, no developer outbox and no simulated payment page', async () => {
    for (const url of ['/api/docs/', '/api/docs', '/api/openapi.json', '/api/dev/outbox', '/gateway/pay/1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('a production start on a database that holds the demo accounts', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrateToLatest(database.db);
    await seedDemo(database.db);
    await seedDemoAccounts(database.db);
  });
  afterAll(async () => database?.close());

  it('is refused while a demo account opens with its published password, naming each one', async () => {
    const error = await prepareDatabase(production(), database.db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeDatabaseError);
    const problems = (error as UnsafeDatabaseError).problems.join('\n');
    for (const { account } of DEMO_ACCOUNTS) expect(problems).toContain(account);
  });

  it('goes ahead once those passwords are changed or the accounts disabled', async () => {
    await database.db
      .updateTable('member')
      .set({ passwordHash: await hashPassword('a private passphrase 7Q!') })
      .where(
        'account',
        'in',
        DEMO_ACCOUNTS.map((a) => a.account).filter((a) => a !== 'newbie01' && a !== 'agent02'),
      )
      .execute();
    await database.db
      .updateTable('member')
      .set({ status: 'DISABLED' })
      .where('account', 'in', ['newbie01', 'agent02'])
      .execute();
    await expect(prepareDatabase(production(), database.db)).resolves.toMatchObject({ seeded: false });
  });
});

describe('the production start', STARTS_PROCESSES, () => {
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: resolve(import.meta.dirname, '../../..'),
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });

  it('refuses unsafe settings with exit code 2, naming each one', () => {
    const run = start({
      OPERATOR_KEY: 'short-but-valid-key',
      SEED_DEMO: 'true',
      PAYMENT_GATEWAY_SIMULATOR: 'true',
      TRUST_PROXY: 'true',
      RATE_LIMIT_SCALE: '50',
      BOT_CHECK_MAX_NUMBER: '1000',
      SMS_GATEWAY_URL: 'http://sms.example.com/send',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Unsafe settings for production');
    for (const name of [
      'OPERATOR_KEY',
      'DATABASE_URL',
      'SEED_DEMO',
      'PAYMENT_GATEWAY_SIMULATOR',
      'TRUST_PROXY',
      'RATE_LIMIT_SCALE',
      'BOT_CHECK_MAX_NUMBER',
      'SMS_GATEWAY_URL',
    ])
      expect(run.stderr).toContain(`${name}:`);
  });

  it('asks for an operator key of its own rather than generating one', () => {
    const run = start({ DATABASE_URL: 'postgres://127.0.0.1:1/none' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('OPERATOR_KEY: must be set');
    expect(run.stderr).not.toContain('DATABASE_URL:');
  });
});
