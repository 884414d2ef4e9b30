import { SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { type Kysely, sql } from 'kysely';

/** Rows per agent, day and kind are split by `member_id % AGENT_FLOW_SHARDS` (see below). */
export const AGENT_FLOW_SHARDS = 8;

/**
 * The team overview's additive figures rolled up per agent and day (issue 15, decision 041).
 *
 * `agent_day_flow (agent_id, day, band, currency, kind, shard)` holds, for every agent and every
 * site-time-zone day, the sum of its team's `member_day_flow` (0051): band 1 is the direct downline,
 * band 2 everyone deeper. Two pseudo-kinds with currency `*` count members: `#JOINED` (registered
 * that day, by `member.created_at`) and `#FIRST_DEPOSIT` (first deposit that day, 0051's
 * `member_first_deposit`). A report over 30 or 90 days then reads a few rows per day for the agent,
 * whatever the size of its team, instead of every member-day row of the range.
 *
 * Kept exact in the writer's transaction:
 * - a trigger on `ledger_transfer` (after 0051's, so the first deposit is known) adds each transfer to
 *   the rows of every ancestor of each member side. It first takes the closure's shared advisory lock
 *   (0050: moves hold it exclusively), so a transfer never adds to ancestors a move is replacing;
 * - statement triggers on `member_tree` move a member's whole history (flows, registration, first
 *   deposit) from the pairs a move deletes to the pairs it inserts (a registration inserts pairs of a
 *   member with no history yet: only `#JOINED` moves);
 * - a change of `member.created_at` moves its `#JOINED` count to the new day.
 *
 * Contention: every bet of the site adds to the row of its top agent. The rows are split into
 * `AGENT_FLOW_SHARDS` by the member's id (one member's transfers are already serialised by its wallet
 * lock), and one statement writes a transfer's rows in key order, so two bets of different members
 * rarely wait for each other and never lock the same rows in opposite orders within one statement.
 * `ledger:verify` recomputes the table from the ledger and the closure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const tz = sql.lit(SITE_TIME_ZONE);
  const shards = sql.lit(AGENT_FLOW_SHARDS);
  const upsert = sql`
    ON CONFLICT (agent_id, day, band, currency, kind, shard) DO UPDATE SET
      amount_in = r.amount_in + EXCLUDED.amount_in, count_in = r.count_in + EXCLUDED.count_in,
      amount_out = r.amount_out + EXCLUDED.amount_out, count_out = r.count_out + EXCLUDED.count_out`;
  /** A member's whole history added (`sign` 1) to, or taken (-1) from, the ancestors of `pairs`. */
  const pairsApplied = (pairs: string, sign: number) => sql`
    INSERT INTO agent_day_flow AS r (agent_id, day, band, currency, kind, shard, amount_in, count_in, amount_out, count_out)
    SELECT agent_id, day, band, currency, kind, shard,
           ${sql.lit(sign)} * sum(a_in), ${sql.lit(sign)} * sum(c_in), ${sql.lit(sign)} * sum(a_out), ${sql.lit(sign)} * sum(c_out)
    FROM (
      SELECT p.ancestor_id AS agent_id, f.day, least(p.depth, 2)::smallint AS band, f.currency, f.kind,
             (f.member_id % ${shards})::smallint AS shard, f.amount_in AS a_in, f.count_in AS c_in,
             f.amount_out AS a_out, f.count_out AS c_out
        FROM ${sql.raw(pairs)} p JOIN member_day_flow f ON f.member_id = p.descendant_id WHERE p.depth > 0
      UNION ALL
      SELECT p.ancestor_id, (m.created_at AT TIME ZONE ${tz})::date, least(p.depth, 2)::smallint, '*', '#JOINED',
             (m.id % ${shards})::smallint, 0, 1, 0, 0
        FROM ${sql.raw(pairs)} p JOIN member m ON m.id = p.descendant_id WHERE p.depth > 0
      UNION ALL
      SELECT p.ancestor_id, fd.day, least(p.depth, 2)::smallint, '*', '#FIRST_DEPOSIT',
             (fd.member_id % ${shards})::smallint, 0, 1, 0, 0
        FROM ${sql.raw(pairs)} p JOIN member_first_deposit fd ON fd.member_id = p.descendant_id WHERE p.depth > 0
    ) x
    GROUP BY agent_id, day, band, currency, kind, shard
    ORDER BY agent_id, day, band, currency, kind, shard
    ${upsert}`;

  await sql`
    CREATE TABLE agent_day_flow (
      agent_id bigint NOT NULL,
      day date NOT NULL,
      band smallint NOT NULL CHECK (band IN (1, 2)),
      currency text NOT NULL,
      kind text NOT NULL,
      shard smallint NOT NULL,
      amount_in bigint NOT NULL DEFAULT 0,
      count_in integer NOT NULL DEFAULT 0,
      amount_out bigint NOT NULL DEFAULT 0,
      count_out integer NOT NULL DEFAULT 0,
      PRIMARY KEY (agent_id, day, band, currency, kind, shard)
    );

    CREATE FUNCTION agent_day_flow_record() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_day date := (NEW.created_at AT TIME ZONE ${tz})::date;
      v_from bigint;
      v_to bigint;
      v_first boolean := false;
    BEGIN
      SELECT member_id INTO v_from FROM ledger_account WHERE id = NEW.from_account_id;
      SELECT member_id INTO v_to FROM ledger_account WHERE id = NEW.to_account_id;
      IF v_from IS NULL AND v_to IS NULL THEN
        RETURN NULL;
      END IF;
      -- The ancestors read below must not be the ones a move is replacing (0050's lock).
      PERFORM pg_advisory_xact_lock_shared(hashtext('member_tree'));
      IF NEW.kind = 'DEPOSIT' AND v_to IS NOT NULL THEN
        v_first := EXISTS (SELECT 1 FROM member_first_deposit WHERE member_id = v_to AND transfer_id = NEW.id);
      END IF;
      INSERT INTO agent_day_flow AS r (agent_id, day, band, currency, kind, shard, amount_in, count_in, amount_out, count_out)
      SELECT t.ancestor_id, v_day, least(t.depth, 2)::smallint, x.currency, x.kind, (x.member_id % ${shards})::smallint,
             sum(x.a_in), sum(x.c_in), sum(x.a_out), sum(x.c_out)
        FROM (VALUES (v_from, NEW.currency, NEW.kind, 0::bigint, 0, NEW.amount, 1),
                     (v_to, NEW.currency, NEW.kind, NEW.amount, 1, 0::bigint, 0),
                     (CASE WHEN v_first THEN v_to END, '*', '#FIRST_DEPOSIT', 0::bigint, 1, 0::bigint, 0))
             AS x (member_id, currency, kind, a_in, c_in, a_out, c_out)
        JOIN member_tree t ON t.descendant_id = x.member_id AND t.depth > 0
       GROUP BY 1, 2, 3, 4, 5, 6
       ORDER BY 1, 2, 3, 4, 5, 6
      ${upsert};
      RETURN NULL;
    END $$;
    -- Named to fire after 0051's ledger_transfer_day_flow (same event: triggers fire in name order).
    CREATE TRIGGER ledger_transfer_day_flow_agents AFTER INSERT ON ledger_transfer
      FOR EACH ROW EXECUTE FUNCTION agent_day_flow_record();

    CREATE FUNCTION agent_day_flow_pairs_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${pairsApplied('added', 1)};
      RETURN NULL;
    END $$;
    CREATE TRIGGER agent_day_flow_on_tree_insert AFTER INSERT ON member_tree
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION agent_day_flow_pairs_added();

    CREATE FUNCTION agent_day_flow_pairs_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${pairsApplied('removed', -1)};
      DELETE FROM agent_day_flow
       WHERE agent_id IN (SELECT ancestor_id FROM removed)
         AND amount_in = 0 AND count_in = 0 AND amount_out = 0 AND count_out = 0;
      RETURN NULL;
    END $$;
    CREATE TRIGGER agent_day_flow_on_tree_delete AFTER DELETE ON member_tree
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION agent_day_flow_pairs_removed();

    CREATE FUNCTION agent_day_flow_joined_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (OLD.created_at AT TIME ZONE ${tz})::date = (NEW.created_at AT TIME ZONE ${tz})::date THEN
        RETURN NULL;
      END IF;
      INSERT INTO agent_day_flow AS r (agent_id, day, band, currency, kind, shard, amount_in, count_in, amount_out, count_out)
      SELECT t.ancestor_id, v.day, least(t.depth, 2)::smallint, '*', '#JOINED', (NEW.id % ${shards})::smallint, 0, v.n, 0, 0
        FROM member_tree t
        CROSS JOIN (VALUES ((OLD.created_at AT TIME ZONE ${tz})::date, -1),
                           ((NEW.created_at AT TIME ZONE ${tz})::date, 1)) AS v (day, n)
       WHERE t.descendant_id = NEW.id AND t.depth > 0
       ORDER BY 1, 2, 3
      ${upsert};
      RETURN NULL;
    END $$;
    CREATE TRIGGER agent_day_flow_on_created_at AFTER UPDATE OF created_at ON member
      FOR EACH ROW EXECUTE FUNCTION agent_day_flow_joined_moved();
  `.execute(db);

  // What the ledger and the closure hold already.
  await pairsApplied('member_tree', 1).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER agent_day_flow_on_created_at ON member;
    DROP TRIGGER agent_day_flow_on_tree_delete ON member_tree;
    DROP TRIGGER agent_day_flow_on_tree_insert ON member_tree;
    DROP TRIGGER ledger_transfer_day_flow_agents ON ledger_transfer;
    DROP FUNCTION agent_day_flow_joined_moved(), agent_day_flow_pairs_removed(), agent_day_flow_pairs_added(),
      agent_day_flow_record();
    DROP TABLE agent_day_flow;
  `.execute(db);
}
