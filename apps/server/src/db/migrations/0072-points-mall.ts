import { type Kysely, sql } from 'kysely';

/**
 * The points mall (issue 17, spec §1–§4, §7, §9; decision 072).
 *
 * - Points are their own currency `PTS` in the ledger: a member's MEMBER_POINTS account, issued from
 *   and spent to the house's BONUS account in PTS. One ledger unit is one point. Points never expire.
 * - `points_config` (one row): points earned per 1 000 000 minor units of valid bet, and what one
 *   point is worth in cash (minor units) when converted.
 * - `member_points`: per member, the points accrued on valid bets and not yet credited, in millionths
 *   of a point (exact), kept by a trigger on `ledger_transfer` in the bet's own transaction; the
 *   service credits the whole points to the ledger (`points-earn:<member>:<total>`).
 * - `mall_item`: a reward for points — cash, a bonus (with wagering) or goods — with its stock (null:
 *   unlimited) and a per-member limit (null: none).
 * - `points_redemption`: one row per redemption, unique per member and request id; cash and bonus are
 *   APPROVED at once, goods wait in PROCESS for staff (APPROVED or REJECTED; a rejection refunds).
 *   A conversion of points to cash is a redemption without item.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE points_config (
      id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      earn_per_million integer NOT NULL DEFAULT 0 CHECK (earn_per_million BETWEEN 0 AND 1000000),
      convert_rate integer NOT NULL DEFAULT 0 CHECK (convert_rate BETWEEN 0 AND 100000000),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO points_config (id) VALUES (1);

    CREATE TABLE member_points (
      member_id bigint PRIMARY KEY REFERENCES member (id),
      -- Millionths of a point earned and not yet credited to the ledger.
      accrued bigint NOT NULL DEFAULT 0 CHECK (accrued >= 0),
      -- Whole points credited to the ledger so far (the key of the next credit).
      credited bigint NOT NULL DEFAULT 0 CHECK (credited >= 0)
    );

    CREATE TABLE mall_item (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('CASH', 'BONUS', 'GOODS')),
      -- { "<language>": { "name": …, "description": … } }
      texts jsonb NOT NULL,
      points integer NOT NULL CHECK (points > 0),
      -- CASH, BONUS: minor units credited per unit redeemed.
      amount bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      wagering_multiple integer NOT NULL DEFAULT 0 CHECK (wagering_multiple BETWEEN 0 AND 100),
      stock integer CHECK (stock >= 0),
      member_limit integer CHECK (member_limit > 0),
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      currency text NOT NULL DEFAULT 'KRW',
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (kind = 'GOODS' OR amount > 0)
    );

    CREATE TABLE points_redemption (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      item_id bigint REFERENCES mall_item (id),
      request_id text NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      points bigint NOT NULL CHECK (points > 0),
      -- Cash credited (CASH item, a conversion) or bonus issued (BONUS item), minor units.
      amount bigint NOT NULL DEFAULT 0,
      status text NOT NULL CHECK (status IN ('PROCESS', 'REJECTED', 'APPROVED')),
      reject_reason text,
      reviewed_by bigint,
      reviewed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX points_redemption_member ON points_redemption (member_id, id);
    CREATE INDEX points_redemption_item ON points_redemption (item_id, member_id);
    CREATE INDEX points_redemption_review ON points_redemption (status, id) WHERE status = 'PROCESS';

    CREATE FUNCTION member_points_accrue() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_member bigint;
      v_rate integer;
    BEGIN
      v_rate := coalesce((SELECT earn_per_million FROM points_config WHERE id = 1), 0);
      IF v_rate = 0 THEN
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
      IF NEW.kind = 'BET' THEN
        INSERT INTO member_points AS p (member_id, accrued) VALUES (v_member, NEW.amount * v_rate)
        ON CONFLICT (member_id) DO UPDATE SET accrued = p.accrued + NEW.amount * v_rate;
      ELSE
        UPDATE member_points SET accrued = greatest(0, accrued - NEW.amount * v_rate) WHERE member_id = v_member;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER ledger_transfer_points AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind IN ('BET', 'ROLLBACK'))
      EXECUTE FUNCTION member_points_accrue();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER ledger_transfer_points ON ledger_transfer;
    DROP FUNCTION member_points_accrue();
    DROP TABLE points_redemption, mall_item, member_points, points_config;
  `.execute(db);
}
