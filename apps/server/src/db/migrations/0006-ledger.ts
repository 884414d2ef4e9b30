import { type Kysely, sql } from 'kysely';

/**
 * The double-entry ledger (DESIGN.md §2). Money is bigint minor units. Every movement is one immutable
 * transfer between two accounts; an account's balance is a cached column kept in the same transaction
 * and always equals incoming minus outgoing transfers. Only system accounts may go below zero, so the
 * balances of each currency sum to zero.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_account (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN (
        'MEMBER_MAIN', 'MEMBER_VENDOR', 'MEMBER_POINTS', 'MEMBER_TRIAL', 'MEMBER_HOLD',
        'HOUSE', 'VENDOR_CLEARING', 'PAYMENT_CLEARING', 'BONUS', 'TRIAL_ISSUER'
      )),
      member_id bigint REFERENCES member (id),
      vendor_id text REFERENCES vendor (id),
      currency text NOT NULL CHECK (currency ~ '^[A-Z]{3,5}$'),
      balance bigint NOT NULL DEFAULT 0,
      allow_negative boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (allow_negative OR balance >= 0),
      CHECK ((kind LIKE 'MEMBER_%') = (member_id IS NOT NULL)),
      CHECK (NOT (kind LIKE 'MEMBER_%' AND allow_negative))
    );
    CREATE UNIQUE INDEX ledger_account_identity
      ON ledger_account (kind, coalesce(member_id, 0), coalesce(vendor_id, ''), currency);

    CREATE TABLE ledger_transfer (
      id bigserial PRIMARY KEY,
      idempotency_key text NOT NULL,
      request_hash text NOT NULL,
      kind text NOT NULL,
      from_account_id bigint NOT NULL REFERENCES ledger_account (id),
      to_account_id bigint NOT NULL REFERENCES ledger_account (id),
      amount bigint NOT NULL CHECK (amount > 0),
      currency text NOT NULL,
      reference jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (from_account_id <> to_account_id)
    );
    CREATE UNIQUE INDEX ledger_transfer_key ON ledger_transfer (idempotency_key);
    CREATE INDEX ledger_transfer_from ON ledger_transfer (from_account_id, created_at);
    CREATE INDEX ledger_transfer_to ON ledger_transfer (to_account_id, created_at);

    -- A correction is a new transfer: the ledger's rows never change or disappear.
    CREATE FUNCTION ledger_transfer_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger transfers are immutable';
    END $$;
    CREATE TRIGGER ledger_transfer_no_update BEFORE UPDATE OR DELETE ON ledger_transfer
      FOR EACH ROW EXECUTE FUNCTION ledger_transfer_immutable();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER ledger_transfer_no_update ON ledger_transfer;
    DROP FUNCTION ledger_transfer_immutable();
    DROP TABLE ledger_transfer, ledger_account;
  `.execute(db);
}
