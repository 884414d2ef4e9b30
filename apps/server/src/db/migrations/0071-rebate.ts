import { type Kysely, sql } from 'kysely';

/**
 * Rebate on valid bets, a rate per game category (issue 17, decision 071).
 *
 * - `rebate_rate`: the operator's rate per game category, in hundredths of a percent (80 = 0.80 %).
 * - `member_rebate`: per member, currency and category, the valid bet since the member's last claim
 *   and the rebate accrued on it in 1/10 000 of a minor unit (stake × rate, exact: no rounding per
 *   bet). A trigger on `ledger_transfer` keeps it in the bet's own transaction, like the wagering of
 *   decision 070: a BET from the member's main wallet adds, a ROLLBACK takes off (at the rate of the
 *   moment, floored at zero).
 * - `rebate_claim`: one row per claim, unique per member and request id; the claim's transfer is
 *   keyed `rebate:<id>`, so a claim pays once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rebate_rate (
      game_type text PRIMARY KEY CHECK (game_type ~ '^[A-Z_]{2,20}$'),
      rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 1000),
      updated_by bigint,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE member_rebate (
      member_id bigint NOT NULL REFERENCES member (id),
      currency text NOT NULL,
      game_type text NOT NULL,
      valid_bet bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0),
      -- Rebate accrued since the last claim, in 1/10 000 of a minor unit.
      accrued bigint NOT NULL DEFAULT 0 CHECK (accrued >= 0),
      PRIMARY KEY (member_id, currency, game_type)
    );

    CREATE TABLE rebate_claim (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      currency text NOT NULL,
      request_id text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      -- [{ gameType, validBet, amount }] of what this claim paid.
      lines jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX rebate_claim_member ON rebate_claim (member_id, id);

    CREATE FUNCTION member_rebate_accrue() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_member bigint;
      v_type text := NEW.reference ->> 'gameType';
      v_rate integer;
    BEGIN
      IF v_type IS NULL OR v_type = '' THEN
        RETURN NULL;
      END IF;
      IF NEW.kind = 'BET' THEN
        SELECT member_id INTO v_member FROM ledger_account WHERE id = NEW.from_account_id AND kind = 'MEMBER_MAIN';
      ELSE
        SELECT member_id INTO v_member FROM ledger_account WHERE id = NEW.to_account_id AND kind = 'MEMBER_MAIN';
      END IF;
      IF v_member IS NULL THEN
        RETURN NULL;
      END IF;
      v_rate := coalesce((SELECT rate_bp FROM rebate_rate WHERE game_type = v_type), 0);
      IF NEW.kind = 'BET' THEN
        INSERT INTO member_rebate AS r (member_id, currency, game_type, valid_bet, accrued)
        VALUES (v_member, NEW.currency, v_type, NEW.amount, NEW.amount * v_rate)
        ON CONFLICT (member_id, currency, game_type)
        DO UPDATE SET valid_bet = r.valid_bet + NEW.amount, accrued = r.accrued + NEW.amount * v_rate;
      ELSE
        UPDATE member_rebate r
           SET valid_bet = greatest(0, r.valid_bet - NEW.amount),
               accrued = greatest(0, r.accrued - NEW.amount * v_rate)
         WHERE r.member_id = v_member AND r.currency = NEW.currency AND r.game_type = v_type;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER ledger_transfer_rebate AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind IN ('BET', 'ROLLBACK'))
      EXECUTE FUNCTION member_rebate_accrue();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER ledger_transfer_rebate ON ledger_transfer;
    DROP FUNCTION member_rebate_accrue();
    DROP TABLE rebate_claim, member_rebate, rebate_rate;
  `.execute(db);
}
