import { SITE_CURRENCY, SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { ACTIVE_LOOKBACK_DAYS } from '../../db/migrations/0055-agent-day-active.ts';
import { foldLedgerFlows } from './ledger-flows.repository.ts';

export interface LedgerViolation {
  rule:
    | 'CURRENCY_NOT_ZERO'
    | 'BALANCE_NOT_ENTRIES'
    | 'DUPLICATE_KEY'
    | 'NEGATIVE_BALANCE'
    | 'AGGREGATE_NOT_LEDGER'
    | 'GAME_AGGREGATE_NOT_LEDGER'
    | 'SLOT_AGGREGATE_NOT_LEDGER'
    | 'FIRST_DEPOSIT_NOT_LEDGER'
    | 'TEAM_SIZE_NOT_TREE'
    | 'AGENT_AGGREGATE_NOT_LEDGER'
    | 'ACTIVE_DAY_NOT_LEDGER'
    | 'AGENT_ACTIVE_NOT_LEDGER'
    | 'BONUS_BALANCE_NOT_BONUSES'
    | 'REBATE_NOT_LEDGER'
    | 'POINTS_NOT_LEDGER'
    | 'BONUS_NOT_LEDGER';
  detail: string;
}

/**
 * `ledger:verify`'s checks: queries across the ledger and the report aggregates as a whole (not one
 * aggregate's store), used by the command and by the tests after money moved.
 */

/** Whether the database has the ledger's tables yet (the migrations ran on it once). */
export async function hasLedgerTables(db: Db): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('ledger_account', 'ledger_transfer')`.execute(
    db,
  );
  return rows[0]?.n === 2;
}

/** The invariants of DESIGN.md §2, checked on whatever database `db` points at. */
export async function verifyLedger(db: Db): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const sums = await sql<{ currency: string; total: string }>`
    SELECT currency, sum(balance)::text AS total FROM ledger_account GROUP BY currency HAVING sum(balance) <> 0`.execute(
    db,
  );
  for (const r of sums.rows) violations.push({ rule: 'CURRENCY_NOT_ZERO', detail: `${r.currency} sums to ${r.total}` });

  const drift = await sql<{ id: string; balance: string; entries: string }>`
    SELECT a.id::text, a.balance::text,
      (coalesce((SELECT sum(amount) FROM ledger_transfer t WHERE t.to_account_id = a.id), 0)
       - coalesce((SELECT sum(amount) FROM ledger_transfer t WHERE t.from_account_id = a.id), 0))::text AS entries
    FROM ledger_account a
    WHERE a.balance <> coalesce((SELECT sum(amount) FROM ledger_transfer t WHERE t.to_account_id = a.id), 0)
                     - coalesce((SELECT sum(amount) FROM ledger_transfer t WHERE t.from_account_id = a.id), 0)`.execute(
    db,
  );
  for (const r of drift.rows)
    violations.push({
      rule: 'BALANCE_NOT_ENTRIES',
      detail: `account ${r.id}: balance ${r.balance}, entries ${r.entries}`,
    });

  const dups = await sql<{ key: string; n: string }>`
    SELECT idempotency_key AS key, count(*)::text AS n FROM ledger_transfer GROUP BY idempotency_key HAVING count(*) > 1`.execute(
    db,
  );
  for (const r of dups.rows) violations.push({ rule: 'DUPLICATE_KEY', detail: `${r.key} appears ${r.n} times` });

  const negative = await sql<{ id: string; balance: string }>`
    SELECT id::text, balance::text FROM ledger_account WHERE balance < 0 AND NOT allow_negative`.execute(db);
  for (const r of negative.rows) violations.push({ rule: 'NEGATIVE_BALANCE', detail: `account ${r.id}: ${r.balance}` });
  violations.push(...(await verifyAggregates(db)));
  violations.push(...(await verifyBonuses(db)));
  violations.push(...(await verifyRebates(db)));
  violations.push(...(await verifyPoints(db)));
  return violations;
}

/**
 * Bonuses (migration 0070, decision 070): each member's bonus balance equals the sum of their active
 * bonuses, every bonus was issued by exactly one ledger transfer of its amount, and every ended one
 * left the bonus balance by exactly one transfer (released to the main wallet or forfeited).
 */
export async function verifyBonuses(db: Db): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const balances = await sql<{ memberId: string; balance: string; active: string }>`
    WITH acc AS (SELECT member_id, currency, balance FROM ledger_account WHERE kind = 'MEMBER_BONUS'),
         act AS (SELECT member_id, currency, sum(amount) AS active FROM member_bonus WHERE status = 'ACTIVE'
                  GROUP BY member_id, currency)
    SELECT coalesce(acc.member_id, act.member_id)::text AS "memberId", coalesce(acc.balance, 0)::text AS balance,
           coalesce(act.active, 0)::text AS active
      FROM acc FULL JOIN act ON act.member_id = acc.member_id AND act.currency = acc.currency
     WHERE coalesce(acc.balance, 0) <> coalesce(act.active, 0)
     LIMIT 100`.execute(db);
  for (const r of balances.rows)
    violations.push({
      rule: 'BONUS_BALANCE_NOT_BONUSES',
      detail: `member ${r.memberId}: bonus balance ${r.balance}, active bonuses ${r.active}`,
    });
  const moves = await sql<{ id: string; status: string }>`
    SELECT b.id::text, b.status FROM member_bonus b
     WHERE (SELECT count(*) FROM ledger_transfer t
             WHERE t.idempotency_key = 'bonus-issue:' || b.id AND t.amount = b.amount AND t.kind = 'BONUS') <> 1
        OR (SELECT count(*) FROM ledger_transfer t
             WHERE t.idempotency_key = 'bonus-end:' || b.id AND t.amount = b.amount
               AND t.kind = CASE b.status WHEN 'RELEASED' THEN 'BONUS_RELEASE' ELSE 'BONUS_FORFEIT' END)
           <> CASE b.status WHEN 'ACTIVE' THEN 0 ELSE 1 END
     LIMIT 100`.execute(db);
  for (const r of moves.rows)
    violations.push({ rule: 'BONUS_NOT_LEDGER', detail: `bonus ${r.id} (${r.status}): its transfers differ` });
  return violations;
}

/**
 * Rebate (migration 0071, decision 071): every claim was paid by exactly one REBATE transfer of its
 * amount to the member's main wallet, and no REBATE transfer exists without its claim.
 */
export async function verifyRebates(db: Db): Promise<LedgerViolation[]> {
  const { rows } = await sql<{ key: string }>`
    SELECT 'rebate:' || c.id AS key FROM rebate_claim c
     WHERE (SELECT count(*) FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
             WHERE t.idempotency_key = 'rebate:' || c.id AND t.kind = 'REBATE' AND t.amount = c.amount
               AND a.kind = 'MEMBER_MAIN' AND a.member_id = c.member_id) <> 1
    UNION ALL
    SELECT t.idempotency_key FROM ledger_transfer t
     WHERE t.kind = 'REBATE'
       AND NOT EXISTS (SELECT 1 FROM rebate_claim c WHERE 'rebate:' || c.id = t.idempotency_key)
    UNION ALL
    -- Missions (decision 073): each claim paid once, by its own transfer.
    SELECT 'mission:' || c.id FROM mission_claim c
     WHERE (SELECT count(*) FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
             WHERE t.idempotency_key = 'mission:' || c.id AND t.kind = 'MISSION_REWARD' AND t.amount = c.amount
               AND a.member_id = c.member_id) <> 1
     LIMIT 100`.execute(db);
  return rows.map((r) => ({ rule: 'REBATE_NOT_LEDGER', detail: `${r.key}: claim and transfer differ` }));
}

/**
 * The points mall (migration 0072, decision 072): every redemption spent its points by exactly one
 * transfer, paid its cash (a cash item, a conversion) by exactly one, and a rejected one refunded its
 * points by exactly one; the points credited for bets are what the member's accrual row says.
 */
export async function verifyPoints(db: Db): Promise<LedgerViolation[]> {
  const { rows } = await sql<{ what: string }>`
    SELECT 'redemption ' || r.id AS what FROM points_redemption r LEFT JOIN mall_item i ON i.id = r.item_id
     WHERE (SELECT count(*) FROM ledger_transfer t JOIN ledger_account a ON a.id = t.from_account_id
             WHERE t.idempotency_key = 'points-spend:' || r.id AND t.amount = r.points
               AND a.kind = 'MEMBER_POINTS' AND a.member_id = r.member_id) <> 1
        OR (SELECT count(*) FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
             WHERE t.idempotency_key = 'points-cash:' || r.id AND t.amount = r.amount
               AND a.kind = 'MEMBER_MAIN' AND a.member_id = r.member_id)
           <> CASE WHEN r.item_id IS NULL OR i.kind = 'CASH' THEN 1 ELSE 0 END
        OR (SELECT count(*) FROM ledger_transfer t WHERE t.idempotency_key = 'points-refund:' || r.id AND t.amount = r.points)
           <> CASE WHEN r.status = 'REJECTED' THEN 1 ELSE 0 END
    UNION ALL
    SELECT 'member ' || p.member_id FROM member_points p
     WHERE p.credited <> coalesce((SELECT sum(t.amount) FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
                                    WHERE t.kind = 'POINTS_EARN' AND a.member_id = p.member_id), 0)
     LIMIT 100`.execute(db);
  return rows.map((r) => ({ rule: 'POINTS_NOT_LEDGER', detail: `${r.what}: its points transfers differ` }));
}

/** A flow aggregate row (f) beside the ledger's sums (l): in, count in, out, count out, as stored and as summed. */
const flowSides = sql`concat_ws(' ', f.amount_in, f.count_in, f.amount_out, f.count_out) AS stored,
           concat_ws(' ', l.a_in, l.c_in, l.a_out, l.c_out) AS ledger`;
/** The flow aggregate row is missing, has no ledger behind it, or differs from the ledger's sums. */
const flowsDiffer = sql`f.member_id IS NULL OR l.member_id IS NULL
       OR (f.amount_in, f.count_in, f.amount_out, f.count_out) <> (l.a_in, l.c_in, l.a_out, l.c_out)`;
const flowViolation =
  (rule: LedgerViolation['rule']) =>
  (r: { key: string; stored: string; ledger: string }): LedgerViolation => ({
    rule,
    detail: `${r.key}: aggregate in/count/out/count ${r.stored || 'missing'}, ledger ${r.ledger || 'none'}`,
  });

/**
 * The report aggregates (migration 0051) against the ledger they summarise: every member, day,
 * currency and kind's money in and out, and each member's first deposit, recomputed from the
 * transfers and compared row by row (a row on one side only is a difference too).
 */
export async function verifyAggregates(db: Db): Promise<LedgerViolation[]> {
  // Bets, wins and rollbacks reach the aggregates in batches (decision 107): all of them, first.
  await foldLedgerFlows(db);
  const violations: LedgerViolation[] = [];
  const flows = await sql<{ key: string; stored: string; ledger: string }>`
    WITH l AS (
      SELECT member_id, day, currency, kind, sum(a_in) AS a_in, sum(c_in) AS c_in, sum(a_out) AS a_out,
             sum(c_out) AS c_out
      FROM (
        SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day, t.currency, t.kind,
               0 AS a_in, 0 AS c_in, t.amount AS a_out, 1 AS c_out
          FROM ledger_transfer t JOIN ledger_account a ON a.id = t.from_account_id WHERE a.member_id IS NOT NULL
        UNION ALL
        SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date, t.currency, t.kind, t.amount, 1, 0, 0
          FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id WHERE a.member_id IS NOT NULL
      ) x GROUP BY member_id, day, currency, kind
    )
    SELECT concat_ws('/', coalesce(f.member_id, l.member_id), coalesce(f.day, l.day), coalesce(f.currency, l.currency),
             coalesce(f.kind, l.kind)) AS key,
           ${flowSides}
    FROM member_day_flow f
    FULL JOIN l ON l.member_id = f.member_id AND l.day = f.day AND l.currency = f.currency AND l.kind = f.kind
    WHERE ${flowsDiffer}
    LIMIT 100`.execute(db);
  violations.push(...flows.rows.map(flowViolation('AGGREGATE_NOT_LEDGER')));
  const firsts = await sql<{ memberId: string }>`
    WITH l AS (
      SELECT DISTINCT ON (a.member_id) a.member_id, t.id, t.amount,
             (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
       WHERE t.kind = 'DEPOSIT' AND a.member_id IS NOT NULL
       ORDER BY a.member_id, t.id
    )
    SELECT coalesce(f.member_id, l.member_id)::text AS "memberId"
    FROM member_first_deposit f FULL JOIN l ON l.member_id = f.member_id
    WHERE f.member_id IS NULL OR l.member_id IS NULL OR (f.transfer_id, f.amount, f.day) <> (l.id, l.amount, l.day)
    LIMIT 100`.execute(db);
  for (const r of firsts.rows)
    violations.push({ rule: 'FIRST_DEPOSIT_NOT_LEDGER', detail: `member ${r.memberId}: first deposit differs` });
  // The stored team sizes (migration 0053) against the downline closure they are kept from.
  const sizes = await sql<{ memberId: string; stored: number; tree: number }>`
    WITH t AS (SELECT ancestor_id, count(*)::int AS n FROM member_tree WHERE depth > 0 GROUP BY ancestor_id)
    SELECT coalesce(s.member_id, t.ancestor_id)::text AS "memberId", coalesce(s.team_size, 0) AS stored,
           coalesce(t.n, 0) AS tree
    FROM member_team_size s FULL JOIN t ON t.ancestor_id = s.member_id
    WHERE coalesce(s.team_size, 0) <> coalesce(t.n, 0)
    LIMIT 100`.execute(db);
  for (const r of sizes.rows)
    violations.push({
      rule: 'TEAM_SIZE_NOT_TREE',
      detail: `member ${r.memberId}: stored team size ${r.stored}, closure ${r.tree}`,
    });
  const games = await sql<{ key: string; stored: string; ledger: string }>`
    WITH l AS (
      SELECT member_id, day, currency, vendor_id, game_type, kind, sum(a_in) AS a_in, sum(c_in) AS c_in,
             sum(a_out) AS a_out, sum(c_out) AS c_out
      FROM (
        SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day, t.currency,
               t.reference ->> 'vendorId' AS vendor_id, coalesce(t.reference ->> 'gameType', '') AS game_type, t.kind,
               0 AS a_in, 0 AS c_in, t.amount AS a_out, 1 AS c_out
          FROM ledger_transfer t JOIN ledger_account a ON a.id = t.from_account_id
         WHERE a.member_id IS NOT NULL AND t.kind IN ('BET', 'WIN', 'ROLLBACK') AND t.reference ? 'vendorId'
        UNION ALL
        SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date, t.currency,
               t.reference ->> 'vendorId', coalesce(t.reference ->> 'gameType', ''), t.kind, t.amount, 1, 0, 0
          FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
         WHERE a.member_id IS NOT NULL AND t.kind IN ('BET', 'WIN', 'ROLLBACK') AND t.reference ? 'vendorId'
      ) x GROUP BY member_id, day, currency, vendor_id, game_type, kind
    )
    SELECT concat_ws('/', coalesce(f.member_id, l.member_id), coalesce(f.day, l.day), coalesce(f.vendor_id, l.vendor_id),
             coalesce(f.game_type, l.game_type), coalesce(f.kind, l.kind)) AS key,
           ${flowSides}
    FROM member_game_day_flow f
    FULL JOIN l ON l.member_id = f.member_id AND l.day = f.day AND l.currency = f.currency
      AND l.vendor_id = f.vendor_id AND l.game_type = f.game_type AND l.kind = f.kind
    WHERE ${flowsDiffer}
    LIMIT 100`.execute(db);
  violations.push(...games.rows.map(flowViolation('GAME_AGGREGATE_NOT_LEDGER')));
  // The five-minute aggregates of settlement (migration 0049, decision 033).
  const slots = await sql<{ key: string; stored: string; ledger: string }>`
    WITH l AS (
      SELECT member_id, slot, currency, sum(bets) AS bets, sum(rollbacks) AS rollbacks, sum(wins) AS wins,
             sum(vendor_in) AS vendor_in, sum(vendor_out) AS vendor_out
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
      GROUP BY member_id, slot, currency
    )
    SELECT coalesce(f.member_id, l.member_id)::text || '/' || coalesce(f.slot, l.slot)::text AS key,
      concat_ws('/', f.bets, f.rollbacks, f.wins, f.vendor_in, f.vendor_out) AS stored,
      concat_ws('/', l.bets, l.rollbacks, l.wins, l.vendor_in, l.vendor_out) AS ledger
    FROM member_slot_flow f
    FULL JOIN l ON l.member_id = f.member_id AND l.slot = f.slot AND l.currency = f.currency
    WHERE f.member_id IS NULL OR l.member_id IS NULL
       OR (f.bets, f.rollbacks, f.wins, f.vendor_in, f.vendor_out)
          <> (l.bets, l.rollbacks, l.wins, l.vendor_in, l.vendor_out)
    LIMIT 100`.execute(db);
  for (const r of slots.rows)
    violations.push({
      rule: 'SLOT_AGGREGATE_NOT_LEDGER',
      detail: `${r.key}: aggregate bets/rollbacks/wins/vendor in/out ${r.stored || 'missing'}, ledger ${r.ledger || 'none'}`,
    });
  violations.push(...(await verifyAgentRollups(db)));
  return violations;
}

/**
 * The per-agent day rollup (migration 0054) against the ledger, the members and the downline
 * closure: every agent, day, band, currency and kind recomputed from the transfers of its team's
 * members (and `#JOINED` / `#FIRST_DEPOSIT` from registrations and first deposits), shards added up.
 */
export async function verifyAgentRollups(db: Db): Promise<LedgerViolation[]> {
  // Bets, wins and rollbacks reach the aggregates in batches (decision 107): all of them, first.
  await foldLedgerFlows(db);
  const { rows } = await sql<{ key: string; stored: string; ledger: string }>`
    WITH mf AS (
      SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day, t.currency, t.kind,
             0::bigint AS a_in, 0 AS c_in, t.amount AS a_out, 1 AS c_out
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.from_account_id WHERE a.member_id IS NOT NULL
      UNION ALL
      SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date, t.currency, t.kind, t.amount, 1, 0, 0
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id WHERE a.member_id IS NOT NULL
      UNION ALL
      SELECT id, (created_at AT TIME ZONE ${SITE_TIME_ZONE})::date, '*', '#JOINED', 0, 1, 0, 0 FROM member
      UNION ALL
      (SELECT DISTINCT ON (a.member_id) a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date, '*',
              '#FIRST_DEPOSIT', 0, 1, 0, 0
         FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
        WHERE t.kind = 'DEPOSIT' AND a.member_id IS NOT NULL
        ORDER BY a.member_id, t.id)
    ),
    l AS (
      SELECT g.ancestor_id AS agent_id, mf.day, least(g.depth, 2) AS band, mf.currency, mf.kind,
             sum(mf.a_in) AS a_in, sum(mf.c_in) AS c_in, sum(mf.a_out) AS a_out, sum(mf.c_out) AS c_out
        FROM mf JOIN member_tree g ON g.descendant_id = mf.member_id AND g.depth > 0
       GROUP BY 1, 2, 3, 4, 5
    ),
    f AS (
      SELECT agent_id, day, band, currency, kind, sum(amount_in) AS a_in, sum(count_in) AS c_in,
             sum(amount_out) AS a_out, sum(count_out) AS c_out
        FROM agent_day_flow GROUP BY 1, 2, 3, 4, 5
       HAVING (sum(amount_in), sum(count_in), sum(amount_out), sum(count_out)) <> (0, 0, 0, 0)
    )
    SELECT concat_ws('/', coalesce(f.agent_id, l.agent_id), coalesce(f.day, l.day), coalesce(f.band, l.band),
             coalesce(f.currency, l.currency), coalesce(f.kind, l.kind)) AS key,
           concat_ws(' ', f.a_in, f.c_in, f.a_out, f.c_out) AS stored,
           concat_ws(' ', l.a_in, l.c_in, l.a_out, l.c_out) AS ledger
    FROM f
    FULL JOIN l ON l.agent_id = f.agent_id AND l.day = f.day AND l.band = f.band AND l.currency = f.currency
      AND l.kind = f.kind
    WHERE f.agent_id IS NULL OR l.agent_id IS NULL
       OR (f.a_in, f.c_in, f.a_out, f.c_out) <> (l.a_in, l.c_in, l.a_out, l.c_out)
    LIMIT 100`.execute(db);
  const violations: LedgerViolation[] = rows.map((r) => ({
    rule: 'AGENT_AGGREGATE_NOT_LEDGER' as const,
    detail: `${r.key}: agent rollup in/count/out/count ${r.stored || 'missing'}, ledger ${r.ledger || 'none'}`,
  }));
  // Active days (migration 0055): each member-day's valid bets recomputed from the transfers.
  const valid = sql`
    SELECT member_id, day, sum(x) AS valid FROM (
      SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day, t.amount AS x
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.from_account_id
       WHERE t.kind = 'BET' AND t.currency = ${SITE_CURRENCY} AND a.member_id IS NOT NULL
      UNION ALL
      SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date, -t.amount
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
       WHERE t.kind = 'ROLLBACK' AND t.currency = ${SITE_CURRENCY} AND a.member_id IS NOT NULL
    ) y GROUP BY 1, 2`;
  const days = await sql<{ key: string }>`
    WITH v AS (${valid})
    SELECT concat_ws('/', 'active', coalesce(s.member_id, v.member_id), coalesce(s.day, v.day)) AS key
      FROM member_active_day s FULL JOIN (SELECT * FROM v WHERE valid > 0) v ON v.member_id = s.member_id AND v.day = s.day
     WHERE s.member_id IS NULL OR v.member_id IS NULL
    UNION ALL
    SELECT concat_ws('/', 'negative', coalesce(s.member_id, v.member_id), coalesce(s.day, v.day))
      FROM member_negative_day s FULL JOIN (SELECT * FROM v WHERE valid < 0) v ON v.member_id = s.member_id AND v.day = s.day
     WHERE s.member_id IS NULL OR v.member_id IS NULL
    LIMIT 100`.execute(db);
  for (const r of days.rows)
    violations.push({ rule: 'ACTIVE_DAY_NOT_LEDGER', detail: `${r.key}: stored and ledger disagree` });
  const chains = await sql<{ key: string; stored: number | null; ledger: number | null }>`
    WITH v AS (${valid}),
    c AS (
      SELECT member_id, day, lag(day) OVER (PARTITION BY member_id ORDER BY day) AS prev FROM v WHERE valid > 0
    ),
    l AS (
      SELECT g.ancestor_id AS agent_id, c.day, least(g.depth, 2) AS band,
             CASE WHEN c.prev IS NULL OR c.prev < c.day - ${ACTIVE_LOOKBACK_DAYS}::int THEN '-infinity'::date
                  ELSE c.prev END AS since,
             count(*)::int AS n
        FROM c JOIN member_tree g ON g.descendant_id = c.member_id AND g.depth > 0
       GROUP BY 1, 2, 3, 4
    ),
    s AS (SELECT * FROM agent_day_active WHERE members <> 0)
    SELECT concat_ws('/', coalesce(s.agent_id, l.agent_id), coalesce(s.day, l.day), coalesce(s.band, l.band),
             coalesce(s.since, l.since)) AS key, s.members AS stored, l.n AS ledger
      FROM s FULL JOIN l ON l.agent_id = s.agent_id AND l.day = s.day AND l.band = s.band AND l.since = s.since
     WHERE s.agent_id IS NULL OR l.agent_id IS NULL OR s.members <> l.n
     LIMIT 100`.execute(db);
  for (const r of chains.rows)
    violations.push({
      rule: 'AGENT_ACTIVE_NOT_LEDGER',
      detail: `${r.key}: agent active-day count ${r.stored ?? 'missing'}, ledger ${r.ledger ?? 'none'}`,
    });
  return violations;
}
