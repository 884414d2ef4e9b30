import { SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { type Kysely, sql } from 'kysely';

/**
 * The back office's dashboard by vendor and game category (issue 14, decision 047).
 *
 * `member_game_day_flow` is `member_day_flow` (migration 0051) split by the vendor and game type
 * that the seamless wallet writes into each BET, WIN and ROLLBACK transfer's reference. It is kept
 * per member, like 0051, so the upsert touches only rows of the member whose wallet row the transfer
 * already locks: no site-wide row that every bet would have to wait for. The dashboard sums it per
 * day, vendor or category at read time; `ledger:verify` recomputes it from the ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tz = sql.lit(SITE_TIME_ZONE);
  await sql`
    CREATE TABLE member_game_day_flow (
      member_id bigint NOT NULL REFERENCES member (id),
      day date NOT NULL,
      currency text NOT NULL,
      vendor_id text NOT NULL,
      game_type text NOT NULL,
      kind text NOT NULL,
      amount_in bigint NOT NULL DEFAULT 0,
      count_in integer NOT NULL DEFAULT 0,
      amount_out bigint NOT NULL DEFAULT 0,
      count_out integer NOT NULL DEFAULT 0,
      PRIMARY KEY (member_id, day, currency, vendor_id, game_type, kind)
    );
    CREATE INDEX member_game_day_flow_day ON member_game_day_flow (day);

    CREATE FUNCTION member_game_day_flow_record() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_day date := (NEW.created_at AT TIME ZONE ${tz})::date;
      v_vendor text := NEW.reference ->> 'vendorId';
      v_type text := coalesce(NEW.reference ->> 'gameType', '');
      v_from bigint;
      v_to bigint;
    BEGIN
      SELECT member_id INTO v_from FROM ledger_account WHERE id = NEW.from_account_id;
      SELECT member_id INTO v_to FROM ledger_account WHERE id = NEW.to_account_id;
      IF v_from IS NOT NULL THEN
        INSERT INTO member_game_day_flow AS f (member_id, day, currency, vendor_id, game_type, kind, amount_out, count_out)
        VALUES (v_from, v_day, NEW.currency, v_vendor, v_type, NEW.kind, NEW.amount, 1)
        ON CONFLICT (member_id, day, currency, vendor_id, game_type, kind)
        DO UPDATE SET amount_out = f.amount_out + NEW.amount, count_out = f.count_out + 1;
      END IF;
      IF v_to IS NOT NULL THEN
        INSERT INTO member_game_day_flow AS f (member_id, day, currency, vendor_id, game_type, kind, amount_in, count_in)
        VALUES (v_to, v_day, NEW.currency, v_vendor, v_type, NEW.kind, NEW.amount, 1)
        ON CONFLICT (member_id, day, currency, vendor_id, game_type, kind)
        DO UPDATE SET amount_in = f.amount_in + NEW.amount, count_in = f.count_in + 1;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER ledger_transfer_game_day_flow AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind IN ('BET', 'WIN', 'ROLLBACK') AND NEW.reference ? 'vendorId')
      EXECUTE FUNCTION member_game_day_flow_record();

    -- What the ledger holds already.
    INSERT INTO member_game_day_flow
      (member_id, day, currency, vendor_id, game_type, kind, amount_in, count_in, amount_out, count_out)
    SELECT member_id, day, currency, vendor_id, game_type, kind, sum(a_in), sum(c_in), sum(a_out), sum(c_out)
    FROM (
      SELECT a.member_id, (t.created_at AT TIME ZONE ${tz})::date AS day, t.currency,
             t.reference ->> 'vendorId' AS vendor_id, coalesce(t.reference ->> 'gameType', '') AS game_type, t.kind,
             0 AS a_in, 0 AS c_in, t.amount AS a_out, 1 AS c_out
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.from_account_id
       WHERE a.member_id IS NOT NULL AND t.kind IN ('BET', 'WIN', 'ROLLBACK') AND t.reference ? 'vendorId'
      UNION ALL
      SELECT a.member_id, (t.created_at AT TIME ZONE ${tz})::date, t.currency, t.reference ->> 'vendorId',
             coalesce(t.reference ->> 'gameType', ''), t.kind, t.amount, 1, 0, 0
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
       WHERE a.member_id IS NOT NULL AND t.kind IN ('BET', 'WIN', 'ROLLBACK') AND t.reference ? 'vendorId'
    ) x
    GROUP BY member_id, day, currency, vendor_id, game_type, kind;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER ledger_transfer_game_day_flow ON ledger_transfer;
    DROP FUNCTION member_game_day_flow_record();
    DROP TABLE member_game_day_flow;
  `.execute(db);
}
