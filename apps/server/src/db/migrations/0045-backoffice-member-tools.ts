import { type Kysely, sql } from 'kysely';

/**
 * Back office member tools (issue 14): staff notes on a member, append-only with their author (a
 * note is corrected by another note, never edited), and the indexes the console's bet and round
 * look-ups read: a member's seamless transactions newest first, a round by its id alone, and a
 * transaction by its id alone (the primary key starts with the vendor).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_note (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      staff_id bigint REFERENCES staff_user (id),
      author text NOT NULL,
      body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX member_note_member ON member_note (member_id, id DESC);
    CREATE FUNCTION member_note_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'member_note is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$;
    CREATE TRIGGER member_note_no_change BEFORE UPDATE OR DELETE ON member_note
      FOR EACH ROW EXECUTE FUNCTION member_note_append_only();
    CREATE TRIGGER member_note_no_truncate BEFORE TRUNCATE ON member_note
      FOR EACH STATEMENT EXECUTE FUNCTION member_note_append_only();

    CREATE INDEX seamless_transaction_member ON seamless_transaction (member_id, created_at DESC);
    CREATE INDEX seamless_transaction_round_id ON seamless_transaction (round_id) WHERE round_id IS NOT NULL;
    CREATE INDEX seamless_transaction_id ON seamless_transaction (transaction_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX seamless_transaction_id;
    DROP INDEX seamless_transaction_round_id;
    DROP INDEX seamless_transaction_member;
    DROP TABLE member_note;
    DROP FUNCTION member_note_append_only();
  `.execute(db);
}
