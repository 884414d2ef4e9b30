import { type Kysely, sql } from 'kysely';

/**
 * The cashier: payment methods set by the operator, deposits (bank transfer waits for the operator,
 * gateway is settled by a signed callback), members' bank accounts and withdrawals with the player's
 * confirmation. Money itself moves only in the ledger; these rows record the requests and decisions.
 * `(member_id, request_id)` is unique so a client's retry never makes a second request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_method (
      code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_]{2,32}$'),
      kind text NOT NULL CHECK (kind IN ('BANK_TRANSFER', 'GATEWAY')),
      name text NOT NULL,
      currency text NOT NULL,
      min_amount bigint NOT NULL CHECK (min_amount > 0),
      max_amount bigint NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      CHECK (max_amount >= min_amount)
    );
    INSERT INTO payment_method (code, kind, name, currency, min_amount, max_amount, enabled, sort) VALUES
      ('BANK_TRANSFER', 'BANK_TRANSFER', 'Bank transfer', 'KRW', 10000, 10000000, true, 1),
      ('ONLINE_GATEWAY', 'GATEWAY', 'Online payment', 'KRW', 10000, 5000000, true, 2);

    CREATE TABLE deposit (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      method_code text NOT NULL REFERENCES payment_method (code),
      method_kind text NOT NULL CHECK (method_kind IN ('BANK_TRANSFER', 'GATEWAY')),
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      payer_name text,
      reference text,
      request_id text NOT NULL,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'CONFIRMED', 'REJECTED', 'CANCELLED')),
      gateway_txn_id text UNIQUE,
      reject_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX deposit_pending ON deposit (created_at) WHERE status = 'PENDING';
    CREATE INDEX deposit_member ON deposit (member_id, created_at DESC);

    CREATE TABLE bank_account (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      payee_name text NOT NULL,
      bank_name text NOT NULL,
      account_number text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX bank_account_member ON bank_account (member_id);

    CREATE TABLE withdrawal (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      bank_account_id bigint NOT NULL REFERENCES bank_account (id),
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      request_id text NOT NULL,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
      reject_reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      confirmation text CHECK (confirmation IN ('RECEIVED', 'NOT_RECEIVED', 'FULL_PAYMENT')),
      confirmed_by text CHECK (confirmed_by IN ('PLAYER', 'AUTO')),
      confirmed_at timestamptz,
      proof bytea,
      proof_type text,
      UNIQUE (member_id, request_id),
      CHECK (confirmation IS NULL OR status = 'APPROVED')
    );
    CREATE INDEX withdrawal_member ON withdrawal (member_id, created_at DESC);
    CREATE INDEX withdrawal_pending ON withdrawal (created_at) WHERE status = 'PENDING';
    CREATE INDEX withdrawal_unconfirmed ON withdrawal (decided_at) WHERE status = 'APPROVED' AND confirmation IS NULL;

    INSERT INTO site_setting (key, value)
      VALUES ('cashier', '{"singlePendingWithdrawal": true, "autoReceiptMinutes": 60}'::jsonb)
      ON CONFLICT (key) DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE withdrawal, bank_account, deposit, payment_method;
    DELETE FROM site_setting WHERE key IN ('cashier', 'secret.gateway_hmac');
  `.execute(db);
}
