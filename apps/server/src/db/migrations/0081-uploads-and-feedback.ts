import { type Kysely, sql } from 'kysely';

/**
 * Uploaded images and feedback (issue 18, decision 054).
 * - `upload`: an image a member sent, already checked and re-encoded (metadata gone), kept in the
 *   database so any instance serves it. `purpose` says which feature holds it (feedback today; the
 *   activity application and live support later).
 * - `feedback` with its images in order (`feedback_image`), a staff reply and a status. `request_id`
 *   makes a repeated submission the same feedback.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE upload (
      id bigserial PRIMARY KEY,
      member_id bigint REFERENCES member (id),
      purpose text NOT NULL CHECK (purpose IN ('FEEDBACK', 'ACTIVITY', 'SUPPORT')),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      bytes bytea NOT NULL,
      byte_size integer NOT NULL CHECK (byte_size > 0),
      width integer NOT NULL,
      height integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX upload_member ON upload (member_id, id);

    CREATE TABLE feedback (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      question_type text NOT NULL
        CHECK (question_type IN ('DEPOSIT', 'WITHDRAWAL', 'GAME', 'CUSTOMER_SERVICE', 'APPLICATION', 'OTHER')),
      content text NOT NULL,
      request_id text NOT NULL,
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'REPLIED', 'CLOSED')),
      reply text,
      replied_at timestamptz,
      replied_by bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX feedback_member ON feedback (member_id, id);
    CREATE INDEX feedback_status ON feedback (status, id);

    CREATE TABLE feedback_image (
      feedback_id bigint NOT NULL REFERENCES feedback (id),
      position integer NOT NULL CHECK (position BETWEEN 0 AND 2),
      upload_id bigint NOT NULL REFERENCES upload (id),
      PRIMARY KEY (feedback_id, position)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE feedback_image;
    DROP TABLE feedback;
    DROP TABLE upload;
  `.execute(db);
}
