import { type Kysely, sql } from 'kysely';

/**
 * Storage of the built-in house vendor (packages/vendors/src/house). These tables belong to the
 * vendor, not to the operator: the vendor runs in-process on the same database by default, but it
 * never reads or writes the operator's tables and moves money only through the seamless-wallet calls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE house_session (
      id text PRIMARY KEY,
      player_id text NOT NULL,
      operator_token text NOT NULL,
      game_code text NOT NULL,
      currency text NOT NULL,
      demo boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE TABLE house_seed (
      id bigserial PRIMARY KEY,
      player_id text NOT NULL,
      server_seed text NOT NULL,
      server_seed_hash text NOT NULL,
      client_seed text NOT NULL,
      next_nonce integer NOT NULL DEFAULT 0,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      revealed_at timestamptz
    );
    CREATE UNIQUE INDEX house_seed_active ON house_seed (player_id) WHERE active;
    CREATE TABLE house_round (
      id text PRIMARY KEY,
      player_id text NOT NULL,
      session_id text NOT NULL REFERENCES house_session (id),
      request_id text NOT NULL,
      game_code text NOT NULL,
      seed_id bigint NOT NULL REFERENCES house_seed (id),
      nonce integer NOT NULL,
      currency text NOT NULL,
      bet bigint NOT NULL CHECK (bet > 0),
      payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
      params jsonb NOT NULL,
      outcome jsonb,
      status text NOT NULL CHECK (status IN ('BETTING', 'OPEN', 'SETTLING', 'SETTLED', 'VOID')),
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      UNIQUE (player_id, request_id),
      UNIQUE (seed_id, nonce)
    );
    CREATE INDEX house_round_player ON house_round (player_id, game_code, created_at DESC);
    CREATE INDEX house_round_unsettled ON house_round (created_at) WHERE status IN ('BETTING', 'SETTLING');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE house_round, house_seed, house_session;`.execute(db);
}
