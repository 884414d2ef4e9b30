import { type Kysely, sql } from 'kysely';

/**
 * Play at the demo transfer-mode vendor Vault Gaming (its own tables, like 0010a): a launch opens a
 * vendor session (only the sha256 of its token is kept), and every round is recorded with the bet
 * and payout it moved on the player's Vault wallet. A round is applied once per request id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vault_session (
      token_hash text PRIMARY KEY,
      player_id text NOT NULL,
      currency text NOT NULL,
      game_code text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE vault_round (
      id bigserial PRIMARY KEY,
      player_id text NOT NULL,
      currency text NOT NULL,
      game_code text NOT NULL,
      request_id text NOT NULL,
      bet bigint NOT NULL CHECK (bet > 0),
      payout bigint NOT NULL CHECK (payout >= 0),
      balance_after bigint NOT NULL,
      outcome jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (player_id, request_id)
    );
    CREATE INDEX vault_round_player ON vault_round (player_id, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE vault_round, vault_session`.execute(db);
}
