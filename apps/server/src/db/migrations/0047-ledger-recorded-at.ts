import { type Kysely, sql } from 'kysely';

/**
 * The ledger records a transfer at a time the caller gives (decision 032): `p_created_at`, null for
 * the database's time. Production always passes null; outside production a moved test clock passes
 * its time, so bets, the day aggregates (decision 051) and settlements all see the same clock.
 * Otherwise ledger_apply_transfer is unchanged (migration 0015, decision 014).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ledger_apply_transfer(text, text, text, text, bigint, jsonb, text, bigint, text, text, bigint, text);`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION ledger_apply_transfer(
      p_key text, p_hash text, p_kind text, p_currency text, p_amount bigint, p_reference jsonb,
      p_from_kind text, p_from_member bigint, p_from_vendor text,
      p_to_kind text, p_to_member bigint, p_to_vendor text,
      OUT o_status text, OUT o_transfer_id bigint, OUT o_from_balance bigint, OUT o_to_balance bigint,
      p_created_at timestamptz DEFAULT NULL,
      OUT o_created_at timestamptz)
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
                 AND coalesce(a.vendor_id, '') = coalesce(p_from_vendor, '')) AS is_from
          FROM ledger_account a
         WHERE a.currency = p_currency
           AND ((a.kind = p_from_kind AND coalesce(a.member_id, 0) = coalesce(p_from_member, 0)
                  AND coalesce(a.vendor_id, '') = coalesce(p_from_vendor, ''))
             OR (a.kind = p_to_kind AND coalesce(a.member_id, 0) = coalesce(p_to_member, 0)
                  AND coalesce(a.vendor_id, '') = coalesce(p_to_vendor, '')))
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
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION ledger_apply_transfer(text, text, text, text, bigint, jsonb, text, bigint, text, text, bigint, text, timestamptz);`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION ledger_apply_transfer(
      p_key text, p_hash text, p_kind text, p_currency text, p_amount bigint, p_reference jsonb,
      p_from_kind text, p_from_member bigint, p_from_vendor text,
      p_to_kind text, p_to_member bigint, p_to_vendor text,
      OUT o_status text, OUT o_transfer_id bigint, OUT o_from_balance bigint, OUT o_to_balance bigint,
      OUT o_created_at timestamptz)
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
                 AND coalesce(a.vendor_id, '') = coalesce(p_from_vendor, '')) AS is_from
          FROM ledger_account a
         WHERE a.currency = p_currency
           AND ((a.kind = p_from_kind AND coalesce(a.member_id, 0) = coalesce(p_from_member, 0)
                  AND coalesce(a.vendor_id, '') = coalesce(p_from_vendor, ''))
             OR (a.kind = p_to_kind AND coalesce(a.member_id, 0) = coalesce(p_to_member, 0)
                  AND coalesce(a.vendor_id, '') = coalesce(p_to_vendor, '')))
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
                                   currency, reference)
      VALUES (p_key, p_hash, p_kind, v_from, v_to, p_amount, p_currency, p_reference)
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
  `.execute(db);
}
