import { type Kysely, sql } from 'kysely';

/**
 * Messages leave the outbox off the request path: `next_attempt_at` is when a delivery may be tried
 * (again); a try claims the row by moving it forward (a lease), so two instances never deliver one
 * row at once, and a failure sets it to the next retry, or to NULL when the outbox gives up.
 *
 * `recovery_request` counts the recovery calls that have no row of their own to count (forgot
 * password by e-mail), per account name whether or not the account exists, so the cap answers alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE outbox_message ADD COLUMN next_attempt_at timestamptz;
    CREATE INDEX outbox_message_due ON outbox_message (next_attempt_at) WHERE next_attempt_at IS NOT NULL;

    CREATE TABLE recovery_request (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('FORGOT_EMAIL')),
      key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX recovery_request_key ON recovery_request (kind, key, created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE recovery_request;
    DROP INDEX outbox_message_due;
    ALTER TABLE outbox_message DROP COLUMN next_attempt_at;
  `.execute(db);
}
