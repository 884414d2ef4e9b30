import { type Kysely, sql } from 'kysely';

/**
 * The demo transfer-mode vendor "Vault Gaming" keeps its own wallets. These tables belong to that
 * vendor, not to the operator: the operator never reads them, it asks the vendor through its
 * adapter, exactly as it would ask an outside vendor. A reference the vendor was asked about before
 * the transfer itself arrived is stored as FAILED, so a late arrival is refused and the answer given
 * to `checkTransfer` stays true.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vault_wallet (
      player_id text NOT NULL,
      currency text NOT NULL,
      balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (player_id, currency)
    );
    CREATE TABLE vault_transfer (
      reference text PRIMARY KEY,
      player_id text NOT NULL,
      direction text NOT NULL CHECK (direction IN ('IN', 'OUT', 'UNKNOWN')),
      amount bigint NOT NULL CHECK (amount >= 0),
      currency text NOT NULL,
      status text NOT NULL CHECK (status IN ('SUCCESS', 'FAILED')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE vault_transfer, vault_wallet`.execute(db);
}
