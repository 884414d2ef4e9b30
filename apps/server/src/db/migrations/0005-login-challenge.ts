import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE login_challenge (
      id text PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      ip text NOT NULL,
      method text NOT NULL CHECK (method IN ('SMS', 'EMAIL')),
      recipient text NOT NULL,
      portal text NOT NULL,
      sms_login boolean NOT NULL DEFAULT false,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    INSERT INTO site_setting (key, value) VALUES ('login_security', '{"newIpVerification": true}')
      ON CONFLICT (key) DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE login_challenge; DELETE FROM site_setting WHERE key = 'login_security';`.execute(db);
}
