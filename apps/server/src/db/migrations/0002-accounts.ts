import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member (
      id bigserial PRIMARY KEY,
      account text NOT NULL CHECK (length(account) BETWEEN 1 AND 64),
      account_key text GENERATED ALWAYS AS (lower(account)) STORED,
      type smallint NOT NULL CHECK (type IN (0, 1, 2, 4, 41, 42)),
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DISABLED')),
      upline_id bigint REFERENCES member (id),
      nickname text,
      email text,
      mobile_dialing_code text,
      mobile_num text,
      password_hash text NOT NULL,
      payment_password_hash text,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      first_login boolean NOT NULL DEFAULT true,
      affiliate_code text,
      referral_code text,
      register_url text,
      register_method text,
      domain text,
      -- Optional contact and identity fields of the registration form (spec §3), by field name.
      profile jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz,
      last_login_ip text
    );
    CREATE UNIQUE INDEX member_account_key ON member (account_key);
    CREATE UNIQUE INDEX member_mobile ON member (mobile_dialing_code, mobile_num) WHERE mobile_num IS NOT NULL;
    CREATE UNIQUE INDEX member_affiliate_code ON member (lower(affiliate_code)) WHERE affiliate_code IS NOT NULL;
    CREATE INDEX member_upline ON member (upline_id);

    CREATE TABLE member_session (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      ip text,
      user_agent text
    );
    CREATE INDEX member_session_member ON member_session (member_id) WHERE revoked_at IS NULL;

    CREATE TABLE login_failure (
      id bigserial PRIMARY KEY,
      scope text NOT NULL CHECK (scope IN ('ACCOUNT', 'IP')),
      key text NOT NULL,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_failure_lookup ON login_failure (scope, key, at);

    CREATE TABLE captcha_challenge (
      id text PRIMARY KEY,
      answer_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );

    CREATE TABLE bot_challenge_used (
      signature text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );

    CREATE TABLE member_known_ip (
      member_id bigint NOT NULL REFERENCES member (id),
      ip text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, ip)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE member_known_ip, bot_challenge_used, captcha_challenge, login_failure, member_session, member;`.execute(
    db,
  );
}
