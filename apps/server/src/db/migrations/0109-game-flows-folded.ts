import { SITE_CURRENCY, SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { type Kysely, sql } from 'kysely';

/**
 * Game money is folded into the report aggregates after the bet, not under its wallet lock
 * (issue 13, decision 107).
 *
 * Every BET, WIN and ROLLBACK transfer used to run eight row triggers in the transaction that made
 * it: the member's and every upline's day flows, the game-day and five-minute rows, the active-day
 * chains, and the points, rebate and bonus-wagering accruals, all while the member's wallet row was
 * locked. A busy wallet could take no more bets per second than those statements allowed. Now such
 * a transfer only adds its id to `ledger_transfer_unfolded` (an insert no other bet waits for), and
 * `ledger_flows_fold()` adds a whole batch to the same aggregates with one grouped statement per
 * table. The server folds every quarter second, and every reader of the aggregates folds first, so a
 * report never misses a transfer that committed before it was asked for.
 *
 * What stays in the transfer's own transaction: every other kind (deposits, withdrawals, bonuses,
 * transfers between wallets: rare, and a first deposit starts the referral reward), recorded by the
 * same triggers as before, narrowed to those kinds.
 *
 * Exactness: the sums are order-free, so a batch gives what the rows one at a time gave. The
 * accruals that clamp at zero (points, rebate and wagering taken back by a rollback) are not: for a
 * member whose batch holds a rollback, the fold applies that member's transfers one at a time in id
 * order (the order their wallet lock gave them), as the triggers did. The active-day chain only
 * depends on a member-day's total before and after the batch, so it is set from those two.
 * A move in the tree takes `member_tree`'s lock exclusively; the fold takes it shared, so a batch is
 * added either wholly before or wholly after a move (as a transfer's triggers were).
 */
const GAME_KINDS = sql`('BET', 'WIN', 'ROLLBACK')`;
/** Transfers per call of ledger_flows_fold at most (a bulk load is folded in several calls). */
export const FOLD_BATCH = 50_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  const tz = sql.lit(SITE_TIME_ZONE);
  const krw = sql.lit(SITE_CURRENCY);
  await sql`
    CREATE TABLE ledger_transfer_unfolded (transfer_id bigint NOT NULL);
    -- A queue of a few hundred rows at most, emptied four times a second.
    ALTER TABLE ledger_transfer_unfolded SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 5000);

    CREATE FUNCTION ledger_transfer_unfolded_add() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ledger_transfer_unfolded (transfer_id) VALUES (NEW.id);
      RETURN NULL;
    END $$;

    DROP TRIGGER ledger_transfer_bonus_wager ON ledger_transfer;
    DROP TRIGGER ledger_transfer_points ON ledger_transfer;
    DROP TRIGGER ledger_transfer_rebate ON ledger_transfer;
    DROP TRIGGER ledger_transfer_game_day_flow ON ledger_transfer;
    DROP TRIGGER ledger_transfer_day_flow_agents_active ON ledger_transfer;
    DROP TRIGGER ledger_transfer_day_flow ON ledger_transfer;
    DROP TRIGGER ledger_transfer_day_flow_agents ON ledger_transfer;
    DROP TRIGGER ledger_transfer_slot_flow ON ledger_transfer;
    CREATE TRIGGER ledger_transfer_day_flow AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind NOT IN ${GAME_KINDS}) EXECUTE FUNCTION member_day_flow_record();
    CREATE TRIGGER ledger_transfer_day_flow_agents AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind NOT IN ${GAME_KINDS}) EXECUTE FUNCTION agent_day_flow_record();
    CREATE TRIGGER ledger_transfer_slot_flow AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind = 'VENDOR_PLAY') EXECUTE FUNCTION member_slot_flow_record();
    CREATE TRIGGER ledger_transfer_unfolded AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind IN ${GAME_KINDS}) EXECUTE FUNCTION ledger_transfer_unfolded_add();

    -- A batch's transfers with the members on each side (NULL for a house account).
    CREATE FUNCTION ledger_fold_batch(p_ids bigint[])
      RETURNS TABLE (id bigint, kind text, currency text, amount bigint, created_at timestamptz, day date,
                     vendor_id text, game_type text, from_member bigint, to_member bigint,
                     from_main boolean, to_main boolean)
      LANGUAGE sql STABLE AS $$
      SELECT t.id, t.kind, t.currency, t.amount, t.created_at, (t.created_at AT TIME ZONE ${tz})::date,
             t.reference ->> 'vendorId', coalesce(t.reference ->> 'gameType', ''),
             fa.member_id, ta.member_id, fa.kind = 'MEMBER_MAIN', ta.kind = 'MEMBER_MAIN'
        FROM ledger_transfer t
        JOIN ledger_account fa ON fa.id = t.from_account_id
        JOIN ledger_account ta ON ta.id = t.to_account_id
       WHERE t.id = ANY (p_ids)
    $$;

    -- Each side of a batch's transfers that is a member's: money out of it (a_out) or into it (a_in).
    CREATE FUNCTION ledger_fold_sides(p_ids bigint[])
      RETURNS TABLE (member_id bigint, day date, currency text, kind text, vendor_id text, game_type text,
                     a_in bigint, c_in integer, a_out bigint, c_out integer)
      LANGUAGE sql STABLE AS $$
      SELECT b.from_member, b.day, b.currency, b.kind, b.vendor_id, b.game_type, 0::bigint, 0, b.amount, 1
        FROM ledger_fold_batch(p_ids) b WHERE b.from_member IS NOT NULL
      UNION ALL
      SELECT b.to_member, b.day, b.currency, b.kind, b.vendor_id, b.game_type, b.amount, 1, 0::bigint, 0
        FROM ledger_fold_batch(p_ids) b WHERE b.to_member IS NOT NULL
    $$;

    -- One transfer's points, rebate and wagering, exactly as 0070-0072's triggers applied them.
    CREATE FUNCTION ledger_fold_accruals_one(p_kind text, p_member bigint, p_currency text, p_amount bigint,
                                             p_type text, p_at timestamptz, p_points_rate integer)
      RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      v_rate integer;
      v_sign integer := CASE WHEN p_kind = 'BET' THEN 1 ELSE -1 END;
    BEGIN
      IF p_points_rate <> 0 THEN
        IF p_kind = 'BET' THEN
          INSERT INTO member_points AS p (member_id, accrued) VALUES (p_member, p_amount * p_points_rate)
          ON CONFLICT (member_id) DO UPDATE SET accrued = p.accrued + p_amount * p_points_rate;
        ELSE
          UPDATE member_points SET accrued = greatest(0, accrued - p_amount * p_points_rate) WHERE member_id = p_member;
        END IF;
      END IF;
      IF p_type <> '' THEN
        v_rate := coalesce((SELECT rate_bp FROM rebate_rate WHERE game_type = p_type), 0);
        IF p_kind = 'BET' THEN
          INSERT INTO member_rebate AS r (member_id, currency, game_type, valid_bet, accrued)
          VALUES (p_member, p_currency, p_type, p_amount, p_amount * v_rate)
          ON CONFLICT (member_id, currency, game_type)
          DO UPDATE SET valid_bet = r.valid_bet + p_amount, accrued = r.accrued + p_amount * v_rate;
        ELSE
          UPDATE member_rebate r
             SET valid_bet = greatest(0, r.valid_bet - p_amount), accrued = greatest(0, r.accrued - p_amount * v_rate)
           WHERE r.member_id = p_member AND r.currency = p_currency AND r.game_type = p_type;
        END IF;
      END IF;
      UPDATE member_bonus b
         SET wagered = greatest(0, b.wagered + v_sign * (p_amount *
               coalesce((b.game_weights ->> p_type)::int, (b.game_weights ->> '*')::int, 100) / 100))
       WHERE b.member_id = p_member AND b.status = 'ACTIVE' AND b.currency = p_currency AND b.issued_at <= p_at;
    END $$;

    CREATE FUNCTION ledger_flows_fold(p_limit integer DEFAULT ${sql.lit(FOLD_BATCH)}) RETURNS integer LANGUAGE plpgsql AS $$
    DECLARE
      v_ids bigint[];
      v_points integer;
      r record;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM ledger_transfer_unfolded) THEN
        RETURN 0;
      END IF;
      -- One folder at a time; the ancestors read below are not the ones a move is replacing (0050).
      PERFORM pg_advisory_xact_lock(hashtext('ledger_flows_fold'));
      PERFORM pg_advisory_xact_lock_shared(hashtext('member_tree'));
      -- The oldest first, so that a member's transfers are added in the order they were made.
      WITH d AS (
        DELETE FROM ledger_transfer_unfolded
         WHERE ctid = ANY (ARRAY(SELECT ctid FROM ledger_transfer_unfolded ORDER BY transfer_id LIMIT p_limit))
        RETURNING transfer_id)
      SELECT array_agg(transfer_id) INTO v_ids FROM d;
      IF v_ids IS NULL THEN
        RETURN 0;
      END IF;

      -- Active days (0055), from each member-day's valid bets before and after the batch.
      FOR r IN
        WITH d AS (
          SELECT member_id, day, sum(delta) AS delta FROM (
            SELECT b.from_member AS member_id, b.day, b.amount AS delta FROM ledger_fold_batch(v_ids) b
             WHERE b.kind = 'BET' AND b.currency = ${krw} AND b.from_member IS NOT NULL
            UNION ALL
            SELECT b.to_member, b.day, -b.amount FROM ledger_fold_batch(v_ids) b
             WHERE b.kind = 'ROLLBACK' AND b.currency = ${krw} AND b.to_member IS NOT NULL
          ) x GROUP BY 1, 2
        ),
        v AS (
          SELECT d.member_id, d.day,
                 coalesce((SELECT sum(CASE WHEN f.kind = 'BET' THEN f.amount_out ELSE -f.amount_in END)
                             FROM member_day_flow f
                            WHERE f.member_id = d.member_id AND f.day = d.day AND f.currency = ${krw}
                              AND f.kind IN ('BET', 'ROLLBACK')), 0) AS before,
                 d.delta
            FROM d
        )
        SELECT member_id, day, before, before + delta AS after FROM v
         WHERE (before < 0) <> (before + delta < 0) OR (before > 0) <> (before + delta > 0)
         ORDER BY member_id, day
      LOOP
        IF (r.before < 0) <> (r.after < 0) THEN
          IF r.after < 0 THEN
            INSERT INTO member_negative_day (member_id, day) VALUES (r.member_id, r.day);
          ELSE
            DELETE FROM member_negative_day WHERE member_id = r.member_id AND day = r.day;
          END IF;
        END IF;
        IF (r.before > 0) <> (r.after > 0) THEN
          PERFORM member_active_day_set(r.member_id, r.day, r.after > 0);
        END IF;
      END LOOP;

      -- Day flows (0051) and the uplines' rollup (0054).
      INSERT INTO member_day_flow AS f (member_id, day, currency, kind, amount_in, count_in, amount_out, count_out)
      SELECT member_id, day, currency, kind, sum(a_in), sum(c_in), sum(a_out), sum(c_out)
        FROM ledger_fold_sides(v_ids) x
       GROUP BY 1, 2, 3, 4
       ORDER BY 1, 2, 3, 4
      ON CONFLICT (member_id, day, currency, kind) DO UPDATE SET
        amount_in = f.amount_in + EXCLUDED.amount_in, count_in = f.count_in + EXCLUDED.count_in,
        amount_out = f.amount_out + EXCLUDED.amount_out, count_out = f.count_out + EXCLUDED.count_out;

      INSERT INTO agent_day_flow AS g (agent_id, day, band, currency, kind, shard, amount_in, count_in, amount_out, count_out)
      SELECT t.ancestor_id, x.day, least(t.depth, 2)::smallint, x.currency, x.kind, (x.member_id % 8)::smallint,
             sum(x.a_in), sum(x.c_in), sum(x.a_out), sum(x.c_out)
        FROM ledger_fold_sides(v_ids) x
        JOIN member_tree t ON t.descendant_id = x.member_id AND t.depth > 0
       GROUP BY 1, 2, 3, 4, 5, 6
       ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (agent_id, day, band, currency, kind, shard) DO UPDATE SET
        amount_in = g.amount_in + EXCLUDED.amount_in, count_in = g.count_in + EXCLUDED.count_in,
        amount_out = g.amount_out + EXCLUDED.amount_out, count_out = g.count_out + EXCLUDED.count_out;

      -- Per vendor and game type (0043), for transfers that name their vendor.
      INSERT INTO member_game_day_flow AS f (member_id, day, currency, vendor_id, game_type, kind,
                                             amount_in, count_in, amount_out, count_out)
      SELECT member_id, day, currency, vendor_id, game_type, kind, sum(a_in), sum(c_in), sum(a_out), sum(c_out)
        FROM ledger_fold_sides(v_ids) x WHERE x.vendor_id IS NOT NULL
       GROUP BY 1, 2, 3, 4, 5, 6
       ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (member_id, day, currency, vendor_id, game_type, kind) DO UPDATE SET
        amount_in = f.amount_in + EXCLUDED.amount_in, count_in = f.count_in + EXCLUDED.count_in,
        amount_out = f.amount_out + EXCLUDED.amount_out, count_out = f.count_out + EXCLUDED.count_out;

      -- Five-minute slots (0049): bets out, rollbacks and wins in.
      INSERT INTO member_slot_flow AS f (member_id, slot, currency, bets, rollbacks, wins)
      SELECT member_id, member_slot_of(created_at), currency, sum(bets), sum(rollbacks), sum(wins)
        FROM (SELECT b.from_member AS member_id, b.created_at, b.currency, b.amount AS bets,
                     0::bigint AS rollbacks, 0::bigint AS wins
                FROM ledger_fold_batch(v_ids) b WHERE b.kind = 'BET' AND b.from_member IS NOT NULL
              UNION ALL
              SELECT b.to_member, b.created_at, b.currency, 0,
                     CASE WHEN b.kind = 'ROLLBACK' THEN b.amount ELSE 0 END,
                     CASE WHEN b.kind = 'WIN' THEN b.amount ELSE 0 END
                FROM ledger_fold_batch(v_ids) b WHERE b.kind IN ('ROLLBACK', 'WIN') AND b.to_member IS NOT NULL) x
       GROUP BY 1, 2, 3
       ORDER BY 1, 2, 3
      ON CONFLICT (member_id, slot, currency) DO UPDATE SET
        bets = f.bets + EXCLUDED.bets, rollbacks = f.rollbacks + EXCLUDED.rollbacks, wins = f.wins + EXCLUDED.wins;

      -- Points (0072), rebate (0071) and wagering (0070): bets of a main wallet add, rollbacks take back.
      v_points := coalesce((SELECT earn_per_million FROM points_config WHERE id = 1), 0);
      -- Members with a rollback in the batch: one transfer at a time, in the order they were made.
      FOR r IN
        SELECT b.kind, CASE WHEN b.kind = 'BET' THEN b.from_member ELSE b.to_member END AS member_id, b.currency,
               b.amount, b.game_type, b.created_at
          FROM ledger_fold_batch(v_ids) b
         WHERE CASE WHEN b.kind = 'BET' THEN b.from_main ELSE b.kind = 'ROLLBACK' AND b.to_main END
           AND CASE WHEN b.kind = 'BET' THEN b.from_member ELSE b.to_member END IN (
                 SELECT rb.to_member FROM ledger_fold_batch(v_ids) rb WHERE rb.kind = 'ROLLBACK' AND rb.to_main)
         ORDER BY b.id
      LOOP
        PERFORM ledger_fold_accruals_one(r.kind, r.member_id, r.currency, r.amount, r.game_type, r.created_at, v_points);
      END LOOP;
      -- Everyone else only bet: sums.
      IF v_points <> 0 THEN
        INSERT INTO member_points AS p (member_id, accrued)
        SELECT b.from_member, sum(b.amount) * v_points FROM ledger_fold_batch(v_ids) b
         WHERE b.kind = 'BET' AND b.from_main
           AND b.from_member NOT IN (SELECT rb.to_member FROM ledger_fold_batch(v_ids) rb WHERE rb.kind = 'ROLLBACK' AND rb.to_main)
         GROUP BY 1 ORDER BY 1
        ON CONFLICT (member_id) DO UPDATE SET accrued = p.accrued + EXCLUDED.accrued;
      END IF;
      INSERT INTO member_rebate AS mr (member_id, currency, game_type, valid_bet, accrued)
      SELECT b.from_member, b.currency, b.game_type, sum(b.amount),
             sum(b.amount) * coalesce((SELECT rate_bp FROM rebate_rate WHERE game_type = b.game_type), 0)
        FROM ledger_fold_batch(v_ids) b
       WHERE b.kind = 'BET' AND b.from_main AND b.game_type <> ''
         AND b.from_member NOT IN (SELECT rb.to_member FROM ledger_fold_batch(v_ids) rb WHERE rb.kind = 'ROLLBACK' AND rb.to_main)
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (member_id, currency, game_type)
      DO UPDATE SET valid_bet = mr.valid_bet + EXCLUDED.valid_bet, accrued = mr.accrued + EXCLUDED.accrued;
      UPDATE member_bonus u SET wagered = u.wagered + w.wagered
        FROM (SELECT g.id, sum(b.amount * coalesce((g.game_weights ->> b.game_type)::int,
                                                   (g.game_weights ->> '*')::int, 100) / 100) AS wagered
                FROM ledger_fold_batch(v_ids) b
                JOIN member_bonus g ON g.member_id = b.from_member AND g.status = 'ACTIVE'
                                   AND g.currency = b.currency AND g.issued_at <= b.created_at
               WHERE b.kind = 'BET' AND b.from_main
                 AND b.from_member NOT IN (SELECT rb.to_member FROM ledger_fold_batch(v_ids) rb
                                            WHERE rb.kind = 'ROLLBACK' AND rb.to_main)
               GROUP BY g.id) w
       WHERE u.id = w.id;
      RETURN cardinality(v_ids);
    END $$;

    -- Transfers made before this migration were recorded by the triggers; nothing to fold.
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Fold what is waiting, then put the eight triggers back as 0070-0072 and 0043-0055 left them.
  await sql`DO $$ BEGIN WHILE ledger_flows_fold() > 0 LOOP END LOOP; END $$`.execute(db);
  await sql`
    DROP TRIGGER ledger_transfer_unfolded ON ledger_transfer;
    DROP TRIGGER ledger_transfer_day_flow ON ledger_transfer;
    DROP TRIGGER ledger_transfer_day_flow_agents ON ledger_transfer;
    DROP TRIGGER ledger_transfer_slot_flow ON ledger_transfer;
    DROP FUNCTION ledger_flows_fold(integer);
    DROP FUNCTION ledger_fold_accruals_one(text, bigint, text, bigint, text, timestamptz, integer);
    DROP FUNCTION ledger_fold_sides(bigint[]);
    DROP FUNCTION ledger_fold_batch(bigint[]);
    DROP FUNCTION ledger_transfer_unfolded_add();
    DROP TABLE ledger_transfer_unfolded;
    CREATE TRIGGER ledger_transfer_day_flow AFTER INSERT ON ledger_transfer
      FOR EACH ROW EXECUTE FUNCTION member_day_flow_record();
    CREATE TRIGGER ledger_transfer_day_flow_agents AFTER INSERT ON ledger_transfer
      FOR EACH ROW EXECUTE FUNCTION agent_day_flow_record();
    CREATE TRIGGER ledger_transfer_slot_flow AFTER INSERT ON ledger_transfer
      FOR EACH ROW EXECUTE FUNCTION member_slot_flow_record();
    CREATE TRIGGER ledger_transfer_day_flow_agents_active AFTER INSERT ON ledger_transfer
      FOR EACH ROW EXECUTE FUNCTION member_active_day_record();
    CREATE TRIGGER ledger_transfer_game_day_flow AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind IN ('BET', 'WIN', 'ROLLBACK') AND NEW.reference ? 'vendorId')
      EXECUTE FUNCTION member_game_day_flow_record();
    CREATE TRIGGER ledger_transfer_points AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind IN ('BET', 'ROLLBACK')) EXECUTE FUNCTION member_points_accrue();
    CREATE TRIGGER ledger_transfer_rebate AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind IN ('BET', 'ROLLBACK')) EXECUTE FUNCTION member_rebate_accrue();
    CREATE TRIGGER ledger_transfer_bonus_wager AFTER INSERT ON ledger_transfer
      FOR EACH ROW WHEN (NEW.kind IN ('BET', 'ROLLBACK')) EXECUTE FUNCTION member_bonus_wager();
  `.execute(db);
}
