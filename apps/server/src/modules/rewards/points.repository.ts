import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';
import { foldLedgerFlows } from '../wallet/ledger-flows.repository.ts';

export interface MallItemRow {
  id: string;
  kind: 'CASH' | 'BONUS' | 'GOODS';
  texts: Record<string, { name: string; description: string }>;
  points: number;
  amount: string;
  wageringMultiple: number;
  stock: number | null;
  memberLimit: number | null;
  enabled: boolean;
  sort: number;
  currency: string;
}

export interface RedemptionRow {
  id: string;
  memberId: string;
  memberAccount?: string;
  itemId: string | null;
  requestId: string;
  quantity: number;
  points: string;
  amount: string;
  status: 'PROCESS' | 'REJECTED' | 'APPROVED';
  rejectReason: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
  itemKind: 'CASH' | 'BONUS' | 'GOODS' | null;
  itemTexts: MallItemRow['texts'] | null;
  currency: string;
}

const ITEM = sql`id::text, kind, texts, points, amount::text, wagering_multiple AS "wageringMultiple", stock,
  member_limit AS "memberLimit", enabled, sort, currency`;
const REDEMPTION = sql`r.id::text, r.member_id::text AS "memberId", r.item_id::text AS "itemId",
  r.request_id AS "requestId", r.quantity, r.points::text, r.amount::text, r.status, r.reject_reason AS "rejectReason",
  r.reviewed_at AS "reviewedAt", r.created_at AS "createdAt", i.kind AS "itemKind", i.texts AS "itemTexts",
  coalesce(i.currency, 'KRW') AS currency`;

