import { type Kysely, sql } from 'kysely';

/**
 * The back office (issue 14): staff users apart from members (argon2id password, TOTP secret,
 * hashed recovery codes, one role), their sessions (cookie token and CSRF token kept as sha256,
 * idle and absolute expiry, a stage until the second factor is given), and the audit trail: one
 * row per staff write, made in the write's transaction; a trigger refuses UPDATE, DELETE and
 * TRUNCATE on it, so nobody edits the trail through the application or a console.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE staff_user (
      id bigserial PRIMARY KEY,
      username text NOT NULL UNIQUE CHECK (username = lower(username)),
      display_name text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'finance', 'support', 'content', 'risk')),
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DISABLED')),
      password_hash text NOT NULL,
      totp_secret text,
      totp_enabled boolean NOT NULL DEFAULT false,
      totp_last_step bigint,
      recovery_code_hashes text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz,
      last_login_ip text
    );
    CREATE TABLE staff_session (
      id bigserial PRIMARY KEY,
      staff_id bigint NOT NULL REFERENCES staff_user (id),
      token_hash text NOT NULL UNIQUE,
      csrf_token text NOT NULL,
      stage text NOT NULL CHECK (stage IN ('SECOND_FACTOR', 'SIGNED_IN')),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      failed_codes integer NOT NULL DEFAULT 0,
      ip text,
      user_agent text
    );
    CREATE INDEX staff_session_staff ON staff_session (staff_id);
    CREATE TABLE staff_audit (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      staff_id bigint REFERENCES staff_user (id),
      actor text NOT NULL,
      ip text,
      action text NOT NULL,
      target text NOT NULL,
      before jsonb,
      after jsonb
    );
    CREATE INDEX staff_audit_at ON staff_audit (id DESC);
    CREATE INDEX staff_audit_target ON staff_audit (target);
    CREATE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'staff_audit is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$;
    CREATE TRIGGER staff_audit_no_change BEFORE UPDATE OR DELETE ON staff_audit
      FOR EACH ROW EXECUTE FUNCTION staff_audit_append_only();
    CREATE TRIGGER staff_audit_no_truncate BEFORE TRUNCATE ON staff_audit
      FOR EACH STATEMENT EXECUTE FUNCTION staff_audit_append_only();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE staff_audit, staff_session, staff_user;
    DROP FUNCTION staff_audit_append_only();
  `.execute(db);
}
