import { SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Half-open instant range [start, end) and a page. */
export interface Window {
  start: Date;
  end: Date;
  limit: number;
  offset: number;
}

export interface EntryRow {
  id: string;
  kind: string;
  accountKind: string;
  signed: string;
  currency: string;
  balanceAfter: string;
  createdAt: Date;
  reference: Record<string, unknown>;
  counterpartyAccount: string | null;
  total: string;
}

export interface AccountRecordRow {
  type: 'DEPOSIT' | 'WITHDRAWAL';
  id: string;
  amount: string;
  currency: string;
  status: string;
  method: string;
  rejectReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  confirmation: 'RECEIVED' | 'NOT_RECEIVED' | 'FULL_PAYMENT' | null;
  total: string;
}

export interface BonusRow {
  id: string;
  amount: string;
  currency: string;
  reference: Record<string, unknown>;
  createdAt: Date;
  total: string;
  totalAmount: string;
}

export interface ProfitRow {
  day: string;
  gameType: string;
  betAmount: string;
  winAmount: string;
  rollbackAmount: string;
  netAmount: string;
  betCount: string;
  total: string;
  sumBet: string;
  sumWin: string;
  sumRollback: string;
  sumNet: string;
}

/**
 * Every entry of one member's ledger accounts: one row per (transfer, own account), signed for that
 * account, with the account's running balance. The ledger assigns transfer ids under the account's
 * row lock (ledger.service.ts), so the running sum by id is the exact balance after each transfer.
 * The running sum needs all of an account's entries, so date and type filters apply after it.
 */
const entries = (memberId: string, accountKinds?: readonly string[]) => {
  const kinds = accountKinds ? sql`AND kind IN (${sql.join(accountKinds)})` : sql``;
  return sql`
    acc AS (SELECT id, kind FROM ledger_account WHERE member_id = ${memberId} ${kinds}),
    e AS (
      SELECT t.id, t.kind, t.currency, t.created_at, t.reference, a.id AS account_id, a.kind AS account_kind,
        -t.amount AS signed, t.to_account_id AS other_account_id
      FROM acc a JOIN ledger_transfer t ON t.from_account_id = a.id
      UNION ALL
      SELECT t.id, t.kind, t.currency, t.created_at, t.reference, a.id, a.kind, t.amount, t.from_account_id
      FROM acc a JOIN ledger_transfer t ON t.to_account_id = a.id
    ),
    r AS (SELECT e.*, sum(e.signed) OVER (PARTITION BY e.account_id ORDER BY e.id) AS balance_after FROM e)`;
};

/** The money accounts the transaction history shows; points (currency PTS) have the points mall's own detail. */
const MONEY_ACCOUNTS = ['MEMBER_MAIN', 'MEMBER_HOLD', 'MEMBER_VENDOR', 'MEMBER_TRIAL', 'MEMBER_BONUS'] as const;

const inRange = (column: RawBuilder<unknown>, w: Window) => sql`${column} >= ${w.start} AND ${column} < ${w.end}`;

/** Only reads, and only rows of the given member: a member never sees another member's money. */
export function historyRepository(db: Db) {
  return {
    async transactions(memberId: string, w: Window, kinds?: { in?: string[]; notIn?: string[] }) {
      const kindFilter = kinds?.in
        ? sql`AND r.kind IN (${sql.join(kinds.in)})`
        : kinds?.notIn
          ? sql`AND r.kind NOT IN (${sql.join(kinds.notIn)})`
          : sql``;
      const q = sql<EntryRow>`
        WITH ${entries(memberId, MONEY_ACCOUNTS)},
        page AS (
          SELECT r.*, count(*) OVER () AS total FROM r
          WHERE ${inRange(sql.ref('r.created_at'), w)} ${kindFilter}
          ORDER BY r.id DESC, r.account_id DESC
          LIMIT ${w.limit} OFFSET ${w.offset}
        )
        SELECT page.id, page.kind, page.account_kind AS "accountKind", page.signed::text AS signed, page.currency,
          page.balance_after::text AS "balanceAfter", page.created_at AS "createdAt", page.reference,
          CASE WHEN om.id <> ${memberId} THEN om.account END AS "counterpartyAccount", page.total::text AS total
        FROM page
        JOIN ledger_account o ON o.id = page.other_account_id
        LEFT JOIN member om ON om.id = o.member_id
        ORDER BY page.id DESC, page.account_id DESC`;
      const rows = (await q.execute(db)).rows;
      return { rows, total: rows[0] ? Number(rows[0].total) : undefined };
    },

    async accountRecord(memberId: string, w: Window, filter: { type?: string; status?: string }) {
      const type = filter.type ? sql`AND x.type = ${filter.type}` : sql``;
      const status = filter.status ? sql`AND x.status = ${filter.status}` : sql``;
      const q = sql<AccountRecordRow>`
        SELECT x.*, count(*) OVER ()::text AS total FROM (
          SELECT 'DEPOSIT' AS type, d.id::text AS id, d.amount::text AS amount, d.currency, d.status,
            d.method_code AS method, d.reject_reason AS "rejectReason", d.created_at AS "createdAt",
            d.decided_at AS "decidedAt", NULL AS confirmation
          FROM deposit d WHERE d.member_id = ${memberId} AND ${inRange(sql.ref('d.created_at'), w)}
          UNION ALL
          SELECT 'WITHDRAWAL', w.id::text, w.amount::text, w.currency, w.status, b.bank_name, w.reject_reason,
            w.created_at, w.decided_at, w.confirmation
          FROM withdrawal w JOIN bank_account b ON b.id = w.bank_account_id
          WHERE w.member_id = ${memberId} AND ${inRange(sql.ref('w.created_at'), w)}
        ) x
        WHERE true ${type} ${status}
        ORDER BY x."createdAt" DESC, x.type, x.id::bigint DESC
        LIMIT ${w.limit} OFFSET ${w.offset}`;
      const rows = (await q.execute(db)).rows;
      return { rows, total: rows[0] ? Number(rows[0].total) : undefined };
    },

    async bonuses(memberId: string, currency: string, w: Window) {
      const q = sql<BonusRow>`
        SELECT t.id, t.amount::text AS amount, t.currency, t.reference, t.created_at AS "createdAt",
          count(*) OVER ()::text AS total, sum(t.amount) OVER ()::text AS "totalAmount"
        FROM ledger_account a JOIN ledger_transfer t ON t.to_account_id = a.id
        WHERE a.member_id = ${memberId} AND a.currency = ${currency} AND t.kind = 'BONUS'
          AND ${inRange(sql.ref('t.created_at'), w)}
        ORDER BY t.id DESC
        LIMIT ${w.limit} OFFSET ${w.offset}`;
      const rows = (await q.execute(db)).rows;
      return { rows, total: rows[0] ? Number(rows[0].total) : undefined };
    },

    /**
     * Bets, wins and rollbacks of the wallet games play from, by site-time-zone day and the game type
     * the vendor put in the transfer's reference; with totals over all groups.
     */
    async profit(memberId: string, currency: string, w: Window, gameType?: string) {
      const game = gameType ? sql`AND coalesce(t.reference->>'gameType', 'UNKNOWN') = ${gameType}` : sql``;
      const q = sql<ProfitRow>`
        WITH play AS (
          SELECT t.kind, t.created_at, t.reference,
            CASE WHEN t.to_account_id = a.id THEN t.amount ELSE -t.amount END AS signed
          FROM ledger_account a
          JOIN ledger_transfer t ON t.from_account_id = a.id OR t.to_account_id = a.id
          WHERE a.member_id = ${memberId} AND a.currency = ${currency} AND a.kind IN ('MEMBER_MAIN', 'MEMBER_TRIAL')
            AND t.kind IN ('BET', 'WIN', 'ROLLBACK') AND ${inRange(sql.ref('t.created_at'), w)} ${game}
        ),
        g AS (
          SELECT to_char((created_at AT TIME ZONE ${SITE_TIME_ZONE})::date, 'YYYY-MM-DD') AS day,
            coalesce(reference->>'gameType', 'UNKNOWN') AS game_type,
            coalesce(sum(-signed) FILTER (WHERE kind = 'BET'), 0) AS bet,
            coalesce(sum(signed) FILTER (WHERE kind = 'WIN'), 0) AS win,
            coalesce(sum(signed) FILTER (WHERE kind = 'ROLLBACK'), 0) AS rollback,
            sum(signed) AS net,
            count(*) FILTER (WHERE kind = 'BET') AS bets
          FROM play GROUP BY 1, 2
        )
        SELECT day, game_type AS "gameType", bet::text AS "betAmount", win::text AS "winAmount",
          rollback::text AS "rollbackAmount", net::text AS "netAmount", bets::text AS "betCount",
          count(*) OVER ()::text AS total, sum(bet) OVER ()::text AS "sumBet", sum(win) OVER ()::text AS "sumWin",
          sum(rollback) OVER ()::text AS "sumRollback", sum(net) OVER ()::text AS "sumNet"
        FROM g
        ORDER BY day DESC, game_type
        LIMIT ${w.limit} OFFSET ${w.offset}`;
      return (await q.execute(db)).rows;
    },
  };
}
export type HistoryRepository = ReturnType<typeof historyRepository>;
