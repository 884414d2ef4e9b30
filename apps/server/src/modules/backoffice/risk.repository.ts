import type { SharedKind } from '@portal/contracts/backoffice/risk.contract.ts';
import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Members shown per cluster; the count says how many there are in all. */
const MEMBERS_PER_CLUSTER = 50;

export interface ClusterRow {
  value: string;
  memberCount: number;
  lastSeenAt: Date | string;
  members: { id: string; account: string; type: number; status: 'ACTIVE' | 'DISABLED' }[] | null;
}
export interface LargeWinRow {
  vendorId: string;
  vendorName: string | null;
  transactionId: string;
  roundId: string | null;
  memberId: string | null;
  memberAccount: string | null;
  currency: string | null;
  win: string;
  bet: string;
  at: Date | string;
}
export interface ChallengeRow {
  memberId: string;
  memberAccount: string;
  ip: string;
  method: 'SMS' | 'EMAIL' | 'BANK';
  portal: string;
  attempts: number;
  createdAt: Date | string;
  expiresAt: Date | string;
  usedAt: Date | string | null;
}

/**
 * Each kind's rows as (key, label, member, seen): the value members share, how it is shown, who
 * has it and when it was last seen with them. A bank account's key is its bank (case and spaces
 * aside) and its number's digits, so "110-123-456" and "110123456" at "KB " and "kb" are one account
 * (the expression index of migration 0036).
 */
const SOURCES: Record<SharedKind, RawBuilder<unknown>> = {
  IP: sql`SELECT ip AS key, ip AS label, member_id, first_seen_at AS seen_at FROM member_known_ip`,
  DEVICE: sql`SELECT device_id AS key, device_id AS label, member_id, last_seen_at AS seen_at FROM member_device`,
  BANK: sql`
    SELECT lower(btrim(bank_name)) || ' ' || regexp_replace(account_number, '[^0-9]', '', 'g') AS key,
           btrim(bank_name) || ' · ' || regexp_replace(account_number, '[^0-9]', '', 'g') AS label,
           member_id, created_at AS seen_at
      FROM bank_account
     WHERE regexp_replace(account_number, '[^0-9]', '', 'g') <> ''`,
};

/** The risk screens' reads (issue 14, decision 028): shared values, large wins, new-address checks. */
export function riskRepository(db: Db) {
  return {
    /** Values more than one (non-trial) member shares, the largest clusters first, with their members. */
    async sharedClusters(kind: SharedKind, q: { text?: string | undefined; limit: number; offset: number }) {
      const filter = q.text ? sql`AND s.label ILIKE ${`%${q.text.replace(/[\\%_]/g, '\\$&')}%`}` : sql``;
      const clusters = sql`
        SELECT s.key, min(s.label) AS value, count(DISTINCT s.member_id)::int AS member_count,
               max(s.seen_at) AS last_seen_at
          FROM (${SOURCES[kind]}) s
          JOIN member m ON m.id = s.member_id
         WHERE m.type <> ${TRIAL_TYPE} ${filter}
         GROUP BY s.key
        HAVING count(DISTINCT s.member_id) > 1`;
      const [rows, count] = await Promise.all([
        sql<ClusterRow>`
          SELECT c.value, c.member_count AS "memberCount", c.last_seen_at AS "lastSeenAt",
                 (SELECT json_agg(json_build_object('id', x.id::text, 'account', x.account, 'type', x.type,
                                                    'status', x.status) ORDER BY x.id)
                    FROM (SELECT DISTINCT m.id, m.account, m.type, m.status
                            FROM (${SOURCES[kind]}) s
                            JOIN member m ON m.id = s.member_id
                           WHERE s.key = c.key AND m.type <> ${TRIAL_TYPE}
                           ORDER BY m.id
                           LIMIT ${MEMBERS_PER_CLUSTER}) x) AS members
            FROM (${clusters}) c
           ORDER BY c.member_count DESC, c.last_seen_at DESC, c.value
           LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db),
        sql<{ n: number }>`SELECT count(*)::int AS n FROM (${clusters}) c`.execute(db),
      ]);
      return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
    },

    /** WIN rows of the seamless wallet at or above `minWin` in [start, end), the largest first, with the round's bet. */
    async largeWins(q: { start: Date; end: Date; minWin: string; limit: number; offset: number }) {
      const base = db
        .selectFrom('seamlessTransaction as s')
        .where('s.action', '=', 'WIN')
        .where('s.createdAt', '>=', q.start)
        .where('s.createdAt', '<', q.end)
        .where(sql<boolean>`s.amount >= ${q.minWin}::bigint`);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('member as m', 'm.id', 's.memberId')
          .select([
            's.vendorId',
            sql<string | null>`(SELECT v.name FROM vendor v WHERE v.id = s.vendor_id)`.as('vendorName'),
            's.transactionId',
            's.roundId',
            's.memberId',
            'm.account as memberAccount',
            's.currency',
            sql<string>`s.amount::text`.as('win'),
            sql<string>`coalesce((SELECT sum(b.amount) FROM seamless_transaction b
                                   WHERE b.vendor_id = s.vendor_id AND b.round_id = s.round_id
                                     AND b.action = 'BET'), 0)::text`.as('bet'),
            's.createdAt as at',
          ])
          .orderBy('s.amount', 'desc')
          .orderBy('s.createdAt', 'desc')
          .orderBy('s.transactionId')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        base
          .select([
            's.currency',
            sql<number>`count(*)::int`.as('n'),
            sql<string>`sum(s.amount)::text`.as('win'),
            sql<string>`coalesce(sum((SELECT sum(b.amount) FROM seamless_transaction b
                                       WHERE b.vendor_id = s.vendor_id AND b.round_id = s.round_id
                                         AND b.action = 'BET')), 0)::text`.as('bet'),
          ])
          .groupBy('s.currency')
          .orderBy('s.currency')
          .execute(),
      ]);
      // Every matching win's count and sums per currency, not only the page's.
      const totals = count.map((c) => ({ currency: c.currency, count: c.n, win: c.win, bet: c.bet }));
      return { rows: rows as LargeWinRow[], total: totals.reduce((n, c) => n + c.count, 0), totals };
    },

    /** The new-address checks asked in [start, end), newest first, optionally of one account. */
    async newAddressChecks(q: { start: Date; end: Date; account?: string | undefined; limit: number; offset: number }) {
      let base = db
        .selectFrom('loginChallenge as c')
        .innerJoin('member as m', 'm.id', 'c.memberId')
        .where('c.createdAt', '>=', q.start)
        .where('c.createdAt', '<', q.end);
      if (q.account) base = base.where(sql<boolean>`lower(m.account) = lower(${q.account})`);
      const [rows, count] = await Promise.all([
        base
          .select([
            'c.memberId',
            'm.account as memberAccount',
            'c.ip',
            'c.method',
            'c.portal',
            'c.attempts',
            'c.createdAt',
            'c.expiresAt',
            'c.usedAt',
          ])
          .orderBy('c.createdAt', 'desc')
          .orderBy('c.id')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as ChallengeRow[], total: count.n };
    },
  };
}
export type RiskRepository = ReturnType<typeof riskRepository>;
