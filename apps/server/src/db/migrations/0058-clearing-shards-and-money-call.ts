import { type Kysely, sql } from 'kysely';
import { up as ledgerRecordedAtUp } from './0047-ledger-recorded-at.ts';

/**
 * The bet path near the hot-row limit (issue 13, decision 043).
 *
 * - **Clearing shards.** `ledger_account.shard`: a system account may be split into shards, each an
 *   account of its own (its own balance, its own transfers), so that concurrent transfers of
 *   different players do not all queue on one row. The vendor's clearing side of a seamless bet uses
 *   the shard of the player (`member_id % n`), so every bet, win and rollback of one player meets
 *   one shard; the vendor's clearing balance is the sum of its shards. Each shard is an ordinary
 *   ledger account: the zero sum per currency, balance = entries and the unique keys hold unchanged,
 *   and `ledger:verify` checks them shard by shard. Member accounts are never sharded.
 * - `ledger_apply_transfer` takes the two sides' shards (last, default 0: every other caller is
 *   unchanged).
 * - **`seamless_money_call`**: a seamless bet or win in one statement, so it runs in autocommit with
 *   no client round trip while the wallet's row is locked: it claims `(vendor, transaction_id)`,
 *   checks for a win that the round has a bet still standing (the round's bets locked, as before),
 *   applies the ledger transfer and stores the answer. A claim already taken returns that row
 *   (`TAKEN`) for the caller to answer as a replay; a refusal (insufficient funds, no standing bet, a
 *   missing account) deletes the claim it made in its own transaction, so nothing stays changed and
 *   a later retry is judged afresh.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE ledger_account ADD COLUMN shard smallint NOT NULL DEFAULT 0;
    ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_shard_check CHECK (shard >= 0 AND (shard = 0 OR allow_negative));
    DROP INDEX ledger_account_identity;
    CREATE UNIQUE INDEX ledger_account_identity
      ON ledger_account (kind, coalesce(member_id, 0), coalesce(vendor_id, ''), currency, shard);
  `.execute(db);
  await sql`DROP FUNCTION ledger_apply_transfer(text, text, text, text, bigint, jsonb, text, bigint, text, text, bigint, text, timestamptz);`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION ledger_apply_transfer(
      p_key text, p_hash text, p_kind text, p_currency text, p_amount bigint, p_reference jsonb,
      p_from_kind text, p_from_member bigint, p_from_vendor text,
      p_to_kind text, p_to_member bigint, p_to_vendor text,
      OUT o_status text, OUT o_transfer_id bigint, OUT o_from_balance bigint, OUT o_to_balance bigint,
      p_created_at timestamptz DEFAULT NULL,
      OUT o_created_at timestamptz,
      p_from_shard smallint DEFAULT 0, p_to_shard smallint DEFAULT 0)
    LANGUAGE plpgsql AS $$
    DECLARE
      v_from bigint;
      v_to bigint;
      v_from_allow boolean;
      v_from_balance bigint;
      v_first record;
      r record;
    BEGIN
      FOR r IN
        SELECT a.id, a.balance, a.allow_negative,
               (a.kind = p_from_kind AND coalesce(a.member_id, 0) = coalesce(p_from_member, 0)
                 AND coalesce(a.vendor_id, '') = coalesce(p_from_vendor, '') AND a.shard = p_from_shard) AS is_from
          FROM ledger_account a
         WHERE a.currency = p_currency
           AND ((a.kind = p_from_kind AND coalesce(a.member_id, 0) = coalesce(p_from_member, 0)
                  AND coalesce(a.vendor_id, '') = coalesce(p_from_vendor, '') AND a.shard = p_from_shard)
             OR (a.kind = p_to_kind AND coalesce(a.member_id, 0) = coalesce(p_to_member, 0)
                  AND coalesce(a.vendor_id, '') = coalesce(p_to_vendor, '') AND a.shard = p_to_shard))
         ORDER BY a.id
           FOR NO KEY UPDATE
      LOOP
        IF r.is_from THEN
          v_from := r.id; v_from_allow := r.allow_negative; v_from_balance := r.balance;
        ELSE
          v_to := r.id;
        END IF;
      END LOOP;
      IF v_from IS NULL OR v_to IS NULL THEN
        o_status := 'MISSING_ACCOUNT';
        RETURN;
      END IF;

      IF NOT v_from_allow AND v_from_balance < p_amount
         AND NOT EXISTS (SELECT 1 FROM ledger_transfer WHERE idempotency_key = p_key) THEN
        o_status := 'INSUFFICIENT_FUNDS';
        o_from_balance := v_from_balance;
        RETURN;
      END IF;

      INSERT INTO ledger_transfer (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
                                   currency, reference, created_at)
      VALUES (p_key, p_hash, p_kind, v_from, v_to, p_amount, p_currency, p_reference, coalesce(p_created_at, now()))
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, created_at INTO o_transfer_id, o_created_at;

      IF o_transfer_id IS NULL THEN
        SELECT t.id, t.request_hash, t.from_account_id, t.to_account_id, t.created_at
          INTO v_first FROM ledger_transfer t WHERE t.idempotency_key = p_key;
        IF v_first.request_hash <> p_hash THEN
          o_status := 'CONFLICT';
          RETURN;
        END IF;
        o_status := 'REPLAY';
        o_transfer_id := v_first.id;
        o_created_at := v_first.created_at;
        SELECT balance INTO o_from_balance FROM ledger_account WHERE id = v_first.from_account_id;
        SELECT balance INTO o_to_balance FROM ledger_account WHERE id = v_first.to_account_id;
        RETURN;
      END IF;

      -- Both rows are already locked, so the order of the two updates cannot deadlock.
      UPDATE ledger_account SET balance = balance - p_amount WHERE id = v_from RETURNING balance INTO o_from_balance;
      UPDATE ledger_account SET balance = balance + p_amount WHERE id = v_to RETURNING balance INTO o_to_balance;
      o_status := 'OK';
    END $$;

    CREATE FUNCTION seamless_money_call(
      p_vendor text, p_tx text, p_action text, p_hash text, p_member bigint, p_round text,
      p_amount bigint, p_currency text, p_needs_standing_bet boolean, p_player_pays boolean,
      p_wallet_kind text, p_shard smallint, p_ledger_key text, p_ledger_hash text, p_reference jsonb,
      p_answer jsonb, p_created_at timestamptz,
      OUT o_status text, OUT o_balance bigint, OUT o_transfer_id bigint,
      OUT o_taken_action text, OUT o_taken_hash text, OUT o_taken_response text)
    LANGUAGE plpgsql AS $$
    DECLARE
      t record;
    BEGIN
      INSERT INTO seamless_transaction (vendor_id, transaction_id, action, request_hash, member_id, round_id, amount, currency)
      VALUES (p_vendor, p_tx, p_action, p_hash, p_member, p_round, p_amount, p_currency)
      ON CONFLICT (vendor_id, transaction_id) DO NOTHING;
      IF NOT FOUND THEN
        SELECT s.action, s.request_hash, s.response::text INTO o_taken_action, o_taken_hash, o_taken_response
          FROM seamless_transaction s WHERE s.vendor_id = p_vendor AND s.transaction_id = p_tx;
        o_status := 'TAKEN';
        RETURN;
      END IF;

      IF p_needs_standing_bet THEN
        -- The round's bets, locked so that a win and a rollback of the same bet take turns.
        PERFORM 1 FROM seamless_transaction b
          WHERE b.vendor_id = p_vendor AND b.member_id = p_member AND b.round_id = p_round AND b.action = 'BET'
          ORDER BY b.transaction_id FOR UPDATE;
        IF NOT EXISTS (
          SELECT 1 FROM seamless_transaction b
           WHERE b.vendor_id = p_vendor AND b.member_id = p_member AND b.round_id = p_round AND b.action = 'BET'
             AND NOT EXISTS (SELECT 1 FROM seamless_transaction r
                              WHERE r.vendor_id = p_vendor AND r.action = 'ROLLBACK'
                                AND r.reference_id = b.transaction_id AND r.response ->> 'status' = 'OK')) THEN
          DELETE FROM seamless_transaction WHERE vendor_id = p_vendor AND transaction_id = p_tx;
          o_status := 'TRANSACTION_NOT_FOUND';
          RETURN;
        END IF;
      END IF;

      IF p_player_pays THEN
        SELECT * INTO t FROM ledger_apply_transfer(p_ledger_key, p_ledger_hash, p_action, p_currency, p_amount,
          p_reference, p_wallet_kind, p_member, NULL, 'VENDOR_CLEARING', NULL, p_vendor, p_created_at,
          0::smallint, p_shard);
        o_balance := t.o_from_balance;
      ELSE
        SELECT * INTO t FROM ledger_apply_transfer(p_ledger_key, p_ledger_hash, p_action, p_currency, p_amount,
          p_reference, 'VENDOR_CLEARING', NULL, p_vendor, p_wallet_kind, p_member, NULL, p_created_at,
          p_shard, 0::smallint);
        o_balance := t.o_to_balance;
      END IF;
      IF t.o_status <> 'OK' THEN
        DELETE FROM seamless_transaction WHERE vendor_id = p_vendor AND transaction_id = p_tx;
        o_status := t.o_status;
        RETURN;
      END IF;

      o_transfer_id := t.o_transfer_id;
      UPDATE seamless_transaction
         SET response = p_answer || jsonb_build_object('balance', o_balance::text,
                                                       'operator_transaction_id', o_transfer_id::text)
       WHERE vendor_id = p_vendor AND transaction_id = p_tx;
      o_status := 'OK';
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION seamless_money_call(text, text, text, text, bigint, text, bigint, text, boolean, boolean, text,
      smallint, text, text, jsonb, jsonb, timestamptz);
    DROP FUNCTION ledger_apply_transfer(text, text, text, text, bigint, jsonb, text, bigint, text, text, bigint, text,
      timestamptz, smallint, smallint);
  `.execute(db);
  // A database whose accounts have shards other than 0 cannot go down: the old identity index refuses them.
  await sql`
    DROP INDEX ledger_account_identity;
    CREATE UNIQUE INDEX ledger_account_identity
      ON ledger_account (kind, coalesce(member_id, 0), coalesce(vendor_id, ''), currency);
    ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_shard_check;
    ALTER TABLE ledger_account DROP COLUMN shard;
  `.execute(db);
  // 0047's up drops the 0015 signature first; recreate that one so its drop finds it.
  await sql`
    CREATE FUNCTION ledger_apply_transfer(
      p_key text, p_hash text, p_kind text, p_currency text, p_amount bigint, p_reference jsonb,
      p_from_kind text, p_from_member bigint, p_from_vendor text,
      p_to_kind text, p_to_member bigint, p_to_vendor text,
      OUT o_status text, OUT o_transfer_id bigint, OUT o_from_balance bigint, OUT o_to_balance bigint,
      OUT o_created_at timestamptz)
    LANGUAGE sql AS $$ SELECT NULL::text, NULL::bigint, NULL::bigint, NULL::bigint, NULL::timestamptz $$;
  `.execute(db);
  await ledgerRecordedAtUp(db);
}