/** Points config, accruals, mall items and redemptions (migration 0072, decision 072). */
export function pointsRepository(db: Db) {
  return {
    async config(exec: Executor = db): Promise<{ earnPerMillion: number; convertRate: number }> {
      const { rows } = await sql<{ earnPerMillion: number; convertRate: number }>`
        SELECT earn_per_million AS "earnPerMillion", convert_rate AS "convertRate" FROM points_config WHERE id = 1`.execute(
        exec,
      );
      return rows[0] ?? { earnPerMillion: 0, convertRate: 0 };
    },

    async setConfig(trx: Executor, earnPerMillion: number, convertRate: number): Promise<void> {
      await sql`
        UPDATE points_config SET earn_per_million = ${earnPerMillion}, convert_rate = ${convertRate}, updated_at = now()
         WHERE id = 1`.execute(trx);
    },

    /** The member's main wallet row: every bet locks it first, and so does every change of points. */
    async lockMainWallet(trx: Executor, memberId: string, currency: string): Promise<void> {
      await sql`
        SELECT id FROM ledger_account WHERE kind = 'MEMBER_MAIN' AND member_id = ${memberId} AND currency = ${currency}
        FOR UPDATE`.execute(trx);
    },

    /** The member's accrual, locked: millionths earned and not credited, and whole points credited so far. */
    async lockAccrual(trx: Executor, memberId: string): Promise<{ accrued: bigint; credited: bigint } | undefined> {
      await foldLedgerFlows(trx);
      const { rows } = await sql<{ accrued: string; credited: string }>`
        SELECT accrued::text, credited::text FROM member_points WHERE member_id = ${memberId} FOR UPDATE`.execute(trx);
      return rows[0] ? { accrued: BigInt(rows[0].accrued), credited: BigInt(rows[0].credited) } : undefined;
    },

    async accrued(memberId: string): Promise<bigint> {
      await foldLedgerFlows(db);
      const { rows } = await sql<{ accrued: string }>`
        SELECT accrued::text FROM member_points WHERE member_id = ${memberId}`.execute(db);
      return BigInt(rows[0]?.accrued ?? '0');
    },

    async markCredited(trx: Executor, memberId: string, points: bigint): Promise<void> {
      await sql`
        UPDATE member_points SET accrued = accrued - ${(points * 1_000_000n).toString()}::bigint,
               credited = credited + ${points.toString()}::bigint
         WHERE member_id = ${memberId}`.execute(trx);
    },

    async items(opts: { enabledOnly: boolean }, exec: Executor = db): Promise<MallItemRow[]> {
      const where = opts.enabledOnly ? sql`WHERE enabled` : sql``;
      const { rows } = await sql<MallItemRow>`SELECT ${ITEM} FROM mall_item ${where} ORDER BY sort, id`.execute(exec);
      return rows;
    },

    async item(id: string, exec: Executor = db): Promise<MallItemRow | undefined> {
      const { rows } = await sql<MallItemRow>`SELECT ${ITEM} FROM mall_item WHERE id = ${id}`.execute(exec);
      return rows[0];
    },

    async saveItem(
      trx: Executor,
      i: Omit<MallItemRow, 'id' | 'currency'> & { id?: string | undefined },
    ): Promise<string> {
      const texts = JSON.stringify(i.texts);
      if (i.id) {
        const { rows } = await sql<{ id: string }>`
          UPDATE mall_item SET kind = ${i.kind}, texts = ${texts}::jsonb, points = ${i.points}, amount = ${i.amount}::bigint,
                 wagering_multiple = ${i.wageringMultiple}, stock = ${i.stock}, member_limit = ${i.memberLimit},
                 enabled = ${i.enabled}, sort = ${i.sort}, updated_at = now()
           WHERE id = ${i.id} RETURNING id::text`.execute(trx);
        return rows[0]?.id ?? '';
      }
      const { rows } = await sql<{ id: string }>`
        INSERT INTO mall_item (kind, texts, points, amount, wagering_multiple, stock, member_limit, enabled, sort)
        VALUES (${i.kind}, ${texts}::jsonb, ${i.points}, ${i.amount}::bigint, ${i.wageringMultiple}, ${i.stock},
                ${i.memberLimit}, ${i.enabled}, ${i.sort})
        RETURNING id::text`.execute(trx);
      return rows[0]!.id;
    },

    /** Takes `quantity` from a limited stock; false when not enough is left. Unlimited stock always gives. */
    async takeStock(trx: Executor, itemId: string, quantity: number): Promise<boolean> {
      const { rows } = await sql<{ id: string }>`
        UPDATE mall_item SET stock = CASE WHEN stock IS NULL THEN NULL ELSE stock - ${quantity} END
         WHERE id = ${itemId} AND (stock IS NULL OR stock >= ${quantity}) RETURNING id::text`.execute(trx);
      return rows.length === 1;
    },

    async returnStock(trx: Executor, itemId: string, quantity: number): Promise<void> {
      await sql`UPDATE mall_item SET stock = stock + ${quantity} WHERE id = ${itemId} AND stock IS NOT NULL`.execute(
        trx,
      );
    },

    /** Units of each item the member has redeemed, rejected ones aside. */
    async redeemedBy(memberId: string, exec: Executor = db): Promise<Map<string, number>> {
      const { rows } = await sql<{ itemId: string; n: number }>`
        SELECT item_id::text AS "itemId", sum(quantity)::int AS n FROM points_redemption
         WHERE member_id = ${memberId} AND item_id IS NOT NULL AND status <> 'REJECTED' GROUP BY item_id`.execute(exec);
      return new Map(rows.map((r) => [r.itemId, r.n]));
    },

    async redeemedTotals(exec: Executor = db): Promise<Map<string, number>> {
      const { rows } = await sql<{ itemId: string; n: number }>`
        SELECT item_id::text AS "itemId", sum(quantity)::int AS n FROM points_redemption
         WHERE item_id IS NOT NULL AND status <> 'REJECTED' GROUP BY item_id`.execute(exec);
      return new Map(rows.map((r) => [r.itemId, r.n]));
    },

    async redemptionByRequest(memberId: string, requestId: string, exec: Executor = db) {
      const { rows } = await sql<RedemptionRow>`
        SELECT ${REDEMPTION} FROM points_redemption r LEFT JOIN mall_item i ON i.id = r.item_id
         WHERE r.member_id = ${memberId} AND r.request_id = ${requestId}`.execute(exec);
      return rows[0];
    },

    async redemption(id: string, exec: Executor = db, lock = false) {
      const forUpdate = lock ? sql` FOR UPDATE OF r` : sql``;
      const { rows } = await sql<RedemptionRow>`
        SELECT ${REDEMPTION}, m.account AS "memberAccount"
          FROM points_redemption r LEFT JOIN mall_item i ON i.id = r.item_id JOIN member m ON m.id = r.member_id
         WHERE r.id = ${id}${forUpdate}`.execute(exec);
      return rows[0];
    },

    async insertRedemption(
      trx: Executor,
      r: {
        memberId: string;
        itemId: string | null;
        requestId: string;
        quantity: number;
        points: bigint;
        amount: bigint;
        status: 'PROCESS' | 'APPROVED';
      },
    ): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO points_redemption (member_id, item_id, request_id, quantity, points, amount, status)
        VALUES (${r.memberId}, ${r.itemId}, ${r.requestId}, ${r.quantity}, ${r.points.toString()}::bigint,
                ${r.amount.toString()}::bigint, ${r.status})
        RETURNING id::text`.execute(trx);
      return rows[0]!.id;
    },

    async review(
      trx: Executor,
      id: string,
      status: 'APPROVED' | 'REJECTED',
      reason: string | null,
      staffId: string | null,
    ): Promise<void> {
      await sql`
        UPDATE points_redemption SET status = ${status}, reject_reason = ${reason}, reviewed_by = ${staffId},
               reviewed_at = now()
         WHERE id = ${id}`.execute(trx);
    },

    async redemptionsOf(memberId: string, limit: number, offset: number) {
      const { rows } = await sql<RedemptionRow & { total: string }>`
        SELECT ${REDEMPTION}, count(*) OVER ()::text AS total
          FROM points_redemption r LEFT JOIN mall_item i ON i.id = r.item_id
         WHERE r.member_id = ${memberId} ORDER BY r.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return rows;
    },

    async staffRedemptions(status: string | undefined, limit: number) {
      const where = status ? sql`WHERE r.status = ${status}` : sql``;
      const { rows } = await sql<RedemptionRow>`
        SELECT ${REDEMPTION}, m.account AS "memberAccount"
          FROM points_redemption r LEFT JOIN mall_item i ON i.id = r.item_id JOIN member m ON m.id = r.member_id
          ${where} ORDER BY (r.status = 'PROCESS') DESC, r.id DESC LIMIT ${limit}`.execute(db);
      return rows;
    },

    /** The member's points account entries, newest first, with the balance after each. */
    async transactions(memberId: string, limit: number, offset: number) {
      const { rows } = await sql<{
        id: string;
        kind: string;
        signed: string;
        balanceAfter: string;
        reference: Record<string, unknown>;
        createdAt: Date;
        total: string;
      }>`
        WITH acc AS (SELECT id FROM ledger_account WHERE member_id = ${memberId} AND kind = 'MEMBER_POINTS'),
        e AS (
          SELECT t.id, t.kind, -t.amount AS signed, t.reference, t.created_at FROM acc JOIN ledger_transfer t ON t.from_account_id = acc.id
          UNION ALL
          SELECT t.id, t.kind, t.amount, t.reference, t.created_at FROM acc JOIN ledger_transfer t ON t.to_account_id = acc.id
        ),
        r AS (SELECT e.*, sum(e.signed) OVER (ORDER BY e.id) AS balance_after, count(*) OVER () AS total FROM e)
        SELECT id::text, kind, signed::text, balance_after::text AS "balanceAfter", reference, created_at AS "createdAt",
               total::text
          FROM r ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return rows;
    },
  };
}
export type PointsRepository = ReturnType<typeof pointsRepository>;
