import { SITE_CURRENCY, SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { type Kysely, sql } from 'kysely';

/**
 * A previous active day further back than this is stored as `-infinity`: a report range is far
 * shorter (AGENT_CENTRE.maxRangeDays), so "before the range's first day" reads the same. The
 * repository falls back to per-member sums for a longer range.
 */
export const ACTIVE_LOOKBACK_DAYS = 400;

/**
 * "Active members" of the team overview over any range, without reading every member (issue 15,
 * decision 041). A member is active in a range when its valid bets (BET out − ROLLBACK in, site
 * currency) over the whole range are above zero. That is not additive over days, so:
 *
 * - `member_active_day (member_id, day)`: the days on which a member's valid bets are above zero;
 *   `member_negative_day`: the (rare) days on which they are below zero, e.g. a rollback after
 *   midnight of a bet made the day before. Both kept by a trigger on `ledger_transfer` from 0051's
 *   `member_day_flow`, in the transfer's transaction.
 * - `agent_day_active (agent_id, day, band, since, members)`: for every active day `d` of a member and
 *   every ancestor, one count under `since` = the member's previous active day (or `-infinity`).
 *   The members with at least one active day in [from, to] are then exactly the active days in the
 *   range whose `since` is before `from` (each member once: at its first active day in the range):
 *   `sum(members) WHERE day BETWEEN from AND to AND since < from`, a few rows per day of the range.
 *   A member whose day becomes active (or stops being) changes its own row and the `since` of its next
 *   active day; a move takes a member's chain off its old ancestors and adds it to the new ones.
 * - A member with a day below zero in the range may have active days and still a range total ≤ 0;
 *   the reader takes those (found through `member_negative_day`, a handful) off the count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tz = sql.lit(SITE_TIME_ZONE);
  const site = sql.lit(SITE_CURRENCY);
  const since = (day: string, prev: string) =>
    sql.raw(
      `CASE WHEN ${prev} IS NULL OR ${prev} < ${day} - ${ACTIVE_LOOKBACK_DAYS} THEN '-infinity'::date ELSE ${prev} END`,
    );
  const upsert = sql`ON CONFLICT (agent_id, day, band, since) DO UPDATE SET members = r.members + EXCLUDED.members`;
  /** Every active day of the members of `pairs`, with its `since`, added (1) to or taken (-1) from their ancestors. */
  const pairsApplied = (pairs: string, sign: number) => sql`
    INSERT INTO agent_day_active AS r (agent_id, day, band, since, members)
    SELECT p.ancestor_id, a.day, least(p.depth, 2)::smallint, ${since('a.day', 'a.prev')}, ${sql.lit(sign)} * count(*)
      FROM ${sql.raw(pairs)} p
      JOIN (SELECT member_id, day, lag(day) OVER (PARTITION BY member_id ORDER BY day) AS prev
              FROM member_active_day
             WHERE member_id IN (SELECT descendant_id FROM ${sql.raw(pairs)} WHERE depth > 0)) a
        ON a.member_id = p.descendant_id
     WHERE p.depth > 0
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ${upsert}`;

  await sql`
    CREATE TABLE member_active_day (
      member_id bigint NOT NULL,
      day date NOT NULL,
      PRIMARY KEY (member_id, day)
    );
    CREATE TABLE member_negative_day (
      member_id bigint NOT NULL,
      day date NOT NULL,
      PRIMARY KEY (member_id, day)
    );
    CREATE INDEX member_negative_day_day ON member_negative_day (day);
    CREATE TABLE agent_day_active (
      agent_id bigint NOT NULL,
      day date NOT NULL,
      band smallint NOT NULL CHECK (band IN (1, 2)),
      since date NOT NULL,
      members integer NOT NULL,
      PRIMARY KEY (agent_id, day, band, since)
    );

    CREATE FUNCTION member_active_day_set(p_member bigint, p_day date, p_on boolean) RETURNS void
    LANGUAGE plpgsql AS $$
    DECLARE
      v_prev date;
      v_next date;
      v_sign integer := CASE WHEN p_on THEN 1 ELSE -1 END;
    BEGIN
      SELECT max(day) INTO v_prev FROM member_active_day WHERE member_id = p_member AND day < p_day;
      SELECT min(day) INTO v_next FROM member_active_day WHERE member_id = p_member AND day > p_day;
      IF p_on THEN
        INSERT INTO member_active_day (member_id, day) VALUES (p_member, p_day);
      ELSE
        DELETE FROM member_active_day WHERE member_id = p_member AND day = p_day;
      END IF;
      INSERT INTO agent_day_active AS r (agent_id, day, band, since, members)
      SELECT t.ancestor_id, c.day, least(t.depth, 2)::smallint, c.since, sum(c.n)
        FROM member_tree t
        CROSS JOIN (VALUES (p_day, ${since('p_day', 'v_prev')}, v_sign),
                           (v_next, ${since('v_next', 'v_prev')}, -v_sign),
                           (v_next, ${since('v_next', 'p_day')}, v_sign)) AS c (day, since, n)
       WHERE t.descendant_id = p_member AND t.depth > 0 AND c.day IS NOT NULL
       GROUP BY 1, 2, 3, 4
      HAVING sum(c.n) <> 0
       ORDER BY 1, 2, 3, 4
      ${upsert};
    END $$;

    CREATE FUNCTION member_active_day_record() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_member bigint;
      v_day date := (NEW.created_at AT TIME ZONE ${tz})::date;
      v_delta bigint;
      v_valid bigint;
      v_before bigint;
    BEGIN
      IF NEW.currency <> ${site} OR NEW.kind NOT IN ('BET', 'ROLLBACK') THEN
        RETURN NULL;
      END IF;
      IF NEW.kind = 'BET' THEN
        SELECT member_id INTO v_member FROM ledger_account WHERE id = NEW.from_account_id;
        v_delta := NEW.amount;
      ELSE
        SELECT member_id INTO v_member FROM ledger_account WHERE id = NEW.to_account_id;
        v_delta := -NEW.amount;
      END IF;
      IF v_member IS NULL THEN
        RETURN NULL;
      END IF;
      -- 0051's trigger (same event, earlier name) has added this transfer to member_day_flow.
      SELECT coalesce(sum(CASE WHEN kind = 'BET' THEN amount_out ELSE -amount_in END), 0) INTO v_valid
        FROM member_day_flow
       WHERE member_id = v_member AND day = v_day AND currency = ${site} AND kind IN ('BET', 'ROLLBACK');
      v_before := v_valid - v_delta;
      IF (v_before < 0) <> (v_valid < 0) THEN
        IF v_valid < 0 THEN
          INSERT INTO member_negative_day (member_id, day) VALUES (v_member, v_day);
        ELSE
          DELETE FROM member_negative_day WHERE member_id = v_member AND day = v_day;
        END IF;
      END IF;
      IF (v_before > 0) <> (v_valid > 0) THEN
        -- The ancestors read must not be the ones a move is replacing (0050's lock).
        PERFORM pg_advisory_xact_lock_shared(hashtext('member_tree'));
        PERFORM member_active_day_set(v_member, v_day, v_valid > 0);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER ledger_transfer_day_flow_agents_active AFTER INSERT ON ledger_transfer
      FOR EACH ROW EXECUTE FUNCTION member_active_day_record();

    CREATE FUNCTION agent_day_active_pairs_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${pairsApplied('added', 1)};
      RETURN NULL;
    END $$;
    CREATE TRIGGER agent_day_active_on_tree_insert AFTER INSERT ON member_tree
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION agent_day_active_pairs_added();

    CREATE FUNCTION agent_day_active_pairs_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${pairsApplied('removed', -1)};
      DELETE FROM agent_day_active WHERE agent_id IN (SELECT ancestor_id FROM removed) AND members = 0;
      RETURN NULL;
    END $$;
    CREATE TRIGGER agent_day_active_on_tree_delete AFTER DELETE ON member_tree
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION agent_day_active_pairs_removed();

    -- What the day aggregates hold already.
    INSERT INTO member_active_day (member_id, day)
    SELECT member_id, day FROM member_day_flow
     WHERE currency = ${site} AND kind IN ('BET', 'ROLLBACK')
     GROUP BY member_id, day
    HAVING sum(CASE WHEN kind = 'BET' THEN amount_out ELSE -amount_in END) > 0;
    INSERT INTO member_negative_day (member_id, day)
    SELECT member_id, day FROM member_day_flow
     WHERE currency = ${site} AND kind IN ('BET', 'ROLLBACK')
     GROUP BY member_id, day
    HAVING sum(CASE WHEN kind = 'BET' THEN amount_out ELSE -amount_in END) < 0;
  `.execute(db);
  await pairsApplied('member_tree', 1).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER agent_day_active_on_tree_delete ON member_tree;
    DROP TRIGGER agent_day_active_on_tree_insert ON member_tree;
    DROP TRIGGER ledger_transfer_day_flow_agents_active ON ledger_transfer;
    DROP FUNCTION agent_day_active_pairs_removed(), agent_day_active_pairs_added(), member_active_day_record(),
      member_active_day_set(bigint, date, boolean);
    DROP TABLE agent_day_active, member_negative_day, member_active_day;
  `.execute(db);
}
