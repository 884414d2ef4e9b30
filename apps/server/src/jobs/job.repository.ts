import { sql } from 'kysely';
import type { Db } from '../db/client.ts';

/** A job as the queue claims it. */
export interface ClaimedJob {
  id: string;
  name: string;
  key: string;
  payload: Record<string, unknown>;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
}

/** How a job ends a run: done with its result, or back in the queue (or failed for good) with its error. */
export type JobOutcome =
  | { state: 'DONE'; finishedAt: Date; result: unknown }
  | { state: 'QUEUED' | 'FAILED'; runAt: Date; finishedAt: Date | null; error: string };

/**
 * The job table (docs/decisions/011): the queue's own store. Enqueue is INSERT … ON CONFLICT (key) DO
 * NOTHING; claim is one UPDATE of the oldest due row picked with FOR UPDATE SKIP LOCKED, so concurrent
 * instances never claim the same job. Each statement stands alone: the queue opens no transaction.
 */
export function jobRepository(db: Db) {
  return {
    /** Adds a job unless its key is taken; whether it was added. */
    async enqueue(job: {
      name: string;
      key: string;
      runAt: Date;
      payload: Record<string, unknown>;
      maxAttempts: number;
    }): Promise<boolean> {
      const row = await db
        .insertInto('job')
        .values({ ...job, payload: JSON.stringify(job.payload) })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Takes the oldest due job for `instanceId` until `lockedUntil`: a queued one whose time has come,
     * or a running one whose lease ran out and that has attempts left.
     */
    async claim(instanceId: string, now: Date, lockedUntil: Date): Promise<ClaimedJob | undefined> {
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
    },

    /** Records how the run ended, only while `instanceId` still holds the job (a taken-over lease is not its own). */
    async finish(jobId: string, instanceId: string, outcome: JobOutcome): Promise<void> {
      const set =
        outcome.state === 'DONE'
          ? {
              state: outcome.state,
              finishedAt: outcome.finishedAt,
              lockedUntil: null,
              result: JSON.stringify(outcome.result ?? null),
              lastError: null,
            }
          : {
              state: outcome.state,
              runAt: outcome.runAt,
              finishedAt: outcome.finishedAt,
              lockedUntil: null,
              lastError: outcome.error,
            };
      await db.updateTable('job').set(set).where('id', '=', jobId).where('lockedBy', '=', instanceId).execute();
    },

    /** Deletes finished (done or failed) jobs that finished before `before`; how many. */
    async deleteFinishedBefore(before: Date): Promise<number> {
      const r = await db
        .deleteFrom('job')
        .where('state', 'in', ['DONE', 'FAILED'])
        .where('finishedAt', '<', before)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
export type JobRepository = ReturnType<typeof jobRepository>;
