import { randomBytes } from 'node:crypto';
import type { ClaimedJob, JobRepository } from './job.repository.ts';

export type { ClaimedJob } from './job.repository.ts';

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

export interface TickReport {
  enqueued: string[];
  ran: { key: string; ok: boolean; error?: string }[];
}

export const periodStart = (now: Date, everyMs: number) => new Date(Math.floor(now.getTime() / everyMs) * everyMs);
export const periodKey = (name: string, start: Date) => `${name}:${start.toISOString()}`;

/**
 * A small PostgreSQL job queue that also runs on the embedded PGlite (docs/decisions/011): it keys
 * periods, runs tasks and retries them; its statements (enqueue, the SKIP LOCKED claim, finish) are
 * the job repository's.
 */
export function jobQueue(
  repo: JobRepository,
  tasks: readonly ScheduledTask[],
  instanceId = randomBytes(6).toString('hex'),
) {
  const byName = new Map(tasks.map((t) => [t.name, t]));
  if (byName.size !== tasks.length) throw new Error('two scheduled tasks share a name');

  async function enqueue(name: string, key: string, runAt: Date, payload: Record<string, unknown> = {}) {
    return repo.enqueue({ name, key, runAt, payload, maxAttempts: JOB_QUEUE.maxAttempts });
  }

  const claim = (now: Date): Promise<ClaimedJob | undefined> =>
    repo.claim(instanceId, now, new Date(now.getTime() + JOB_QUEUE.leaseMs));

  /** Only the instance that holds the job may finish it (a taken-over lease is no longer ours). */
  async function finish(job: ClaimedJob, now: Date, outcome: { result: unknown } | { error: string }) {
    if ('result' in outcome)
      return repo.finish(job.id, instanceId, { state: 'DONE', finishedAt: now, result: outcome.result });
    const final = job.attempts >= job.maxAttempts;
    await repo.finish(job.id, instanceId, {
      state: final ? 'FAILED' : 'QUEUED',
      runAt: final ? job.runAt : new Date(now.getTime() + JOB_QUEUE.retryDelayMs * 2 ** (job.attempts - 1)),
      finishedAt: final ? now : null,
      error: outcome.error.slice(0, 2000),
    });
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
          const result = await task.run({ now, period, payload: job.payload, enqueue });
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
export const jobCleanupTask = (repo: JobRepository): ScheduledTask => ({
  name: 'job-cleanup',
  everyMs: 24 * 3_600_000,
  async run({ now }) {
    const before = new Date(now.getTime() - JOB_QUEUE.keepDays * 86_400_000);
    return { deleted: await repo.deleteFinishedBefore(before) };
  },
});
