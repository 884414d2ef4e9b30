import { INCOME_KINDS } from '@portal/contracts/agent/agent.contract.ts';
import { SITE_CURRENCY, SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Raw sums of one group of members; decimal strings for money, numbers for counts. */
export interface FigureRow {
  members: number;
  newMembers: number;
  firstDepositors: number;
  activeMembers: number;
  deposits: string;
  withdrawals: string;
  bets: string;
  betCount: number;
  validBets: string;
  payouts: string;
  profitLoss: string;
  bonuses: string;
}

/** Per member in the range: the sums the reports are made of (member_day_flow, migration 0051). */
const perMember = (root: string, from: string, to: string, minDepth: number) => sql`
  SELECT g.descendant_id AS member_id, g.depth,
    coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'DEPOSIT'), 0) AS deposits,
    coalesce(sum(f.amount_out) FILTER (WHERE f.kind = 'WITHDRAWAL'), 0) AS withdrawals,
    coalesce(sum(f.amount_out) FILTER (WHERE f.kind = 'BET'), 0) AS bets,
    coalesce(sum(f.count_out) FILTER (WHERE f.kind = 'BET'), 0) AS bet_count,
    coalesce(sum(f.amount_out) FILTER (WHERE f.kind = 'BET'), 0)
      - coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'ROLLBACK'), 0) AS valid_bets,
    coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'WIN'), 0) AS payouts,
    coalesce(sum(f.amount_in - f.amount_out) FILTER (WHERE f.kind = 'VENDOR_PLAY'), 0) AS vendor_play,
    coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'BONUS'), 0) AS bonuses
  FROM member_tree g
  JOIN member_day_flow f ON f.member_id = g.descendant_id
  WHERE g.ancestor_id = ${root} AND g.depth >= ${minDepth}
    AND f.day BETWEEN ${from}::date AND ${to}::date AND f.currency = ${SITE_CURRENCY}
  GROUP BY g.descendant_id, g.depth`;

type Page = { limit: number; offset: number };

/**
 * Runs a paged query whose rows carry the window's count (and sum). A page past the end has no row to
 * carry them, so the first row is read for them instead of answering a total of 0.
 */
async function paged<R>(page: Page, run: (page: Page) => Promise<R[]>): Promise<{ rows: R[]; head: R | undefined }> {
  const rows = await run(page);
  const head = rows[0] ?? (page.offset > 0 ? (await run({ limit: 1, offset: 0 }))[0] : undefined);
  return { rows, head };
}

/** The first instant of a site-time-zone day (`plus` days later), as a timestamptz. */
const dayStart = (day: string, plus = 0) =>
  sql`((${day}::date + ${plus}::int)::timestamp AT TIME ZONE ${SITE_TIME_ZONE})`;

/** "Depth group" of a member below the root: 0 the root itself, 1 its direct downline, 2 deeper. */
const band = (depth: ReturnType<typeof sql.ref>) => sql`least(${depth}, 2)`;

/**
 * Report reads. Every query starts from the closure rows of the root, so it only ever sees the root's
 * own subtree; the service has checked the root against the caller (agent-scope.ts).
 */
export function reportsRepository(db: Db) {
  return {
    /**
     * Figures per depth band below `root` (0 = root, 1 = direct downline, 2 = deeper). Each part is
     * read from the side that is small for the range (decision 038): the range's aggregate rows, the
     * members registered in it and its first deposits, each checked against the root's closure by
     * primary key; head counts come from the stored team size (migration 0053), not by counting the
     * whole team.
     */
    async figures(root: string, from: string, to: string): Promise<Map<number, FigureRow>> {
      const { rows } = await sql<FigureRow & { band: number }>`
        WITH pm AS (${perMember(root, from, to, 0)}),
        money AS (
          SELECT ${band(sql.ref('depth'))} AS band, sum(deposits) AS deposits, sum(withdrawals) AS withdrawals,
            sum(bets) AS bets, sum(bet_count) AS bet_count, sum(valid_bets) AS valid_bets, sum(payouts) AS payouts,
            sum(payouts - valid_bets + vendor_play) AS profit_loss, sum(bonuses) AS bonuses,
            count(*) FILTER (WHERE valid_bets > 0) AS active
          FROM pm GROUP BY 1
        ),
        direct AS (SELECT count(*) AS n FROM member WHERE upline_id = ${root}),
        sizes AS (
          SELECT 0 AS band, 1::bigint AS members
          UNION ALL SELECT 1, (SELECT n FROM direct)
          UNION ALL SELECT 2, coalesce((SELECT team_size FROM member_team_size WHERE member_id = ${root}), 0)
                             - (SELECT n FROM direct)
        ),
        joined AS (
          SELECT ${band(sql.ref('g.depth'))} AS band, count(*) AS n
          FROM member m JOIN member_tree g ON g.ancestor_id = ${root} AND g.descendant_id = m.id
          WHERE m.created_at >= ${dayStart(from)} AND m.created_at < ${dayStart(to, 1)}
          GROUP BY 1
        ),
        firsts AS (
          SELECT ${band(sql.ref('g.depth'))} AS band, count(*) AS n
          FROM member_first_deposit fd JOIN member_tree g ON g.ancestor_id = ${root} AND g.descendant_id = fd.member_id
          WHERE fd.day BETWEEN ${from}::date AND ${to}::date
          GROUP BY 1
        )
        SELECT p.band, p.members::int AS members, coalesce(j.n, 0)::int AS "newMembers",
          coalesce(fs.n, 0)::int AS "firstDepositors", coalesce(x.active, 0)::int AS "activeMembers",
          coalesce(x.deposits, 0)::text AS deposits, coalesce(x.withdrawals, 0)::text AS withdrawals,
          coalesce(x.bets, 0)::text AS bets, coalesce(x.bet_count, 0)::int AS "betCount",
          coalesce(x.valid_bets, 0)::text AS "validBets", coalesce(x.payouts, 0)::text AS payouts,
          coalesce(x.profit_loss, 0)::text AS "profitLoss", coalesce(x.bonuses, 0)::text AS bonuses
        FROM sizes p LEFT JOIN money x ON x.band = p.band LEFT JOIN joined j ON j.band = p.band
          LEFT JOIN firsts fs ON fs.band = p.band
        WHERE p.members > 0`.execute(db);
      return new Map(rows.map((r) => [r.band, r]));
    },

    /** The whole team's (depth ≥ 1) figures per day, each part read from the range's side as in `figures`. */
    async series(root: string, from: string, to: string) {
      const { rows } = await sql<{
        day: string;
        newMembers: number;
        firstDepositors: number;
        deposits: string;
        withdrawals: string;
        validBets: string;
        payouts: string;
        profitLoss: string;
      }>`
        WITH money AS (
          SELECT f.day,
            coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'DEPOSIT'), 0) AS deposits,
            coalesce(sum(f.amount_out) FILTER (WHERE f.kind = 'WITHDRAWAL'), 0) AS withdrawals,
            coalesce(sum(f.amount_out) FILTER (WHERE f.kind = 'BET'), 0)
              - coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'ROLLBACK'), 0) AS valid_bets,
            coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'WIN'), 0) AS payouts,
            coalesce(sum(f.amount_in - f.amount_out) FILTER (WHERE f.kind = 'VENDOR_PLAY'), 0) AS vendor_play
          FROM member_day_flow f
          JOIN member_tree g ON g.ancestor_id = ${root} AND g.descendant_id = f.member_id AND g.depth > 0
          WHERE f.day BETWEEN ${from}::date AND ${to}::date AND f.currency = ${SITE_CURRENCY}
          GROUP BY f.day
        ),
        joined AS (
          SELECT (m.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day, count(*) AS n
          FROM member m JOIN member_tree g ON g.ancestor_id = ${root} AND g.descendant_id = m.id AND g.depth > 0
          WHERE m.created_at >= ${dayStart(from)} AND m.created_at < ${dayStart(to, 1)}
          GROUP BY 1
        ),
        firsts AS (
          SELECT fd.day, count(*) AS n
          FROM member_first_deposit fd
          JOIN member_tree g ON g.ancestor_id = ${root} AND g.descendant_id = fd.member_id AND g.depth > 0
          WHERE fd.day BETWEEN ${from}::date AND ${to}::date GROUP BY 1
        ),
        days AS (SELECT day FROM money UNION SELECT day FROM joined UNION SELECT day FROM firsts)
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(j.n, 0)::int AS "newMembers",
          coalesce(fs.n, 0)::int AS "firstDepositors", coalesce(x.deposits, 0)::text AS deposits,
          coalesce(x.withdrawals, 0)::text AS withdrawals, coalesce(x.valid_bets, 0)::text AS "validBets",
          coalesce(x.payouts, 0)::text AS payouts,
          coalesce(x.payouts - x.valid_bets + x.vendor_play, 0)::text AS "profitLoss"
        FROM days d LEFT JOIN money x ON x.day = d.day LEFT JOIN joined j ON j.day = d.day
          LEFT JOIN firsts fs ON fs.day = d.day
        ORDER BY d.day`.execute(db);
      return rows;
    },

    /** Team members ranked by their result in the range; members without play are left out. */
    async userLoss(agentId: string, from: string, to: string, order: 'loss' | 'win', page: Page) {
      const dir = order === 'loss' ? sql`ASC` : sql`DESC`;
      const { rows, head } = await paged(page, async (p) => {
        const { rows } = await sql<{
          id: string;
          account: string;
          nickname: string | null;
          level: number;
          bets: string;
          validBets: string;
          payouts: string;
          profitLoss: string;
          total: string;
        }>`
        WITH pm AS (${perMember(agentId, from, to, 1)})
        SELECT m.id::text AS id, m.account, m.nickname, pm.depth AS level, pm.bets::text AS bets,
          pm.valid_bets::text AS "validBets", pm.payouts::text AS payouts,
          (pm.payouts - pm.valid_bets + pm.vendor_play)::text AS "profitLoss", count(*) OVER ()::text AS total
        FROM pm JOIN member m ON m.id = pm.member_id
        WHERE pm.bets > 0 OR pm.vendor_play <> 0
        ORDER BY (pm.payouts - pm.valid_bets + pm.vendor_play) ${dir}, m.id
        LIMIT ${p.limit} OFFSET ${p.offset}`.execute(db);
        return rows;
      });
      return { rows, total: head ? Number(head.total) : 0 };
    },

    /** The team's bets (BET transfers out of members' wallets) in the range. */
    async teamBets(
      agentId: string,
      start: Date,
      end: Date,
      f: { memberId?: string | undefined; gameType?: string | undefined; vendorId?: string | undefined },
      page: Page,
    ) {
      const member = f.memberId ? sql`AND a.member_id = ${f.memberId}` : sql``;
      const game = f.gameType ? sql`AND t.reference->>'gameType' = ${f.gameType}` : sql``;
      const vendor = f.vendorId ? sql`AND t.reference->>'vendorId' = ${f.vendorId}` : sql``;
      if (!f.gameType && !f.vendorId) {
        // Unfiltered by game: the count and sum come from the day aggregates (the range is whole
        // site days), so the page reads only its own rows, newest first, and stops (decision 038).
        // A window count over every bet of the range read them all (14,581 for the bench's day).
        const [{ rows }, totals] = await Promise.all([
          sql<{
            id: string;
            memberId: string;
            account: string;
            reference: Record<string, unknown>;
            amount: string;
            createdAt: Date;
          }>`
          SELECT t.id::text AS id, a.member_id::text AS "memberId", m.account, t.reference, t.amount::text AS amount,
            t.created_at AS "createdAt"
          FROM member_tree g
          JOIN ledger_account a ON a.member_id = g.descendant_id AND a.currency = ${SITE_CURRENCY}
          JOIN ledger_transfer t ON t.from_account_id = a.id AND t.created_at >= ${start} AND t.created_at < ${end}
          JOIN member m ON m.id = a.member_id
          WHERE g.ancestor_id = ${agentId} AND g.depth > 0 AND t.kind = 'BET' ${member}
          ORDER BY t.id DESC
          LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
          sql<{ total: string; totalAmount: string }>`
          SELECT coalesce(sum(f.count_out), 0)::text AS total, coalesce(sum(f.amount_out), 0)::text AS "totalAmount"
          FROM member_day_flow f
          JOIN member_tree g ON g.ancestor_id = ${agentId} AND g.descendant_id = f.member_id AND g.depth > 0
          WHERE f.kind = 'BET' AND f.currency = ${SITE_CURRENCY}
            AND f.day >= (${start}::timestamptz AT TIME ZONE ${SITE_TIME_ZONE})::date
            AND f.day < (${end}::timestamptz AT TIME ZONE ${SITE_TIME_ZONE})::date
            ${f.memberId ? sql`AND f.member_id = ${f.memberId}` : sql``}`.execute(db),
        ]);
        const sums = totals.rows[0];
        return { rows, total: Number(sums?.total ?? 0), totalAmount: sums?.totalAmount ?? '0' };
      }
      const { rows, head } = await paged(page, async (p) => {
        const { rows } = await sql<{
          id: string;
          memberId: string;
          account: string;
          reference: Record<string, unknown>;
          amount: string;
          createdAt: Date;
          total: string;
          totalAmount: string;
        }>`
        SELECT t.id::text AS id, a.member_id::text AS "memberId", m.account, t.reference, t.amount::text AS amount,
          t.created_at AS "createdAt", count(*) OVER ()::text AS total, sum(t.amount) OVER ()::text AS "totalAmount"
        FROM member_tree g
        JOIN ledger_account a ON a.member_id = g.descendant_id AND a.currency = ${SITE_CURRENCY}
        JOIN ledger_transfer t ON t.from_account_id = a.id AND t.created_at >= ${start} AND t.created_at < ${end}
        JOIN member m ON m.id = a.member_id
        WHERE g.ancestor_id = ${agentId} AND g.depth > 0 AND t.kind = 'BET' ${member} ${game} ${vendor}
        ORDER BY t.id DESC
        LIMIT ${p.limit} OFFSET ${p.offset}`.execute(db);
        return rows;
      });
      return { rows, total: head ? Number(head.total) : 0, totalAmount: head?.totalAmount ?? '0' };
    },

    /** Money that reached the agent's main wallet as income. */
    async income(agentId: string, start: Date, end: Date, kind: string | undefined, page: Page) {
      const kinds = kind ? [kind] : [...INCOME_KINDS];
      const { rows, head } = await paged(page, async (p) => {
        const { rows } = await sql<{
          id: string;
          kind: (typeof INCOME_KINDS)[number];
          amount: string;
          fromAccount: string | null;
          createdAt: Date;
          total: string;
          totalAmount: string;
        }>`
        SELECT t.id::text AS id, t.kind, t.amount::text AS amount, fm.account AS "fromAccount", t.created_at AS "createdAt",
          count(*) OVER ()::text AS total, sum(t.amount) OVER ()::text AS "totalAmount"
        FROM ledger_account a
        JOIN ledger_transfer t ON t.to_account_id = a.id
        JOIN ledger_account fa ON fa.id = t.from_account_id
        LEFT JOIN member fm ON fm.id = fa.member_id
        WHERE a.member_id = ${agentId} AND a.kind = 'MEMBER_MAIN' AND a.currency = ${SITE_CURRENCY}
          AND t.kind IN (${sql.join(kinds)}) AND t.created_at >= ${start} AND t.created_at < ${end}
        ORDER BY t.id DESC
        LIMIT ${p.limit} OFFSET ${p.offset}`.execute(db);
        return rows;
      });
      return { rows, total: head ? Number(head.total) : 0, totalAmount: head?.totalAmount ?? '0' };
    },
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
