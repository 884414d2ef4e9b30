import { SITE_CURRENCY, SITE_TIME_ZONE, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { foldLedgerFlows } from '../wallet/ledger-flows.repository.ts';

/** Money sums as decimal strings, counts as numbers: the raw figures of some days. */
export interface FlowRow {
  activePlayers: number;
  deposits: string;
  depositCount: number;
  withdrawals: string;
  withdrawalCount: number;
  bets: string;
  betCount: number;
  rollbacks: string;
  payouts: string;
  bonuses: string;
  rebates: string;
  pointsCash: string;
}
export interface PeopleRow {
  registrations: number;
  firstDeposits: number;
  firstDepositAmount: string;
}
export interface GameRow {
  vendorId: string | null;
  vendorName: string | null;
  category: string | null;
  players: number;
  bets: string;
  betCount: number;
  rollbacks: string;
  payouts: string;
}

/** Per member (and `by`) over the days: the kinds the dashboard reads (member_day_flow, decision 051). */
const perMember = (by: ReturnType<typeof sql>, from: string, to: string) => sql`
  SELECT ${by} f.member_id,
    coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'DEPOSIT'), 0) AS deposits,
    coalesce(sum(f.count_in) FILTER (WHERE f.kind = 'DEPOSIT'), 0) AS deposit_count,
    coalesce(sum(f.amount_out) FILTER (WHERE f.kind = 'WITHDRAWAL'), 0) AS withdrawals,
    coalesce(sum(f.count_out) FILTER (WHERE f.kind = 'WITHDRAWAL'), 0) AS withdrawal_count,
    coalesce(sum(f.amount_out) FILTER (WHERE f.kind = 'BET'), 0) AS bets,
    coalesce(sum(f.count_out) FILTER (WHERE f.kind = 'BET'), 0) AS bet_count,
    coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'ROLLBACK'), 0) AS rollbacks,
    coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'WIN'), 0) AS payouts,
    coalesce(sum(f.amount_in) FILTER (WHERE f.kind IN ('BONUS', 'MISSION_REWARD')), 0) AS bonuses,
    coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'REBATE'), 0) AS rebates,
    coalesce(sum(f.amount_in) FILTER (WHERE f.kind IN ('POINTS_CONVERT', 'POINTS_REDEEM')), 0) AS points_cash
  FROM member_day_flow f
  WHERE f.day BETWEEN ${from}::date AND ${to}::date AND f.currency = ${SITE_CURRENCY}
  GROUP BY ${by} f.member_id`;

/** The money columns summed over per-member rows, and the members with a valid bet. */
const summed = sql`
  count(*) FILTER (WHERE bets - rollbacks > 0)::int AS "activePlayers",
  coalesce(sum(deposits), 0)::text AS deposits, coalesce(sum(deposit_count), 0)::int AS "depositCount",
  coalesce(sum(withdrawals), 0)::text AS withdrawals, coalesce(sum(withdrawal_count), 0)::int AS "withdrawalCount",
  coalesce(sum(bets), 0)::text AS bets, coalesce(sum(bet_count), 0)::int AS "betCount",
  coalesce(sum(rollbacks), 0)::text AS rollbacks, coalesce(sum(payouts), 0)::text AS payouts,
  coalesce(sum(bonuses), 0)::text AS bonuses, coalesce(sum(rebates), 0)::text AS rebates,
  coalesce(sum(points_cash), 0)::text AS "pointsCash"`;

/**
 * The back office dashboard's reads: sums of the per-member daily aggregates the ledger trigger keeps
 * (never a scan of every transfer), site-time-zone days, the site currency (trial credit is another
 * currency, so free play never counts).
 */
export function dashboardRepository(db: Db) {
  return {
    /** Money figures per day that has any. */
    async flowsByDay(from: string, to: string): Promise<(FlowRow & { day: string })[]> {
      await foldLedgerFlows(db);
      const { rows } = await sql<FlowRow & { day: string }>`
        WITH pm AS (${perMember(sql`f.day,`, from, to)})
        SELECT day::text AS day, ${summed} FROM pm GROUP BY day ORDER BY day`.execute(db);
      return rows;
    },

    /** Money figures of the whole range (active players counted once however many days they played). */
    async flowsTotal(from: string, to: string): Promise<FlowRow> {
      await foldLedgerFlows(db);
      const { rows } = await sql<FlowRow>`
        WITH pm AS (${perMember(sql``, from, to)})
        SELECT ${summed} FROM pm`.execute(db);
      return rows[0]!;
    },

    /** Registrations (trial accounts aside) and first deposits per day that has any. */
    async peopleByDay(from: string, to: string, start: Date, end: Date): Promise<(PeopleRow & { day: string })[]> {
      await foldLedgerFlows(db);
      const { rows } = await sql<PeopleRow & { day: string }>`
        WITH reg AS (
          SELECT (created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day, count(*) AS n
          FROM member WHERE created_at >= ${start} AND created_at < ${end} AND type <> ${TRIAL_TYPE}
          GROUP BY 1
        ),
        fd AS (
          SELECT day, count(*) AS n, sum(amount) AS amount
          FROM member_first_deposit WHERE day BETWEEN ${from}::date AND ${to}::date
          GROUP BY day
        )
        SELECT coalesce(reg.day, fd.day)::text AS day, coalesce(reg.n, 0)::int AS registrations,
          coalesce(fd.n, 0)::int AS "firstDeposits", coalesce(fd.amount, 0)::text AS "firstDepositAmount"
        FROM reg FULL JOIN fd ON fd.day = reg.day
        ORDER BY 1`.execute(db);
      return rows;
    },

    /** Seamless game figures per vendor and per game category (member_game_day_flow, migration 0043). */
    async games(from: string, to: string): Promise<GameRow[]> {
      await foldLedgerFlows(db);
      const { rows } = await sql<GameRow>`
        WITH pm AS (
          SELECT vendor_id, game_type, member_id,
            coalesce(sum(amount_out) FILTER (WHERE kind = 'BET'), 0) AS bets,
            coalesce(sum(count_out) FILTER (WHERE kind = 'BET'), 0) AS bet_count,
            coalesce(sum(amount_in) FILTER (WHERE kind = 'ROLLBACK'), 0) AS rollbacks,
            coalesce(sum(amount_in) FILTER (WHERE kind = 'WIN'), 0) AS payouts
          FROM member_game_day_flow
          WHERE day BETWEEN ${from}::date AND ${to}::date AND currency = ${SITE_CURRENCY}
          GROUP BY vendor_id, game_type, member_id
        )
        SELECT pm.vendor_id AS "vendorId", min(v.name) AS "vendorName", pm.game_type AS category,
          count(DISTINCT pm.member_id) FILTER (WHERE pm.bets - pm.rollbacks > 0)::int AS players,
          sum(pm.bets)::text AS bets, sum(pm.bet_count)::int AS "betCount",
          sum(pm.rollbacks)::text AS rollbacks, sum(pm.payouts)::text AS payouts
        FROM pm LEFT JOIN vendor v ON v.id = pm.vendor_id
        GROUP BY GROUPING SETS ((pm.vendor_id), (pm.game_type))`.execute(db);
      return rows;
    },
  };
}
export type DashboardRepository = ReturnType<typeof dashboardRepository>;
