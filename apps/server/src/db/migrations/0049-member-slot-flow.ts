import { type Kysely, sql } from 'kysely';

/**
 * Five-minute aggregates of the ledger for hourly and real-time salary (issue 16, decision 033).
 *
 * `member_slot_flow` holds, per member, five-minute slot (aligned to the epoch, so to every zone's
 * quarter hours) and currency, what settlement reads: bets out, rollbacks in, wins in and vendor play
 * in and out. A trigger on `ledger_transfer` adds each transfer of those kinds in the same
 * transaction that makes it, exactly like the day aggregates (decision 051), so settling an hour or
 * five minutes reads a few rows per active member instead of the team's ledger rows; `ledger:verify`
 * recomputes the table from the ledger and compares.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_slot_flow (
      member_id bigint NOT NULL REFERENCES member (id),
      slot timestamptz NOT NULL,
      currency text NOT NULL,
      bets bigint NOT NULL DEFAULT 0,
      rollbacks bigint NOT NULL DEFAULT 0,
      wins bigint NOT NULL DEFAULT 0,
      vendor_in bigint NOT NULL DEFAULT 0,
      vendor_out bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (member_id, slot, currency)
    );
    CREATE INDEX member_slot_flow_slot ON member_slot_flow (slot);

    CREATE FUNCTION member_slot_of(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
      SELECT to_timestamp(floor(extract(epoch FROM at) / 300) * 300)
    $$;

    CREATE FUNCTION member_slot_flow_record() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_slot timestamptz;
      v_member bigint;
    BEGIN
      IF NEW.kind NOT IN ('BET', 'ROLLBACK', 'WIN', 'VENDOR_PLAY') THEN
        RETURN NULL;
      END IF;
      v_slot := member_slot_of(NEW.created_at);
      IF NEW.kind IN ('BET', 'VENDOR_PLAY') THEN
        SELECT member_id INTO v_member FROM ledger_account WHERE id = NEW.from_account_id;
        IF v_member IS NOT NULL THEN
          INSERT INTO member_slot_flow AS f (member_id, slot, currency, bets, vendor_out)
          VALUES (v_member, v_slot, NEW.currency,
                  CASE WHEN NEW.kind = 'BET' THEN NEW.amount ELSE 0 END,
                  CASE WHEN NEW.kind = 'VENDOR_PLAY' THEN NEW.amount ELSE 0 END)
          ON CONFLICT (member_id, slot, currency)
          DO UPDATE SET bets = f.bets + EXCLUDED.bets, vendor_out = f.vendor_out + EXCLUDED.vendor_out;
        END IF;
      END IF;
      IF NEW.kind IN ('ROLLBACK', 'WIN', 'VENDOR_PLAY') THEN
        SELECT member_id INTO v_member FROM ledger_account WHERE id = NEW.to_account_id;
        IF v_member IS NOT NULL THEN
          INSERT INTO member_slot_flow AS f (member_id, slot, currency, rollbacks, wins, vendor_in)
          VALUES (v_member, v_slot, NEW.currency,
                  CASE WHEN NEW.kind = 'ROLLBACK' THEN NEW.amount ELSE 0 END,
                  CASE WHEN NEW.kind = 'WIN' THEN NEW.amount ELSE 0 END,
                  CASE WHEN NEW.kind = 'VENDOR_PLAY' THEN NEW.amount ELSE 0 END)
          ON CONFLICT (member_id, slot, currency)
          DO UPDATE SET rollbacks = f.rollbacks + EXCLUDED.rollbacks, wins = f.wins + EXCLUDED.wins,
                        vendor_in = f.vendor_in + EXCLUDED.vendor_in;
        END IF;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER ledger_transfer_slot_flow AFTER INSERT ON ledger_transfer
      FOR EACH ROW EXECUTE FUNCTION member_slot_flow_record();

    -- What the ledger holds already.
    INSERT INTO member_slot_flow (member_id, slot, currency, bets, rollbacks, wins, vendor_in, vendor_out)
    SELECT member_id, slot, currency, sum(bets), sum(rollbacks), sum(wins), sum(vendor_in), sum(vendor_out)
    FROM (
      SELECT a.member_id, member_slot_of(t.created_at) AS slot, t.currency,
             CASE WHEN t.kind = 'BET' THEN t.amount ELSE 0 END AS bets, 0 AS rollbacks, 0 AS wins, 0 AS vendor_in,
             CASE WHEN t.kind = 'VENDOR_PLAY' THEN t.amount ELSE 0 END AS vendor_out
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.from_account_id
       WHERE a.member_id IS NOT NULL AND t.kind IN ('BET', 'VENDOR_PLAY')
      UNION ALL
      SELECT a.member_id, member_slot_of(t.created_at), t.currency, 0,
             CASE WHEN t.kind = 'ROLLBACK' THEN t.amount ELSE 0 END,
             CASE WHEN t.kind = 'WIN' THEN t.amount ELSE 0 END,
             CASE WHEN t.kind = 'VENDOR_PLAY' THEN t.amount ELSE 0 END, 0
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
       WHERE a.member_id IS NOT NULL AND t.kind IN ('ROLLBACK', 'WIN', 'VENDOR_PLAY')
    ) x
    GROUP BY member_id, slot, currency;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER ledger_transfer_slot_flow ON ledger_transfer;
    DROP FUNCTION member_slot_flow_record();
    DROP FUNCTION member_slot_of(timestamptz);
    DROP TABLE member_slot_flow;
  `.execute(db);
}
