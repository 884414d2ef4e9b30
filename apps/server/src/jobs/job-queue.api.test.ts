import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { fakeWebDist, OPERATOR_KEY, startTestApp, type TestApp } from '../../test/test-app.ts';
import { newPlayer, withdrawalOf } from '../modules/wallet/cashier.test-helpers.ts';
import { jobQueue, type ScheduledTask } from './job-queue.ts';
import { jobRepository } from './job.repository.ts';
import { verifyLedgerAfterEach } from '../../test/ledger-check.ts';

let t: TestApp;
beforeAll(async () => {
  // The harness turns the background ticker off: these tests drive the queue with their own clock.
  t = await startTestApp();
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const T0 = new Date('2030-01-01T00:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('the job queue', () => {
  it('auto-receives an overdue approved withdrawal on its scheduled run', async () => {
    const p = await newPlayer(t, { balance: 100_000n, paymentPassword: 'pay-4321' });
    const w = await withdrawalOf(t, p, '30000', { paymentPassword: 'pay-4321', decision: 'approve' });
    const state = () =>
      t.database.db
        .selectFrom('withdrawal')
        .select(['confirmation', 'confirmedBy'])
        .where('id', '=', w.id)
        .executeTakeFirstOrThrow();

    const early = await t.app.jobs.tick(new Date(Date.now() + 59 * 60_000));
    expect(early.ran).toContainEqual(expect.objectContaining({ ok: true }));
    expect(await state()).toEqual({ confirmation: null, confirmedBy: null });

    const late = await t.app.jobs.tick(new Date(Date.now() + 61 * 60_000));
    expect(late.ran.map((r) => r.key)).toContainEqual(expect.stringMatching(/^withdrawal-auto-receipt:/));
    expect(await state()).toEqual({ confirmation: 'RECEIVED', confirmedBy: 'AUTO' });
    const run = await t.database.db
      .selectFrom('job')
      .select(['state', 'result'])
      .where('key', '=', late.ran.find((r) => r.key.startsWith('withdrawal-auto-receipt:'))!.key)
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ state: 'DONE', result: { received: 1 } });
  });

  it('runs each period of a task once, however often it ticks', async () => {
    const runs: string[] = [];
    const task: ScheduledTask = {
      name: 'count-a',
      everyMs: 60_000,
      run: async ({ period }) => runs.push(period.toISOString()),
    };
    const q = jobQueue(jobRepository(t.database.db), [task]);
    await q.tick(at(1_000));
    await q.tick(at(30_000));
    await q.tick(at(59_999));
    await q.tick(at(60_000));
    expect(runs).toEqual([T0.toISOString(), at(60_000).toISOString()]);
  });

  it('retries a failed run later and gives up after its attempts', async () => {
    let calls = 0;
    const task: ScheduledTask = {
      name: 'always-fails',
      everyMs: 86_400_000,
      run: async () => {
        calls++;
        throw new Error('boom');
      },
    };
    const q = jobQueue(jobRepository(t.database.db), [task]);
    const first = await q.tick(at(0));
    expect(first.ran).toEqual([expect.objectContaining({ ok: false, error: 'boom' })]);
    await q.tick(at(1_000));
    expect(calls).toBe(1);
    for (let i = 1; i <= 10; i++) await q.tick(at(i * 20 * 60_000 - 1));
    expect(calls).toBe(5);
    const row = await t.database.db
      .selectFrom('job')
      .select(['state', 'attempts', 'lastError'])
      .where('key', '=', `always-fails:${T0.toISOString()}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'FAILED', attempts: 5, lastError: 'boom' });
  });
});

describe('the job queue on two instances (PostgreSQL)', () => {
  it('never runs the same period twice when two app instances tick at once', async (ctx) => {
    if (!t.database.url) ctx.skip('two instances need a shared PostgreSQL (TEST_DATABASE_URL); PGlite is one process');
    const second = await openDatabase({ databaseUrl: t.database.url!, dataDir: '', poolSize: 10 });
    let other: FastifyInstance | undefined;
    try {
      const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: fakeWebDist() });
      other = await buildApp({ env, database: second, operatorKey: OPERATOR_KEY, jobs: { tickMs: 0 } });
      await other.ready();
      const runs: string[] = [];
      const slow: ScheduledTask = {
        name: 'two-instances',
        everyMs: 60_000,
        run: async ({ period }) => {
          runs.push(period.toISOString());
          await new Promise((r) => setTimeout(r, 20));
        },
      };
      const a = jobQueue(jobRepository(t.database.db), [slow]);
      const b = jobQueue(jobRepository(second.db), [slow]);
      for (let minute = 0; minute < 10; minute++) {
        const now = at(minute * 60_000 + 5_000);
        await Promise.all([a.tick(now), b.tick(now), a.tick(now), b.tick(now)]);
      }
      expect(runs).toHaveLength(10);
      expect(new Set(runs).size).toBe(10);
      // Both app instances run the withdrawal auto-receipt through the same table: one run per period.
      const now = new Date(Date.now() + 7 * 86_400_000);
      const [r1, r2] = await Promise.all([t.app.jobs.tick(now), other.jobs.tick(now)]);
      const receipts = [...r1.ran, ...r2.ran].filter((r) => r.key.startsWith('withdrawal-auto-receipt:'));
      expect(receipts).toHaveLength(1);
    } finally {
      await other?.close();
      await second.close();
    }
  });
});
