import { type Kysely, sql } from 'kysely';

/**
 * The public chat room (issue 18, decision 056).
 * - `chat_message`: one row per message, plain text with links already neutralised; `mentions` holds
 *   the `@handles` of the body that call a member, as written. A repeated send (same member and request id) is the same
 *   message. `created_at` is the app's clock (the rate limit counts by it, and the test clock moves it).
 *   A moderator's delete marks the row (who and when); readers never see it again.
 * - `chat_mute`: a member muted until a time, with the reason the member is shown; lifting it early
 *   marks it. One in force per member (a new mute lifts the old one in the same transaction).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chat_message (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      name text NOT NULL,
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 500),
      mentions text[] NOT NULL DEFAULT '{}',
      request_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      deleted_by bigint REFERENCES staff_user (id)
    );
    CREATE UNIQUE INDEX chat_message_request ON chat_message (member_id, request_id);
    CREATE INDEX chat_message_member_time ON chat_message (member_id, created_at);
    CREATE INDEX chat_message_visible ON chat_message (id) WHERE deleted_at IS NULL;

    CREATE TABLE chat_mute (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
      until timestamptz NOT NULL,
      created_by bigint NOT NULL REFERENCES staff_user (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      lifted_at timestamptz,
      lifted_by bigint REFERENCES staff_user (id)
    );
    CREATE INDEX chat_mute_member ON chat_mute (member_id, until DESC) WHERE lifted_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE chat_mute;
    DROP TABLE chat_message;
  `.execute(db);
}
