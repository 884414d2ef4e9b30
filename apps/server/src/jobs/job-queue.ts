import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/** Timings of the queue; server-side only (no screen shows them). */
export const JOB_QUEUE = {
  /** How often an instance enqueues due periods and claims work. Shorter than any task's period. */
  tickMs: 10_000,
  /** A claimed job whose instance has not finished it by then may be taken by another instance. */
  leaseMs: 5 * 60_000,
  maxAttempts: 5,
  /** First retry delay; doubles per attempt. */
  retryDelayMs: 30_000,
  /** Finished jobs are kept this long (the record of which periods ran), then deleted. */
  keepDays: 30,
} as const;

export interface JobContext {
  db: Db;
  /** The clock of the tick that claimed the job (a fake one in tests). */
  now: Date;
  /** Start of the period this run covers (scheduled tasks), else the job's run time. */
  period: Date;
  payload: Record<string, unknown>;
  /** Enqueues a one-off job (keyed: a key already present is not enqueued again). */
  enqueue(name: string, key: string, runAt: Date, payload?: Record<string, unknown>): Promise<boolean>;
}

/**
 * Periodic work. Each period (`everyMs`, aligned to the epoch, so every instance computes the same
 * boundaries) becomes one job keyed `name:periodStartISO`; the unique key means two instances never
 * run the same period twice. Handlers should still be idempotent: a run whose instance died after its
 * lease is taken over by another instance.
 */
export interface ScheduledTask {
  name: string;
  /** 0: never scheduled by the clock, run only for the one-off jobs enqueued under its name. */
  everyMs: number;
  run(ctx: JobContext): Promise<unknown>;
}

export interface ClaimedJob {
  id: string;
  name: string;
  key: string;
  payload: Record<string, unknown>;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
}

export interface TickReport {
  enqueued: string[];
  ran: { key: string; ok: boolean; error?: string }[];
}

export const periodStart = (now: Date, everyMs: number) => new Date(Math.floor(now.getTime() / everyMs) * everyMs);
export const periodKey = (name: string, start: Date) => `${name}:${start.toISOString()}`;

/**
 * A small PostgreSQL job queue that also runs on the embedded PGlite (docs/decisions/011):
 * enqueue = INSERT … ON CONFLICT (key) DO NOTHING; claim = one UPDATE of the oldest due row picked
 * with FOR UPDATE SKIP LOCKED, so concurrent instances never claim the same job.
 */
export function jobQueue(db: Db, tasks: readonly ScheduledTask[], instanceId = randomBytes(6).toString('hex')) {
  const byName = new Map(tasks.map((t) => [t.name, t]));
  if (byName.size !== tasks.length) throw new Error('two scheduled tasks share a name');

  async function enqueue(name: string, key: string, runAt: Date, payload: Record<string, unknown> = {}) {
    const row = await db
      .insertInto('job')
      .values({ name, key, runAt, payload: JSON.stringify(payload), maxAttempts: JOB_QUEUE.maxAttempts })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    return row !== undefined;
  }

  async function claim(now: Date): Promise<ClaimedJob | undefined> {
    const lockedUntil = new Date(now.getTime() + JOB_QUEUE.leaseMs);
    const row = await sql<ClaimedJob>`
      UPDATE job SET state = 'RUNNING', attempts = attempts + 1, locked_by = ${instanceId},
        locked_until = ${lockedUntil}
      WHERE id = (
        SELECT id FROM job
        WHERE (state = 'QUEUED' AND run_at <= ${now})
           OR (state = 'RUNNING' AND locked_until < ${now} AND attempts < max_attempts)
        ORDER BY run_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, name, key, payload, run_at AS "runAt", attempts, max_attempts AS "maxAttempts"`.execute(db);
    return row.rows[0];
  }

  /** Only the instance that holds the job may finish it (a taken-over lease is no longer ours). */
  async function finish(job: ClaimedJob, now: Date, outcome: { result: unknown } | { error: string }) {
    const final = 'error' in outcome && job.attempts >= job.maxAttempts;
    const set =
      'result' in outcome
        ? {
            state: 'DONE' as const,
            finishedAt: now,
            lockedUntil: null,
            result: JSON.stringify(outcome.result ?? null),
            lastError: null,
          }
        : {
            state: final ? ('FAILED' as const) : ('QUEUED' as const),
            runAt: final ? job.runAt : new Date(now.getTime() + JOB_QUEUE.retryDelayMs * 2 ** (job.attempts - 1)),
            finishedAt: final ? now : null,
            lockedUntil: null,
            lastError: outcome.error.slice(0, 2000),
          };
    await db.updateTable('job').set(set).where('id', '=', job.id).where('lockedBy', '=', instanceId).execute();
  }

  return {
    instanceId,
    enqueue,

    /**
     * One round: enqueue the current period of every task (a no-op when another instance already
     * did), then claim and run due jobs one by one until none is left.
     */
    async tick(now: Date): Promise<TickReport> {
      const report: TickReport = { enqueued: [], ran: [] };
      for (const task of tasks) {
        if (task.everyMs <= 0) continue;
        const start = periodStart(now, task.everyMs);
        const key = periodKey(task.name, start);
        if (await enqueue(task.name, key, start, { period: start.toISOString() })) report.enqueued.push(key);
      }
      for (let job = await claim(now); job; job = await claim(now)) {
        const task = byName.get(job.name);
        try {
          if (!task) throw new Error(`no task named ${job.name} on this instance`);
          const period = typeof job.payload.period === 'string' ? new Date(job.payload.period) : job.runAt;
          const result = await task.run({ db, now, period, payload: job.payload, enqueue });
          await finish(job, now, { result });
          report.ran.push({ key: job.key, ok: true });
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          await finish(job, now, { error });
          report.ran.push({ key: job.key, ok: false, error });
        }
      }
      return report;
    },
  };
}
export type JobQueue = ReturnType<typeof jobQueue>;

/** Deletes finished jobs older than JOB_QUEUE.keepDays; itself a scheduled task (daily). */
export const jobCleanupTask: ScheduledTask = {
  name: 'job-cleanup',
  everyMs: 24 * 3_600_000,
  async run({ db, now }) {
    const before = new Date(now.getTime() - JOB_QUEUE.keepDays * 86_400_000);
    const r = await db
      .deleteFrom('job')
      .where('state', 'in', ['DONE', 'FAILED'])
      .where('finishedAt', '<', before)
      .executeTakeFirst();
    return { deleted: Number(r.numDeletedRows) };
  },
};
