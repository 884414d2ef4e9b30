import { type Kysely, sql } from 'kysely';

/**
 * The vendor registry and the operator's side of both vendor protocols (DESIGN.md §3).
 *
 * - `vendor` gains the shared HMAC secret, the operator id the vendor sends in `X-Operator-Id`, the
 *   currencies it plays in and, for outside vendors, its base URL (in-process vendors are registered
 *   by code). Both generated values come from the database's strong random source, so every row
 *   (also those the demo seed inserts later) gets its own.
 * - `game_session`: the token the operator gives a vendor at launch, kept hashed.
 * - `seamless_transaction`: one row per `(vendor, transaction_id)` with the request's hash and the
 *   answer given, so a replay gets the same answer and a reused id with another payload is refused.
 *   A rollback that arrives before its bet leaves a TOMBSTONE row under the bet's id.
 * - `vendor_member` / `vendor_transfer`: transfer-mode vendors; a transfer whose outcome is unknown
 *   stays PENDING until the vendor says what happened.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE vendor
      ADD COLUMN secret text NOT NULL
        DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
      ADD COLUMN operator_id text NOT NULL
        DEFAULT 'op_' || replace(gen_random_uuid()::text, '-', ''),
      ADD COLUMN currencies text[] NOT NULL DEFAULT ARRAY['KRW', 'TRIAL'],
      ADD COLUMN base_url text;
    CREATE UNIQUE INDEX vendor_operator_id ON vendor (operator_id);

    CREATE TABLE game_session (
      id bigserial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      member_id bigint NOT NULL REFERENCES member (id),
      vendor_id text NOT NULL REFERENCES vendor (id),
      game_code text NOT NULL,
      game_type text NOT NULL,
      currency text NOT NULL,
      trial boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX game_session_member ON game_session (member_id, created_at DESC);

    CREATE TABLE seamless_transaction (
      vendor_id text NOT NULL REFERENCES vendor (id),
      transaction_id text NOT NULL,
      action text NOT NULL CHECK (action IN ('BET', 'WIN', 'ROLLBACK', 'TOMBSTONE')),
      request_hash text NOT NULL,
      member_id bigint REFERENCES member (id),
      round_id text,
      -- For a rollback: the bet it reverses. For a tombstone: the rollback that left it.
      reference_id text,
      amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      currency text,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (vendor_id, transaction_id)
    );
    CREATE INDEX seamless_transaction_round ON seamless_transaction (vendor_id, member_id, round_id)
      WHERE round_id IS NOT NULL;

    CREATE TABLE vendor_member (
      vendor_id text NOT NULL REFERENCES vendor (id),
      member_id bigint NOT NULL REFERENCES member (id),
      player_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (vendor_id, member_id),
      UNIQUE (vendor_id, player_id)
    );

    CREATE TABLE vendor_transfer (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      vendor_id text NOT NULL REFERENCES vendor (id),
      direction text NOT NULL CHECK (direction IN ('TO_VENDOR', 'TO_MAIN')),
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      request_id text NOT NULL,
      -- The reference number the vendor knows this transfer by.
      reference text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED')),
      checks integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX vendor_transfer_pending ON vendor_transfer (created_at) WHERE status = 'PENDING';
    -- One transfer at a time per member and vendor: the vendor's balance after a transfer then
    -- belongs to exactly that transfer, so the operator can record the play in between.
    CREATE UNIQUE INDEX vendor_transfer_one_pending ON vendor_transfer (member_id, vendor_id) WHERE status = 'PENDING';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE vendor_transfer, vendor_member, seamless_transaction, game_session;
    DROP INDEX vendor_operator_id;
    ALTER TABLE vendor DROP COLUMN secret, DROP COLUMN operator_id, DROP COLUMN currencies, DROP COLUMN base_url;
  `.execute(db);
}
