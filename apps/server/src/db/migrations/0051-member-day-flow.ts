import { SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { type Kysely, sql } from 'kysely';

/**
 * Per-member, per-day aggregates of the ledger for the agent reports (issue 15, decision 051).
 *
 * `member_day_flow` holds, for every member, site-time-zone day, currency and transfer kind, the
 * money that left the member's accounts (`amount_out`, `count_out`) and the money that reached them
 * (`amount_in`, `count_in`). A trigger on `ledger_transfer` adds each transfer in the same
 * transaction that makes it, so the figures are never behind the ledger and never counted twice
 * (the ledger's rows are immutable and each is inserted once). Reports read deposits as DEPOSIT in,
 * bets as BET out, payouts as WIN in and so on; `ledger:verify` recomputes the whole table from the
 * ledger and compares.
 *
 * `member_first_deposit` keeps each member's first deposit (day and amount) for "first depositors".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tz = sql.lit(SITE_TIME_ZONE);
  await sql`
    CREATE TABLE member_day_flow (
      member_id bigint NOT NULL REFERENCES member (id),
      day date NOT NULL,
      currency text NOT NULL,
      kind text NOT NULL,
      amount_in bigint NOT NULL DEFAULT 0,
      count_in integer NOT NULL DEFAULT 0,
      amount_out bigint NOT NULL DEFAULT 0,
      count_out integer NOT NULL DEFAULT 0,
      PRIMARY KEY (member_id, day, currency, kind)
    );
    CREATE INDEX member_day_flow_day ON member_day_flow (day, kind);

    CREATE TABLE member_first_deposit (
      member_id bigint PRIMARY KEY REFERENCES member (id),
      day date NOT NULL,
      amount bigint NOT NULL,
      transfer_id bigint NOT NULL REFERENCES ledger_transfer (id)
    );
    CREATE INDEX member_first_deposit_day ON member_first_deposit (day);

    CREATE FUNCTION member_day_flow_record() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_day date := (NEW.created_at AT TIME ZONE ${tz})::date;
      v_from bigint;
      v_to bigint;
    BEGIN
      SELECT member_id INTO v_from FROM ledger_account WHERE id = NEW.from_account_id;
      SELECT member_id INTO v_to FROM ledger_account WHERE id = NEW.to_account_id;
      IF v_from IS NOT NULL THEN
        INSERT INTO member_day_flow AS f (member_id, day, currency, kind, amount_out, count_out)
        VALUES (v_from, v_day, NEW.currency, NEW.kind, NEW.amount, 1)
        ON CONFLICT (member_id, day, currency, kind)
        DO UPDATE SET amount_out = f.amount_out + NEW.amount, count_out = f.count_out + 1;
      END IF;
      IF v_to IS NOT NULL THEN
        INSERT INTO member_day_flow AS f (member_id, day, currency, kind, amount_in, count_in)
        VALUES (v_to, v_day, NEW.currency, NEW.kind, NEW.amount, 1)
        ON CONFLICT (member_id, day, currency, kind)
        DO UPDATE SET amount_in = f.amount_in + NEW.amount, count_in = f.count_in + 1;
        IF NEW.kind = 'DEPOSIT' THEN
          INSERT INTO member_first_deposit (member_id, day, amount, transfer_id)
          VALUES (v_to, v_day, NEW.amount, NEW.id)
          ON CONFLICT (member_id) DO NOTHING;
        END IF;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER ledger_transfer_day_flow AFTER INSERT ON ledger_transfer
      FOR EACH ROW EXECUTE FUNCTION member_day_flow_record();

    -- What the ledger holds already.
    INSERT INTO member_day_flow (member_id, day, currency, kind, amount_in, count_in, amount_out, count_out)
    SELECT member_id, day, currency, kind, sum(a_in), sum(c_in), sum(a_out), sum(c_out)
    FROM (
      SELECT a.member_id, (t.created_at AT TIME ZONE ${tz})::date AS day, t.currency, t.kind,
             0 AS a_in, 0 AS c_in, t.amount AS a_out, 1 AS c_out
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.from_account_id WHERE a.member_id IS NOT NULL
      UNION ALL
      SELECT a.member_id, (t.created_at AT TIME ZONE ${tz})::date, t.currency, t.kind, t.amount, 1, 0, 0
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id WHERE a.member_id IS NOT NULL
    ) x
    GROUP BY member_id, day, currency, kind;
    INSERT INTO member_first_deposit (member_id, day, amount, transfer_id)
    SELECT DISTINCT ON (a.member_id) a.member_id, (t.created_at AT TIME ZONE ${tz})::date, t.amount, t.id
      FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
     WHERE t.kind = 'DEPOSIT' AND a.member_id IS NOT NULL
     ORDER BY a.member_id, t.id;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER ledger_transfer_day_flow ON ledger_transfer;
    DROP FUNCTION member_day_flow_record();
    DROP TABLE member_first_deposit, member_day_flow;
  `.execute(db);
}
