import { CONTRACT_COST_KINDS, INCOME_KINDS } from '@portal/contracts/agent/agent.contract.ts';
import { SITE_CURRENCY, SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';
import { ACTIVE_LOOKBACK_DAYS } from '../../db/migrations/0055-agent-day-active.ts';
import { foldLedgerFlows } from '../wallet/ledger-flows.repository.ts';

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

/** A group with no members and no money moved. */
export const ZERO: FigureRow = {
  members: 0,
  newMembers: 0,
  firstDepositors: 0,
  activeMembers: 0,
  deposits: '0',
  withdrawals: '0',
  bets: '0',
  betCount: 0,
  validBets: '0',
  payouts: '0',
  profitLoss: '0',
  bonuses: '0',
};

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

/** The report figures of a set of flow rows (ledger kinds; `#JOINED` and `#FIRST_DEPOSIT` count members). */
const sums = sql`
  coalesce(sum(amount_in) FILTER (WHERE kind = 'DEPOSIT'), 0) AS deposits,
  coalesce(sum(amount_out) FILTER (WHERE kind = 'WITHDRAWAL'), 0) AS withdrawals,
  coalesce(sum(amount_out) FILTER (WHERE kind = 'BET'), 0) AS bets,
  coalesce(sum(count_out) FILTER (WHERE kind = 'BET'), 0) AS bet_count,
  coalesce(sum(amount_out) FILTER (WHERE kind = 'BET'), 0)
    - coalesce(sum(amount_in) FILTER (WHERE kind = 'ROLLBACK'), 0) AS valid_bets,
  coalesce(sum(amount_in) FILTER (WHERE kind = 'WIN'), 0) AS payouts,
  coalesce(sum(amount_in - amount_out) FILTER (WHERE kind = 'VENDOR_PLAY'), 0) AS vendor_play,
  coalesce(sum(amount_in) FILTER (WHERE kind = 'BONUS'), 0) AS bonuses,
  coalesce(sum(count_in) FILTER (WHERE kind = '#JOINED'), 0) AS joined,
  coalesce(sum(count_in) FILTER (WHERE kind = '#FIRST_DEPOSIT'), 0) AS firsts`;

/** A member's valid bets of a set of day rows: bets less rollbacks (site currency, BET and ROLLBACK rows). */
const validOf = (f: string) =>
  sql.raw(`sum(CASE WHEN ${f}.kind = 'BET' THEN ${f}.amount_out ELSE -${f}.amount_in END)`);

/**
 * Members (per band; the root itself as band 0) whose valid bets over the whole range are above zero,
 * read from the range's side (decision 041): the active days in the range whose previous active day
 * lies before it (`agent_day_active`, migration 0055) count each member with an active day once;
 * less the few members that also had a day below zero in the range (`member_negative_day`) and end
 * at or below zero over it. A range longer than the rollup's look-back sums every member instead.
 */
const activeMembers = (root: string, from: string, to: string) => {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  const betRows = (member: ReturnType<typeof sql>) => sql`
    FROM member_day_flow f
    WHERE f.member_id = ${member} AND f.kind IN ('BET', 'ROLLBACK')
      AND f.day BETWEEN ${from}::date AND ${to}::date AND f.currency = ${SITE_CURRENCY}`;
  if (days >= ACTIVE_LOOKBACK_DAYS)
    return sql`
      SELECT least(g.depth, 2) AS band, count(*) AS n
      FROM member_tree g
      WHERE g.ancestor_id = ${root} AND (SELECT ${validOf('f')} ${betRows(sql.ref('g.descendant_id'))}) > 0
      GROUP BY 1`;
  return sql`
    SELECT band, sum(n) AS n FROM (
      SELECT band, sum(members) AS n
      FROM agent_day_active
      WHERE agent_id = ${root} AND day BETWEEN ${from}::date AND ${to}::date AND since < ${from}::date
      GROUP BY band
      UNION ALL
      SELECT least(g.depth, 2), -count(*)
      FROM (SELECT DISTINCT member_id FROM member_negative_day WHERE day BETWEEN ${from}::date AND ${to}::date) nd
      JOIN member_tree g ON g.ancestor_id = ${root} AND g.descendant_id = nd.member_id AND g.depth > 0
      WHERE EXISTS (SELECT 1 FROM member_active_day a
                     WHERE a.member_id = nd.member_id AND a.day BETWEEN ${from}::date AND ${to}::date)
        AND (SELECT ${validOf('f')} ${betRows(sql.ref('nd.member_id'))}) <= 0
      GROUP BY 1
      UNION ALL
      SELECT 0, count(*) FROM (SELECT 1 ${betRows(sql`${root}`)} HAVING ${validOf('f')} > 0) own
    ) x
    GROUP BY band`;
};

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
/** A bet of the team's bet list. */
interface TeamBet {
  id: string;
  memberId: string;
  account: string;
  reference: Record<string, unknown>;
  amount: string;
  createdAt: Date;
}
const betColumns = sql`t.id::text AS id, a.member_id::text AS "memberId", m.account, t.reference,
  t.amount::text AS amount, t.created_at AS "createdAt"`;

const dayStart = (day: string, plus = 0) =>
  sql`((${day}::date + ${plus}::int)::timestamp AT TIME ZONE ${SITE_TIME_ZONE})`;

/**
 * Report reads. Every query starts from the closure rows of the root, so it only ever sees the root's
 * own subtree; the service has checked the root against the caller (agent-scope.ts).
 */
export function reportsRepository(db: Db) {
  return {
    /**
     * Figures per depth band below `root` (0 = root, 1 = direct downline, 2 = deeper). The team's
     * additive figures, registrations and first deposits come from the per-agent day rollup
     * (`agent_day_flow`, migration 0054): a few rows per day of the range, whatever the team's size
     * (decision 041). The root's own figures come from its own member-day rows; head counts from the
     * stored team size (migration 0053).
     */
    async figures(root: string, from: string, to: string): Promise<Map<number, FigureRow>> {
      await foldLedgerFlows(db);
      const { rows } = await sql<FigureRow & { band: number }>`
        WITH flows AS (
          SELECT band, kind, amount_in, count_in, amount_out, count_out
          FROM agent_day_flow
          WHERE agent_id = ${root} AND day BETWEEN ${from}::date AND ${to}::date
            AND currency IN (${SITE_CURRENCY}, '*')
          UNION ALL
          SELECT 0, kind, amount_in, count_in, amount_out, count_out
          FROM member_day_flow
          WHERE member_id = ${root} AND day BETWEEN ${from}::date AND ${to}::date AND currency = ${SITE_CURRENCY}
          UNION ALL
          SELECT 0, '#JOINED', 0, 1, 0, 0 FROM member
          WHERE id = ${root} AND created_at >= ${dayStart(from)} AND created_at < ${dayStart(to, 1)}
          UNION ALL
          SELECT 0, '#FIRST_DEPOSIT', 0, 1, 0, 0 FROM member_first_deposit
          WHERE member_id = ${root} AND day BETWEEN ${from}::date AND ${to}::date
        ),
        money AS (SELECT band, ${sums} FROM flows GROUP BY band),
        active AS (${activeMembers(root, from, to)}),
        direct AS (SELECT count(*) AS n FROM member WHERE upline_id = ${root}),
        sizes AS (
          SELECT 0 AS band, 1::bigint AS members
          UNION ALL SELECT 1, (SELECT n FROM direct)
          UNION ALL SELECT 2, coalesce((SELECT team_size FROM member_team_size WHERE member_id = ${root}), 0)
                             - (SELECT n FROM direct)
        )
        SELECT p.band, p.members::int AS members, coalesce(x.joined, 0)::int AS "newMembers",
          coalesce(x.firsts, 0)::int AS "firstDepositors", coalesce(ac.n, 0)::int AS "activeMembers",
          coalesce(x.deposits, 0)::text AS deposits, coalesce(x.withdrawals, 0)::text AS withdrawals,
          coalesce(x.bets, 0)::text AS bets, coalesce(x.bet_count, 0)::int AS "betCount",
          coalesce(x.valid_bets, 0)::text AS "validBets", coalesce(x.payouts, 0)::text AS payouts,
          coalesce(x.payouts - x.valid_bets + x.vendor_play, 0)::text AS "profitLoss",
          coalesce(x.bonuses, 0)::text AS bonuses
        FROM sizes p LEFT JOIN money x ON x.band = p.band LEFT JOIN active ac ON ac.band = p.band
        WHERE p.members > 0`.execute(db);
      return new Map(rows.map((r) => [r.band, r]));
    },

    /** The whole team's (depth ≥ 1) figures per day, from the per-agent day rollup as in `figures`. */
    async series(root: string, from: string, to: string) {
      await foldLedgerFlows(db);
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
        SELECT to_char(day, 'YYYY-MM-DD') AS day, joined::int AS "newMembers", firsts::int AS "firstDepositors",
          deposits::text AS deposits, withdrawals::text AS withdrawals, valid_bets::text AS "validBets",
          payouts::text AS payouts, (payouts - valid_bets + vendor_play)::text AS "profitLoss"
        FROM (
          SELECT day, ${sums}, sum(count_in + count_out) AS moves
          FROM agent_day_flow
          WHERE agent_id = ${root} AND day BETWEEN ${from}::date AND ${to}::date
            AND currency IN (${SITE_CURRENCY}, '*')
          GROUP BY day
        ) d
        WHERE moves > 0
        ORDER BY day`.execute(db);
      return rows;
    },

    /** Team members ranked by their result in the range; members without play are left out. */
    async userLoss(agentId: string, from: string, to: string, order: 'loss' | 'win', page: Page) {
      await foldLedgerFlows(db);
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
      await foldLedgerFlows(db);
      const member = f.memberId ? sql`AND a.member_id = ${f.memberId}` : sql``;
      // The BET transfers (t) out of the team's wallets in the range (one member's when asked), with their member (m).
      const teamBets = sql`member_tree g
        JOIN ledger_account a ON a.member_id = g.descendant_id AND a.currency = ${SITE_CURRENCY}
        JOIN ledger_transfer t ON t.from_account_id = a.id AND t.created_at >= ${start} AND t.created_at < ${end}
        JOIN member m ON m.id = a.member_id
        WHERE g.ancestor_id = ${agentId} AND g.depth > 0 AND t.kind = 'BET' ${member}`;
      const game = f.gameType ? sql`AND t.reference->>'gameType' = ${f.gameType}` : sql``;
      const vendor = f.vendorId ? sql`AND t.reference->>'vendorId' = ${f.vendorId}` : sql``;
      if (!f.gameType && !f.vendorId) {
        // Unfiltered by game: the count and sum come from the day aggregates (the range is whole
        // site days), so the page reads only its own rows, newest first, and stops (decision 038).
        // A window count over every bet of the range read them all (14,581 for the bench's day).
        const [{ rows }, totals] = await Promise.all([
          sql<TeamBet>`
          SELECT ${betColumns}
          FROM ${teamBets}
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
        const { rows } = await sql<TeamBet & { total: string; totalAmount: string }>`
        SELECT ${betColumns}, count(*) OVER ()::text AS total, sum(t.amount) OVER ()::text AS "totalAmount"
        FROM ${teamBets} ${game} ${vendor}
        ORDER BY t.id DESC
        LIMIT ${p.limit} OFFSET ${p.offset}`.execute(db);
        return rows;
      });
      return { rows, total: head ? Number(head.total) : 0, totalAmount: head?.totalAmount ?? '0' };
    },

    /**
     * The agent's income records: money that reached its main wallet as income, and what it paid its
     * downline under contracts (salary, dividend: its cost, issue 16), newest first.
     */
    async income(agentId: string, start: Date, end: Date, kind: string | undefined, page: Page) {
      const kinds = kind ? [kind] : [...INCOME_KINDS];
      const costKinds = kinds.filter((k) => (CONTRACT_COST_KINDS as readonly string[]).includes(k));
      const { rows, head } = await paged(page, async (p) => {
        const { rows } = await sql<{
          id: string;
          kind: (typeof INCOME_KINDS)[number];
          direction: 'IN' | 'OUT';
          amount: string;
          fromAccount: string | null;
          toAccount: string | null;
          createdAt: Date;
          total: string;
          totalIn: string;
          totalOut: string;
        }>`
        SELECT x.*, count(*) OVER ()::text AS total,
          coalesce(sum(x.amount::bigint) FILTER (WHERE x.direction = 'IN') OVER (), 0)::text AS "totalIn",
          coalesce(sum(x.amount::bigint) FILTER (WHERE x.direction = 'OUT') OVER (), 0)::text AS "totalOut"
        FROM (
          SELECT t.id::text AS id, t.kind, 'IN' AS direction, t.amount::text AS amount, fm.account AS "fromAccount",
            NULL::text AS "toAccount", t.created_at AS "createdAt"
          FROM ledger_account a
          JOIN ledger_transfer t ON t.to_account_id = a.id
          JOIN ledger_account fa ON fa.id = t.from_account_id
          LEFT JOIN member fm ON fm.id = fa.member_id
          WHERE a.member_id = ${agentId} AND a.kind = 'MEMBER_MAIN' AND a.currency = ${SITE_CURRENCY}
            AND t.kind IN (${sql.join(kinds)}) AND t.created_at >= ${start} AND t.created_at < ${end}
          UNION ALL
          SELECT t.id::text, t.kind, 'OUT', t.amount::text, NULL::text, tm.account, t.created_at
          FROM ledger_account a
          JOIN ledger_transfer t ON t.from_account_id = a.id
          JOIN ledger_account ta ON ta.id = t.to_account_id
          LEFT JOIN member tm ON tm.id = ta.member_id
          WHERE a.member_id = ${agentId} AND a.kind = 'MEMBER_MAIN' AND a.currency = ${SITE_CURRENCY}
            AND t.kind IN (${sql.join(costKinds.length ? costKinds : ['-'])})
            AND t.created_at >= ${start} AND t.created_at < ${end}
        ) x
        ORDER BY x.id::bigint DESC
        LIMIT ${p.limit} OFFSET ${p.offset}`.execute(db);
        return rows;
      });
      const totalIn = head?.totalIn ?? '0';
      const totalOut = head?.totalOut ?? '0';
      return {
        rows,
        total: head ? Number(head.total) : 0,
        totalIn,
        totalOut,
        totalAmount: (BigInt(totalIn) - BigInt(totalOut)).toString(),
      };
    },
  };
}
export type ReportsRepository = ReturnType<typeof reportsRepository>;
