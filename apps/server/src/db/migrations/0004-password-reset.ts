import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE password_reset_token (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      -- SHA-256 of the e-mailed token: a copy of this table lets nobody reset a password.
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    -- Issuing a new link and changing the password retire the member's open links.
    CREATE INDEX password_reset_token_open ON password_reset_token (member_id) WHERE used_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE password_reset_token;`.execute(db);
}
