import { type Kysely, sql } from 'kysely';

/**
 * Promotions you can claim and bonuses with wagering (issue 17, decision 070).
 *
 * - `MEMBER_BONUS`: a member's bonus balance in the ledger. A bonus is issued BONUS → MEMBER_BONUS,
 *   released MEMBER_BONUS → MEMBER_MAIN when its turnover is met, forfeited MEMBER_BONUS → BONUS.
 * - `promotion`: what the operator runs (kind, claim mode, period, eligibility, reward and wagering
 *   rules, texts per language).
 * - `promotion_claim`: one row per member, promotion and occurrence (`ONCE`, a deposit, a day): the
 *   unique key is what makes a claim happen once, whatever races. Applications wait here for staff.
 * - `member_bonus`: a bonus with its wagering requirement, the turnover counted so far and, for a
 *   match on bonus plus deposit, the part of the main wallet it locks against withdrawal.
 * - A trigger on `ledger_transfer` adds each BET (and takes off each ROLLBACK) of a member's main
 *   wallet, weighted by its game type, to the member's active bonuses in the same transaction as the
 *   bet: the progress is never behind the ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check;
    ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
      'MEMBER_MAIN', 'MEMBER_VENDOR', 'MEMBER_POINTS', 'MEMBER_TRIAL', 'MEMBER_HOLD', 'MEMBER_BONUS',
      'HOUSE', 'VENDOR_CLEARING', 'PAYMENT_CLEARING', 'BONUS', 'TRIAL_ISSUER', 'HOUSE_ADJUSTMENT'
    ));

    CREATE TABLE promotion (
      id bigserial PRIMARY KEY,
      code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_-]{2,40}$'),
      kind text NOT NULL CHECK (kind IN ('NEW_MEMBER', 'DEPOSIT_MATCH', 'RELOAD', 'CASHBACK', 'RAFFLE', 'APPLY')),
      claim_mode text NOT NULL CHECK (claim_mode IN ('AUTO', 'CLAIM', 'APPLY')),
      -- { "<language>": { "title": …, "summary": …, "content": <sanitized html> } }
      texts jsonb NOT NULL,
      starts_at timestamptz,
      ends_at timestamptz,
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      -- Reward and wagering rules (validated by the contract's schema; see PromotionRules).
      rules jsonb NOT NULL,
      -- Eligibility: registered within N days of claiming, these member types, below this agent.
      new_member_days integer CHECK (new_member_days > 0),
      member_types integer[],
      agent_id bigint REFERENCES member (id),
      currency text NOT NULL DEFAULT 'KRW',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at),
      CHECK ((kind = 'APPLY') = (claim_mode = 'APPLY'))
    );

    CREATE TABLE promotion_claim (
      id bigserial PRIMARY KEY,
      promotion_id bigint NOT NULL REFERENCES promotion (id),
      member_id bigint NOT NULL REFERENCES member (id),
      -- ONCE, DEPOSIT:<ledger transfer id>, DAY:<yyyy-mm-dd>: one claim per member and occurrence.
      occurrence text NOT NULL,
      request_id text NOT NULL,
      status text NOT NULL CHECK (status IN ('APPLYING', 'REJECTED', 'ISSUED')),
      -- What the claim was measured on (a deposit, a day's net loss) and, for a raffle, the draw.
      basis jsonb NOT NULL DEFAULT '{}'::jsonb,
      comment text CHECK (length(comment) <= 140),
      -- Upload ids (purpose ACTIVITY) of an application, in order.
      image_ids bigint[] NOT NULL DEFAULT '{}' CHECK (cardinality(image_ids) <= 3),
      reject_reason text,
      reviewed_by bigint,
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (promotion_id, member_id, occurrence),
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX promotion_claim_review ON promotion_claim (status, id) WHERE status = 'APPLYING';

    CREATE TABLE member_bonus (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      promotion_id bigint REFERENCES promotion (id),
      claim_id bigint UNIQUE REFERENCES promotion_claim (id),
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      -- Part of the main wallet that may not be withdrawn while the bonus is active (a matched deposit).
      locked_amount bigint NOT NULL DEFAULT 0 CHECK (locked_amount >= 0),
      wagering_required bigint NOT NULL CHECK (wagering_required >= 0),
      wagered bigint NOT NULL DEFAULT 0 CHECK (wagered >= 0),
      -- Percent of a bet that counts, per game type; "*" for the rest (100 when missing).
      game_weights jsonb NOT NULL DEFAULT '{}'::jsonb,
      status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'RELEASED', 'FORFEITED', 'EXPIRED')),
      issued_at timestamptz NOT NULL,
      expires_at timestamptz,
      ended_at timestamptz,
      end_reason text,
      CHECK ((status = 'ACTIVE') = (ended_at IS NULL))
    );
    CREATE INDEX member_bonus_member ON member_bonus (member_id, id);
    CREATE INDEX member_bonus_active ON member_bonus (member_id) WHERE status = 'ACTIVE';
    CREATE INDEX member_bonus_due ON member_bonus (expires_at) WHERE status = 'ACTIVE';

    CREATE FUNCTION member_bonus_wager() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_member bigint;
      v_sign integer;
      v_type text := coalesce(NEW.reference ->> 'gameType', '');
    BEGIN
      IF NEW.kind = 'BET' THEN
        SELECT member_id INTO v_member FROM ledger_account WHERE id = NEW.from_account_id AND kind = 'MEMBER_MAIN';
        v_sign := 1;
      ELSE
        SELECT member_id INTO v_member FROM ledger_account WHERE id = NEW.to_account_id AND kind = 'MEMBER_MAIN';
        v_sign := -1;
      END IF;
      IF v_member IS NULL THEN
        RETURN NULL;
      END IF;
      UPDATE member_bonus b
         SET wagered = greatest(0, b.wagered + v_sign * (NEW.amount *
               coalesce((b.game_weights ->> v_type)::int, (b.game_weights ->> '*')::int, 100) / 100))
       WHERE b.member_id = v_member AND b.status = 'ACTIVE' AND b.currency = NEW.currency;
      RETURN NULL;
    END $$;
    CREATE TRIGGER ledger_transfer_bonus_wager AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind IN ('BET', 'ROLLBACK'))
      EXECUTE FUNCTION member_bonus_wager();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER ledger_transfer_bonus_wager ON ledger_transfer;
    DROP FUNCTION member_bonus_wager();
    DROP TABLE member_bonus, promotion_claim, promotion;
    ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check;
    ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
      'MEMBER_MAIN', 'MEMBER_VENDOR', 'MEMBER_POINTS', 'MEMBER_TRIAL', 'MEMBER_HOLD',
      'HOUSE', 'VENDOR_CLEARING', 'PAYMENT_CLEARING', 'BONUS', 'TRIAL_ISSUER', 'HOUSE_ADJUSTMENT'
    ));
  `.execute(db);
}
