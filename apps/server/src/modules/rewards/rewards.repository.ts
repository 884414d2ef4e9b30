import type { PromotionRules } from '@portal/contracts/rewards/rewards.contract.ts';
import { SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';
import { foldLedgerFlows } from '../wallet/ledger-flows.repository.ts';

export interface PromotionRow {
  id: string;
  code: string;
  kind: 'NEW_MEMBER' | 'DEPOSIT_MATCH' | 'RELOAD' | 'CASHBACK' | 'RAFFLE' | 'APPLY';
  claimMode: 'AUTO' | 'CLAIM' | 'APPLY';
  texts: Record<string, { title: string; summary: string; content: string }>;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
  sort: number;
  rules: PromotionRules;
  newMemberDays: number | null;
  memberTypes: number[] | null;
  agentId: string | null;
  currency: string;
  updatedAt: Date;
}

export interface ClaimRow {
  id: string;
  promotionId: string;
  memberId: string;
  occurrence: string;
  requestId: string;
  status: 'APPLYING' | 'REJECTED' | 'ISSUED';
  basis: Record<string, unknown>;
  comment: string | null;
  imageIds: string[];
  rejectReason: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

export interface BonusRow {
  id: string;
  memberId: string;
  promotionId: string | null;
  claimId: string | null;
  currency: string;
  amount: string;
  lockedAmount: string;
  wageringRequired: string;
  wagered: string;
  gameWeights: Record<string, number>;
  status: 'ACTIVE' | 'RELEASED' | 'FORFEITED' | 'EXPIRED';
  issuedAt: Date;
  expiresAt: Date | null;
  endedAt: Date | null;
  endReason: string | null;
  /** A staff grant (decision 074): the reason the member reads, and the console's request id. */
  grantReason: string | null;
  grantRequestId: string | null;
}

export interface MemberFacts {
  id: string;
  type: number;
  createdAt: Date;
}

export interface DepositFact {
  transferId: string;
  amount: string;
  createdAt: Date;
}

const PROMOTION_COLUMNS = sql`id::text, code, kind, claim_mode, texts, starts_at, ends_at, enabled, sort, rules,
  new_member_days, member_types, agent_id::text, currency, updated_at`;
const CLAIM_COLUMNS = sql`id::text, promotion_id::text, member_id::text, occurrence, request_id, status, basis, comment,
  image_ids::text[] AS image_ids, reject_reason, reviewed_by::text, reviewed_at, created_at`;
const BONUS_COLUMNS = sql`id::text, member_id::text, promotion_id::text, claim_id::text, currency, amount::text,
  locked_amount::text, wagering_required::text, wagered::text, game_weights, status, issued_at, expires_at, ended_at,
  end_reason, grant_reason, grant_request_id`;

/** The rewards domain's tables: promotions, claims and bonuses (migration 0070). */
/** How an active bonus ends: released (turnover met), forfeited or expired, why (staff's reason, MEMBER, EXPIRED) and when. */
export interface BonusEnd {
  status: 'RELEASED' | 'FORFEITED' | 'EXPIRED';
  reason: string | null;
  at: Date;
}

export function rewardsRepository(db: Db) {
  return {
    /** Promotions a visitor may see at `now`: switched on and not over. */
    async visiblePromotions(now: Date, exec: Executor = db): Promise<PromotionRow[]> {
      const { rows } = await sql<PromotionRow>`
        SELECT ${PROMOTION_COLUMNS} FROM promotion
         WHERE enabled AND (ends_at IS NULL OR ends_at > ${now})
         ORDER BY sort, id`.execute(exec);
      return rows;
    },

    async allPromotions(): Promise<PromotionRow[]> {
      const { rows } = await sql<PromotionRow>`SELECT ${PROMOTION_COLUMNS} FROM promotion ORDER BY sort, id`.execute(
        db,
      );
      return rows;
    },

    async promotion(id: string, exec: Executor = db): Promise<PromotionRow | undefined> {
      const { rows } = await sql<PromotionRow>`SELECT ${PROMOTION_COLUMNS} FROM promotion WHERE id = ${id}`.execute(
        exec,
      );
      return rows[0];
    },

    async promotionByCode(code: string, exec: Executor = db): Promise<PromotionRow | undefined> {
      const { rows } = await sql<PromotionRow>`SELECT ${PROMOTION_COLUMNS} FROM promotion WHERE code = ${code}`.execute(
        exec,
      );
      return rows[0];
    },

    async savePromotion(
      trx: Executor,
      p: Omit<PromotionRow, 'id' | 'updatedAt'> & { id?: string | undefined },
    ): Promise<string> {
      const values = sql`${p.code}, ${p.kind}, ${p.claimMode}, ${JSON.stringify(p.texts)}::jsonb, ${p.startsAt},
        ${p.endsAt}, ${p.enabled}, ${p.sort}, ${JSON.stringify(p.rules)}::jsonb, ${p.newMemberDays},
        ${p.memberTypes}::int[], ${p.agentId}::bigint, ${p.currency}`;
      if (p.id) {
        const { rows } = await sql<{ id: string }>`
          UPDATE promotion SET (code, kind, claim_mode, texts, starts_at, ends_at, enabled, sort, rules, new_member_days,
                 member_types, agent_id, currency) = (${values}), updated_at = now()
           WHERE id = ${p.id} RETURNING id::text`.execute(trx);
        return rows[0]?.id ?? '';
      }
      const { rows } = await sql<{ id: string }>`
        INSERT INTO promotion (code, kind, claim_mode, texts, starts_at, ends_at, enabled, sort, rules, new_member_days,
               member_types, agent_id, currency)
        VALUES (${values}) RETURNING id::text`.execute(trx);
      return rows[0]!.id;
    },

    async member(memberId: string, exec: Executor = db): Promise<MemberFacts | undefined> {
      const { rows } = await sql<MemberFacts>`
        SELECT id::text, type, created_at FROM member WHERE id = ${memberId}`.execute(exec);
      return rows[0];
    },

    async isBelow(memberId: string, agentId: string, exec: Executor = db): Promise<boolean> {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM member_tree
         WHERE ancestor_id = ${agentId} AND descendant_id = ${memberId} AND depth > 0`.execute(exec);
      return rows[0]!.n > 0;
    },

    async claimsOf(memberId: string, exec: Executor = db): Promise<ClaimRow[]> {
      const { rows } = await sql<ClaimRow>`
        SELECT ${CLAIM_COLUMNS} FROM promotion_claim WHERE member_id = ${memberId} ORDER BY id DESC`.execute(exec);
      return rows;
    },

    async claimByRequest(memberId: string, requestId: string, exec: Executor = db): Promise<ClaimRow | undefined> {
      const { rows } = await sql<ClaimRow>`
        SELECT ${CLAIM_COLUMNS} FROM promotion_claim WHERE member_id = ${memberId} AND request_id = ${requestId}`.execute(
        exec,
      );
      return rows[0];
    },

    async claim(id: string, exec: Executor = db): Promise<ClaimRow | undefined> {
      const { rows } = await sql<ClaimRow>`SELECT ${CLAIM_COLUMNS} FROM promotion_claim WHERE id = ${id}`.execute(exec);
      return rows[0];
    },

    async lockClaim(trx: Executor, id: string): Promise<ClaimRow | undefined> {
      const { rows } = await sql<ClaimRow>`
        SELECT ${CLAIM_COLUMNS} FROM promotion_claim WHERE id = ${id} FOR UPDATE`.execute(trx);
      return rows[0];
    },

    async hasOccurrence(promotionId: string, memberId: string, occurrence: string, exec: Executor = db) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM promotion_claim
         WHERE promotion_id = ${promotionId} AND member_id = ${memberId} AND occurrence = ${occurrence}`.execute(exec);
      return rows[0]!.n > 0;
    },

    /** Inserts a claim unless the member already has this occurrence or this request id: its id, or undefined. */
    async insertClaim(
      trx: Executor,
      c: {
        promotionId: string;
        memberId: string;
        occurrence: string;
        requestId: string;
        status: ClaimRow['status'];
        basis: Record<string, unknown>;
        comment?: string | null;
        imageIds?: string[];
      },
    ): Promise<string | undefined> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO promotion_claim (promotion_id, member_id, occurrence, request_id, status, basis, comment, image_ids)
        VALUES (${c.promotionId}, ${c.memberId}, ${c.occurrence}, ${c.requestId}, ${c.status},
                ${JSON.stringify(c.basis)}::jsonb, ${c.comment ?? null}, ${c.imageIds ?? []}::bigint[])
        ON CONFLICT DO NOTHING RETURNING id::text`.execute(trx);
      return rows[0]?.id;
    },

    async setClaimImages(trx: Executor, id: string, imageIds: string[]): Promise<void> {
      await sql`UPDATE promotion_claim SET image_ids = ${imageIds}::bigint[] WHERE id = ${id}`.execute(trx);
    },

    async reviewClaim(
      trx: Executor,
      id: string,
      r: { status: 'ISSUED' | 'REJECTED'; reason: string | null; staffId: string },
    ): Promise<void> {
      await sql`
        UPDATE promotion_claim SET status = ${r.status}, reject_reason = ${r.reason}, reviewed_by = ${r.staffId},
               reviewed_at = now()
         WHERE id = ${id}`.execute(trx);
    },

    async applications(q: { status?: ClaimRow['status'] | undefined; limit: number; offset: number }) {
      const { rows } = await sql<ClaimRow & { memberAccount: string; promotionCode: string; total: number }>`
        SELECT ${sql.raw(
          'c.id::text, c.promotion_id::text, c.member_id::text, c.occurrence, c.request_id, c.status, c.basis, c.comment, c.image_ids::text[] AS image_ids, c.reject_reason, c.reviewed_by::text, c.reviewed_at, c.created_at',
        )},
               m.account AS member_account, p.code AS promotion_code, count(*) OVER ()::int AS total
          FROM promotion_claim c JOIN promotion p ON p.id = c.promotion_id JOIN member m ON m.id = c.member_id
         WHERE p.claim_mode = 'APPLY' ${q.status ? sql`AND c.status = ${q.status}` : sql``}
         ORDER BY (c.status = 'APPLYING') DESC, c.id DESC
         LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
      return { rows, total: rows[0]?.total ?? 0 };
    },

    /** The member's first deposit, if any. */
    async firstDeposit(memberId: string, exec: Executor = db): Promise<DepositFact | undefined> {
      const { rows } = await sql<DepositFact>`
        SELECT t.id::text AS transfer_id, t.amount::text, t.created_at
          FROM member_first_deposit f JOIN ledger_transfer t ON t.id = f.transfer_id
         WHERE f.member_id = ${memberId}`.execute(exec);
      return rows[0];
    },

    /** Deposits to the member's main wallet in a period, newest first. */
    async depositsIn(
      memberId: string,
      currency: string,
      from: Date | null,
      until: Date | null,
      exec: Executor = db,
    ): Promise<DepositFact[]> {
      const { rows } = await sql<DepositFact>`
        SELECT t.id::text AS transfer_id, t.amount::text, t.created_at
          FROM ledger_account a JOIN ledger_transfer t ON t.to_account_id = a.id
         WHERE a.member_id = ${memberId} AND a.kind = 'MEMBER_MAIN' AND a.currency = ${currency} AND t.kind = 'DEPOSIT'
           AND (${from}::timestamptz IS NULL OR t.created_at >= ${from})
           AND (${until}::timestamptz IS NULL OR t.created_at < ${until})
         ORDER BY t.id DESC
         LIMIT 50`.execute(exec);
      return rows;
    },

    /** A member's net loss on one site-time-zone day: valid bets (bets − rollbacks) − wins, from the day aggregates. */
    async netLoss(memberId: string, currency: string, day: string, exec: Executor = db): Promise<bigint> {
      await foldLedgerFlows(exec);
      const { rows } = await sql<{ loss: string }>`
        SELECT (coalesce(sum(amount_out) FILTER (WHERE kind = 'BET'), 0)
              - coalesce(sum(amount_in) FILTER (WHERE kind = 'ROLLBACK'), 0)
              - coalesce(sum(amount_in) FILTER (WHERE kind = 'WIN'), 0))::text AS loss
          FROM member_day_flow
         WHERE member_id = ${memberId} AND currency = ${currency} AND day = ${day}::date`.execute(exec);
      return BigInt(rows[0]!.loss);
    },

    /** The site-time-zone calendar day of an instant, as yyyy-mm-dd. */
    async siteDay(at: Date, exec: Executor = db): Promise<string> {
      const { rows } = await sql<{ day: string }>`
        SELECT to_char((${at}::timestamptz AT TIME ZONE ${SITE_TIME_ZONE})::date, 'YYYY-MM-DD') AS day`.execute(exec);
      return rows[0]!.day;
    },

    /** Locks the member's main wallet row: every bonus change of a member starts here (decision 070). */
    async lockMainWallet(trx: Executor, memberId: string, currency: string): Promise<void> {
      await sql`
        SELECT id FROM ledger_account WHERE kind = 'MEMBER_MAIN' AND member_id = ${memberId} AND currency = ${currency}
        FOR UPDATE`.execute(trx);
    },

    async insertBonus(
      trx: Executor,
      b: {
        memberId: string;
        promotionId: string | null;
        claimId: string | null;
        currency: string;
        amount: bigint;
        lockedAmount: bigint;
        wageringRequired: bigint;
        gameWeights: Record<string, number>;
        issuedAt: Date;
        expiresAt: Date | null;
        grant?: { staffId: string | null; reason: string; requestId: string };
      },
    ): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO member_bonus (member_id, promotion_id, claim_id, currency, amount, locked_amount, wagering_required,
               game_weights, issued_at, expires_at, granted_by, grant_reason, grant_request_id)
        VALUES (${b.memberId}, ${b.promotionId}, ${b.claimId}, ${b.currency}, ${b.amount.toString()}::bigint,
                ${b.lockedAmount.toString()}::bigint, ${b.wageringRequired.toString()}::bigint,
                ${JSON.stringify(b.gameWeights)}::jsonb, ${b.issuedAt}, ${b.expiresAt},
                ${b.grant?.staffId ?? null}, ${b.grant?.reason ?? null}, ${b.grant?.requestId ?? null})
        RETURNING id::text`.execute(trx);
      return rows[0]!.id;
    },

    /** The bonus a staff grant with this request id made, if any. */
    async bonusByGrantRequest(requestId: string, exec: Executor = db): Promise<BonusRow | undefined> {
      const { rows } = await sql<BonusRow>`
        SELECT ${BONUS_COLUMNS} FROM member_bonus WHERE grant_request_id = ${requestId}`.execute(exec);
      return rows[0];
    },

    /** A member's bonuses for the back office, newest first, with the promotion's code and the granting staff user. */
    async staffBonusesOf(
      memberId: string,
      limit: number,
    ): Promise<(BonusRow & { promotionCode: string | null; grantedBy: string | null })[]> {
      await foldLedgerFlows(db);
      const { rows } = await sql<BonusRow & { promotionCode: string | null; grantedBy: string | null }>`
        SELECT ${BONUS_COLUMNS}, (SELECT code FROM promotion p WHERE p.id = b.promotion_id) AS promotion_code,
               (SELECT username FROM staff_user s WHERE s.id = b.granted_by) AS granted_by
          FROM member_bonus b WHERE member_id = ${memberId} ORDER BY id DESC LIMIT ${limit}`.execute(db);
      return rows;
    },

    async bonus(id: string, exec: Executor = db): Promise<BonusRow | undefined> {
      await foldLedgerFlows(exec);
      const { rows } = await sql<BonusRow>`SELECT ${BONUS_COLUMNS} FROM member_bonus WHERE id = ${id}`.execute(exec);
      return rows[0];
    },

    async bonusesOf(memberId: string, limit: number): Promise<(BonusRow & { promotionCode: string | null })[]> {
      await foldLedgerFlows(db);
      const { rows } = await sql<BonusRow & { promotionCode: string | null }>`
        SELECT ${BONUS_COLUMNS}, (SELECT code FROM promotion p WHERE p.id = b.promotion_id) AS promotion_code
          FROM member_bonus b WHERE member_id = ${memberId} ORDER BY id DESC LIMIT ${limit}`.execute(db);
      return rows;
    },

    /**
     * Ends an active bonus (released, forfeited, expired) unless something else ended it first; a
     * release only while its turnover is met. The ended row, or undefined.
     */
    async endBonus(trx: Executor, id: string, { status, reason, at }: BonusEnd): Promise<BonusRow | undefined> {
      const { rows } = await sql<BonusRow>`
        UPDATE member_bonus SET status = ${status}, ended_at = ${at}, end_reason = ${reason}
         WHERE id = ${id} AND status = 'ACTIVE' ${status === 'RELEASED' ? sql`AND wagered >= wagering_required` : sql``}
        RETURNING ${BONUS_COLUMNS}`.execute(trx);
      return rows[0];
    },

    /** Active bonuses whose turnover is met (of one member, or any), oldest first. */
    async releasable(memberId?: string, limit = 200): Promise<{ id: string; memberId: string; currency: string }[]> {
      await foldLedgerFlows(db);
      const { rows } = await sql<{ id: string; memberId: string; currency: string }>`
        SELECT id::text, member_id::text, currency FROM member_bonus
         WHERE status = 'ACTIVE' AND wagered >= wagering_required ${memberId ? sql`AND member_id = ${memberId}` : sql``}
         ORDER BY id LIMIT ${limit}`.execute(db);
      return rows;
    },

    async expired(now: Date, memberId?: string, limit = 200) {
      const { rows } = await sql<{ id: string; memberId: string; currency: string }>`
        SELECT id::text, member_id::text, currency FROM member_bonus
         WHERE status = 'ACTIVE' AND expires_at <= ${now} ${memberId ? sql`AND member_id = ${memberId}` : sql``}
         ORDER BY id LIMIT ${limit}`.execute(db);
      return rows;
    },

    /** The main-wallet amount the member's active bonuses lock, on the caller's transaction. */
    async lockedAmount(memberId: string, currency: string, exec: Executor = db): Promise<bigint> {
      const { rows } = await sql<{ n: string }>`
        SELECT coalesce(sum(locked_amount), 0)::text AS n FROM member_bonus
         WHERE member_id = ${memberId} AND currency = ${currency} AND status = 'ACTIVE'`.execute(exec);
      return BigInt(rows[0]!.n);
    },

    async mainBalance(exec: Executor, memberId: string, currency: string): Promise<bigint> {
      const { rows } = await sql<{ n: string }>`
        SELECT coalesce((SELECT balance FROM ledger_account
          WHERE kind = 'MEMBER_MAIN' AND member_id = ${memberId} AND currency = ${currency}), 0)::text AS n`.execute(
        exec,
      );
      return BigInt(rows[0]!.n);
    },

    /** Members an AUTO promotion may reach now: registered, or deposited, since it started, with no claim of it yet. */
    async autoCandidates(p: PromotionRow, limit: number): Promise<string[]> {
      const since = p.startsAt ?? new Date(0);
      const { rows } =
        p.kind === 'NEW_MEMBER'
          ? await sql<{ id: string }>`
              SELECT m.id::text FROM member m
               WHERE m.created_at >= ${since} AND m.type <> 0
                 AND NOT EXISTS (SELECT 1 FROM promotion_claim c WHERE c.promotion_id = ${p.id} AND c.member_id = m.id)
               ORDER BY m.id LIMIT ${limit}`.execute(db)
          : await sql<{ id: string }>`
              SELECT DISTINCT a.member_id::text AS id FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
               WHERE t.kind = 'DEPOSIT' AND a.kind = 'MEMBER_MAIN' AND t.created_at >= ${since}
                 AND NOT EXISTS (SELECT 1 FROM promotion_claim c WHERE c.promotion_id = ${p.id}
                                  AND c.member_id = a.member_id AND c.occurrence IN ('ONCE', 'DEPOSIT:' || t.id))
               LIMIT ${limit}`.execute(db);
      return rows.map((r) => r.id);
    },

    async claimCounts(): Promise<Map<string, number>> {
      const { rows } = await sql<{ promotionId: string; n: number }>`
        SELECT promotion_id::text, count(*)::int AS n FROM promotion_claim GROUP BY promotion_id`.execute(db);
      return new Map(rows.map((r) => [r.promotionId, r.n]));
    },

    async memberIdOf(account: string): Promise<string | undefined> {
      const { rows } = await sql<{ id: string }>`
        SELECT id::text FROM member WHERE account_key = lower(${account})`.execute(db);
      return rows[0]?.id;
    },

    async accountsOf(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const { rows } = await sql<{ id: string; account: string }>`
        SELECT id::text, account FROM member WHERE id = ANY(${ids}::bigint[])`.execute(db);
      return new Map(rows.map((r) => [r.id, r.account]));
    },
  };
}
export type RewardsRepository = ReturnType<typeof rewardsRepository>;
