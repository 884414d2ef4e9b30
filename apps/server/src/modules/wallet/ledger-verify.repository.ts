import { SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export interface LedgerViolation {
  rule:
    | 'CURRENCY_NOT_ZERO'
    | 'BALANCE_NOT_ENTRIES'
    | 'DUPLICATE_KEY'
    | 'NEGATIVE_BALANCE'
    | 'AGGREGATE_NOT_LEDGER'
    | 'GAME_AGGREGATE_NOT_LEDGER'
    | 'FIRST_DEPOSIT_NOT_LEDGER'
    | 'TEAM_SIZE_NOT_TREE';
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
  return violations;
}

/**
 * The report aggregates (migration 0051) against the ledger they summarise: every member, day,
 * currency and kind's money in and out, and each member's first deposit, recomputed from the
 * transfers and compared row by row (a row on one side only is a difference too).
 */
export async function verifyAggregates(db: Db): Promise<LedgerViolation[]> {
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
           concat_ws(' ', f.amount_in, f.count_in, f.amount_out, f.count_out) AS stored,
           concat_ws(' ', l.a_in, l.c_in, l.a_out, l.c_out) AS ledger
    FROM member_day_flow f
    FULL JOIN l ON l.member_id = f.member_id AND l.day = f.day AND l.currency = f.currency AND l.kind = f.kind
    WHERE f.member_id IS NULL OR l.member_id IS NULL
       OR (f.amount_in, f.count_in, f.amount_out, f.count_out) <> (l.a_in, l.c_in, l.a_out, l.c_out)
    LIMIT 100`.execute(db);
  for (const r of flows.rows)
    violations.push({
      rule: 'AGGREGATE_NOT_LEDGER',
      detail: `${r.key}: aggregate in/count/out/count ${r.stored || 'missing'}, ledger ${r.ledger || 'none'}`,
    });
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
           concat_ws(' ', f.amount_in, f.count_in, f.amount_out, f.count_out) AS stored,
           concat_ws(' ', l.a_in, l.c_in, l.a_out, l.c_out) AS ledger
    FROM member_game_day_flow f
    FULL JOIN l ON l.member_id = f.member_id AND l.day = f.day AND l.currency = f.currency
      AND l.vendor_id = f.vendor_id AND l.game_type = f.game_type AND l.kind = f.kind
    WHERE f.member_id IS NULL OR l.member_id IS NULL
       OR (f.amount_in, f.count_in, f.amount_out, f.count_out) <> (l.a_in, l.c_in, l.a_out, l.c_out)
    LIMIT 100`.execute(db);
  for (const r of games.rows)
    violations.push({
      rule: 'GAME_AGGREGATE_NOT_LEDGER',
      detail: `${r.key}: aggregate in/count/out/count ${r.stored || 'missing'}, ledger ${r.ledger || 'none'}`,
    });
  return violations;
}
