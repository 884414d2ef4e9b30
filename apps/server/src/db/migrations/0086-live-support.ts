import { type Kysely, sql } from 'kysely';

/**
 * Live support (issue 18, decision 057).
 * - `support_guest`: a visitor without an account who started a chat with a name; the browser keeps a
 *   random token, only its hash is stored.
 * - `support_conversation`: one thread between a player (member or guest) and staff. At most one open
 *   per member and per guest; `assigned_staff_id` is who answers it now; the two `*_read_upto` columns
 *   are the read receipts (the last message id each side has seen).
 * - `support_message` with its images (`support_message_image`, uploads of purpose SUPPORT). A repeated
 *   send (same author and request id) is the same message. SYSTEM rows mark a hand-over or a close.
 * - `support_canned_reply`: staff's ready answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE support_guest (
      id bigserial PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 40),
      token_hash text NOT NULL UNIQUE,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE support_conversation (
      id bigserial PRIMARY KEY,
      member_id bigint REFERENCES member (id),
      guest_id bigint REFERENCES support_guest (id),
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'CLOSED')),
      assigned_staff_id bigint REFERENCES staff_user (id),
      player_read_upto bigint NOT NULL DEFAULT 0,
      staff_read_upto bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_message_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      closed_by bigint REFERENCES staff_user (id),
      CHECK ((member_id IS NULL) <> (guest_id IS NULL))
    );
    CREATE UNIQUE INDEX support_open_member ON support_conversation (member_id) WHERE status = 'OPEN';
    CREATE UNIQUE INDEX support_open_guest ON support_conversation (guest_id) WHERE status = 'OPEN';
    CREATE INDEX support_conversation_member ON support_conversation (member_id, id);
    CREATE INDEX support_conversation_guest ON support_conversation (guest_id, id);
    CREATE INDEX support_conversation_queue ON support_conversation (status, last_message_at DESC);

    CREATE TABLE support_message (
      id bigserial PRIMARY KEY,
      conversation_id bigint NOT NULL REFERENCES support_conversation (id),
      author text NOT NULL CHECK (author IN ('PLAYER', 'STAFF', 'SYSTEM')),
      staff_id bigint REFERENCES staff_user (id),
      body text NOT NULL DEFAULT '',
      event text CHECK (event IN ('HANDOVER', 'CLOSED')),
      event_staff_id bigint REFERENCES staff_user (id),
      request_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((author = 'STAFF') = (staff_id IS NOT NULL)),
      CHECK ((author = 'SYSTEM') = (event IS NOT NULL))
    );
    CREATE INDEX support_message_conversation ON support_message (conversation_id, id);
    CREATE UNIQUE INDEX support_message_request ON support_message (conversation_id, author, request_id)
      WHERE request_id IS NOT NULL;

    CREATE TABLE support_message_image (
      message_id bigint NOT NULL REFERENCES support_message (id),
      position integer NOT NULL CHECK (position BETWEEN 0 AND 2),
      upload_id bigint NOT NULL REFERENCES upload (id),
      PRIMARY KEY (message_id, position)
    );

    CREATE TABLE support_canned_reply (
      id bigserial PRIMARY KEY,
      title text NOT NULL CHECK (length(title) BETWEEN 1 AND 60),
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 1000),
      updated_by bigint REFERENCES staff_user (id),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE support_canned_reply;
    DROP TABLE support_message_image;
    DROP TABLE support_message;
    DROP TABLE support_conversation;
    DROP TABLE support_guest;
  `.execute(db);
}
