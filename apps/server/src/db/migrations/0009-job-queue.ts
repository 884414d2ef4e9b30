import { type Kysely, sql } from 'kysely';

/**
 * The database job queue (docs/decisions/011). One row per job; `key` is unique, and a scheduled
 * task's run is keyed `task:period`, so however many instances enqueue the same period, one row
 * exists and one instance claims it (`FOR UPDATE SKIP LOCKED`). `locked_until` lets another instance
 * take over a run whose instance died.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE job (
      id bigserial PRIMARY KEY,
      name text NOT NULL,
      key text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      state text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
      run_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts > 0),
      locked_by text,
      locked_until timestamptz,
      last_error text,
      result jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE UNIQUE INDEX job_key ON job (key);
    CREATE INDEX job_due ON job (run_at) WHERE state = 'QUEUED';
    CREATE INDEX job_running ON job (locked_until) WHERE state = 'RUNNING';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE job`.execute(db);
}
