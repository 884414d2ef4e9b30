import type {
  ContractKind,
  ContractPeriod,
  ContractStatus,
  ContractTier,
  SETTLEMENT_STATUSES,
  TERMINATED_BY,
} from '@portal/contracts/agent/contracts.contract.ts';
import { AGENT_TYPES, SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';
import type { RangeParts } from './contract-periods.ts';
import { foldLedgerFlows } from '../wallet/ledger-flows.repository.ts';

export type TerminatedBy = (typeof TERMINATED_BY)[number];
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** A settlement that still waits for its money (OWED or CLAIMABLE), as it is paid. */
export interface OpenSettlement {
  id: string;
  contractId: string;
  kind: ContractKind;
  periodKey: string;
  holderId: string;
  payerId: string | null;
  amount: string;
  status: SettlementStatus;
}

export interface ContractRow {
  id: string;
  kind: ContractKind;
  period: ContractPeriod;
  status: ContractStatus;
  tiers: ContractTier[];
  maxRate: string;
  holderId: string;
  holderAccount: string;
  holderNickname: string | null;
  offeredBy: string | null;
  offererAccount: string | null;
  offererNickname: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  effectiveFrom: Date | null;
  endsAt: Date | null;
  terminatedBy: TerminatedBy | null;
}

export interface MemberInfo {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  uplineId: string | null;
}

export interface SettlementRow {
  id: string;
  contractId: string;
  kind: ContractKind;
  period: ContractPeriod;
  periodKey: string;
  periodStart: Date;
  periodEnd: Date;
  holderId: string;
  holderAccount: string;
  holderNickname: string | null;
  payerId: string | null;
  payerAccount: string | null;
  payerNickname: string | null;
  validBet: string;
  loss: string;
  activeMembers: number;
  tier: number | null;
  rate: string;
  amount: string;
  status: SettlementStatus;
  settledAt: Date;
  paidAt: Date | null;
}

export interface SettlementTotals {
  validBet: string;
  loss: string;
  amount: string;
  paid: string;
  owed: string;
  claimable: string;
  count: number;
}

const agentTypes = sql.join(AGENT_TYPES.map((t) => sql`${t}`));

const SELECT_CONTRACT = sql`
  SELECT c.id::text AS id, c.kind, c.period, c.status, c.tiers, c.max_rate::text AS "maxRate",
    c.holder_id::text AS "holderId", h.account AS "holderAccount", h.nickname AS "holderNickname",
    c.offered_by::text AS "offeredBy", o.account AS "offererAccount", o.nickname AS "offererNickname",
    c.created_at AS "createdAt", c.decided_at AS "decidedAt", c.effective_from AS "effectiveFrom",
    c.ends_at AS "endsAt", c.terminated_by AS "terminatedBy"
  FROM agent_contract c JOIN member h ON h.id = c.holder_id LEFT JOIN member o ON o.id = c.offered_by`;

const SELECT_SETTLEMENT = sql`
  SELECT s.id::text AS id, s.contract_id::text AS "contractId", s.kind, s.period, s.period_key AS "periodKey",
    s.period_start AS "periodStart", s.period_end AS "periodEnd", s.holder_id::text AS "holderId",
    h.account AS "holderAccount", h.nickname AS "holderNickname", s.payer_id::text AS "payerId",
    p.account AS "payerAccount", p.nickname AS "payerNickname", s.valid_bet::text AS "validBet",
    s.loss::text AS loss, s.active_members AS "activeMembers", s.tier, s.rate::text AS rate,
    s.amount::text AS amount, s.status, s.settled_at AS "settledAt", s.paid_at AS "paidAt"
  FROM contract_settlement s JOIN member h ON h.id = s.holder_id LEFT JOIN member p ON p.id = s.payer_id`;

export interface SettlementFilter {
  kind?: ContractKind | undefined;
  holderId?: string | undefined;
  payerId?: string | undefined;
  status?: SettlementStatus | undefined;
  account?: string | undefined;
  from: Date;
  to: Date;
}

const settlementWhere = (f: SettlementFilter) => {
  const parts = [sql`s.period_start >= ${f.from}`, sql`s.period_start < ${f.to}`];
  if (f.kind) parts.push(sql`s.kind = ${f.kind}`);
  if (f.holderId) parts.push(sql`s.holder_id = ${f.holderId}`);
  if (f.payerId) parts.push(sql`s.payer_id = ${f.payerId}`);
  if (f.status) parts.push(sql`s.status = ${f.status}`);
  if (f.account) parts.push(sql`h.account ILIKE ${'%' + escapeLike(f.account) + '%'}`);
  return sql.join(parts, sql` AND `);
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Every query of the contracts module (issue 16). A change runs in `transaction`; the methods that
 * lock or write take its `trx` first, the reads also used outside a change take it last (the database
 * otherwise).
 */
export function contractsRepository(db: Db) {
  return {
    transaction: inTransaction(db),

    /** Serialises every life-cycle change of one kind (offers, acceptances, the rate rule's cascade). */
    async lockKind(ex: Executor, kind: ContractKind) {
      await sql`SELECT kind FROM contract_kind_lock WHERE kind = ${kind} FOR UPDATE`.execute(ex);
    },

    async member(id: string, ex: Executor = db): Promise<MemberInfo | undefined> {
      const { rows } = await sql<MemberInfo>`
        SELECT id::text AS id, account, nickname, type, upline_id::text AS "uplineId" FROM member WHERE id = ${id}`.execute(
        ex,
      );
      return rows[0];
    },

    async memberByAccount(account: string, ex: Executor = db): Promise<MemberInfo | undefined> {
      const { rows } = await sql<MemberInfo>`
        SELECT id::text AS id, account, nickname, type, upline_id::text AS "uplineId"
        FROM member WHERE lower(account) = lower(${account})`.execute(ex);
      return rows[0];
    },

    async byId(id: string, ex: Executor = db): Promise<ContractRow | undefined> {
      const { rows } = await sql<ContractRow>`${SELECT_CONTRACT} WHERE c.id = ${id}`.execute(ex);
      return rows[0];
    },

    /** The holder's contracts of a kind, newest first. */
    async ofHolder(holderId: string, kind: ContractKind, limit = 100, ex: Executor = db): Promise<ContractRow[]> {
      const { rows } = await sql<ContractRow>`
        ${SELECT_CONTRACT} WHERE c.holder_id = ${holderId} AND c.kind = ${kind} ORDER BY c.id DESC LIMIT ${limit}`.execute(
        ex,
      );
      return rows;
    },

    /** The accepted, open-ended contract of a kind the member holds: its rate is the member's rate. */
    async held(holderId: string, kind: ContractKind, ex: Executor = db): Promise<ContractRow | undefined> {
      const { rows } = await sql<ContractRow>`
        ${SELECT_CONTRACT} WHERE c.holder_id = ${holderId} AND c.kind = ${kind} AND c.status = 'ACCEPTED'`.execute(ex);
      return rows[0];
    },

    /** Contracts of a kind the member gave that are still open (offered, or accepted and not ended). */
    async openGivenBy(ex: Executor, offererId: string, kind: ContractKind): Promise<ContractRow[]> {
      const { rows } = await sql<ContractRow>`
        ${SELECT_CONTRACT}
        WHERE c.offered_by = ${offererId} AND c.kind = ${kind} AND c.status IN ('OFFERED', 'ACCEPTED')
        ORDER BY c.id`.execute(ex);
      return rows;
    },

    /** Contracts the member holds that are open or still paying after `now` (any kind), oldest first. */
    async heldOpenOrPaying(ex: Executor, holderId: string, now: Date): Promise<ContractRow[]> {
      const { rows } = await sql<ContractRow>`
        ${SELECT_CONTRACT}
        WHERE c.holder_id = ${holderId}
          AND (c.status IN ('OFFERED', 'ACCEPTED') OR (c.ends_at IS NOT NULL AND c.ends_at > ${now}
               AND c.effective_from IS NOT NULL AND c.effective_from < c.ends_at))
        ORDER BY c.id`.execute(ex);
      return rows;
    },

    /** Brings a contract's end forward (a move: decision 033), ending it when it was still open. */
    async endAt(ex: Executor, id: string, endsAt: Date, by: TerminatedBy) {
      await sql`
        UPDATE agent_contract SET
          status = CASE WHEN status IN ('OFFERED', 'ACCEPTED') THEN 'TERMINATED' ELSE status END,
          terminated_by = CASE WHEN status IN ('OFFERED', 'ACCEPTED') THEN ${by} ELSE terminated_by END,
          ends_at = least(coalesce(ends_at, ${endsAt}::timestamptz), ${endsAt}::timestamptz)
        WHERE id = ${id}`.execute(ex);
    },

    async insert(
      ex: Executor,
      c: {
        kind: ContractKind;
        period: ContractPeriod;
        holderId: string;
        offeredBy: string | null;
        tiers: ContractTier[];
        maxRate: string;
        now: Date;
      },
    ): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO agent_contract (kind, period, holder_id, offered_by, status, tiers, max_rate, created_at)
        VALUES (${c.kind}, ${c.period}, ${c.holderId}, ${c.offeredBy}, 'OFFERED', ${JSON.stringify(c.tiers)}::jsonb,
          ${c.maxRate}::numeric, ${c.now})
        RETURNING id::text AS id`.execute(ex);
      return rows[0]!.id;
    },

    async update(
      ex: Executor,
      id: string,
      set: {
        status: ContractStatus;
        decidedAt?: Date;
        effectiveFrom?: Date;
        endsAt?: Date;
        terminatedBy?: TerminatedBy;
      },
    ) {
      await sql`
        UPDATE agent_contract SET status = ${set.status},
          decided_at = coalesce(${set.decidedAt ?? null}::timestamptz, decided_at),
          effective_from = coalesce(${set.effectiveFrom ?? null}::timestamptz, effective_from),
          ends_at = coalesce(${set.endsAt ?? null}::timestamptz, ends_at),
          terminated_by = coalesce(${set.terminatedBy ?? null}, terminated_by)
        WHERE id = ${id}`.execute(ex);
    },

    async addNotice(
      ex: Executor,
      n: {
        memberId: string;
        contractId: string;
        kind: ContractKind;
        event: 'OFFERED' | 'TERMINATED' | 'REPLACED';
        terminatedBy: TerminatedBy | null;
        now: Date;
      },
    ) {
      await sql`
        INSERT INTO contract_notice (member_id, contract_id, kind, event, terminated_by, created_at)
        VALUES (${n.memberId}, ${n.contractId}, ${n.kind}, ${n.event}, ${n.terminatedBy}, ${n.now})`.execute(ex);
    },

    async pendingOffers(holderId: string): Promise<ContractRow[]> {
      const { rows } = await sql<ContractRow>`
        ${SELECT_CONTRACT} WHERE c.holder_id = ${holderId} AND c.status = 'OFFERED' ORDER BY c.id`.execute(db);
      return rows;
    },

    async unreadNotices(memberId: string) {
      const { rows } = await sql<{
        id: string;
        kind: ContractKind;
        contractId: string;
        event: 'OFFERED' | 'TERMINATED' | 'REPLACED';
        terminatedBy: TerminatedBy | null;
        createdAt: Date;
      }>`
        SELECT id::text AS id, kind, contract_id::text AS "contractId", event, terminated_by AS "terminatedBy",
          created_at AS "createdAt"
        FROM contract_notice WHERE member_id = ${memberId} AND read_at IS NULL ORDER BY id DESC LIMIT 50`.execute(db);
      return rows;
    },

    async markNoticesRead(memberId: string, ids: string[], now: Date): Promise<number> {
      const r = await sql`
        UPDATE contract_notice SET read_at = ${now}
        WHERE member_id = ${memberId} AND read_at IS NULL
          AND id IN (${sql.join(ids.map((i) => sql`${i}`))})`.execute(db);
      return Number(r.numAffectedRows ?? 0);
    },

    /** The agent's direct downline agents (a page), by account or nickname. */
    async directAgents(agentId: string, search: string | undefined, page: { limit: number; offset: number }) {
      const like = search ? `%${escapeLike(search)}%` : null;
      const { rows } = await sql<MemberInfo & { total: string }>`
        SELECT id::text AS id, account, nickname, type, upline_id::text AS "uplineId", count(*) OVER ()::text AS total
        FROM member
        WHERE upline_id = ${agentId} AND type IN (${agentTypes})
          AND (${like}::text IS NULL OR account ILIKE ${like} OR nickname ILIKE ${like})
        ORDER BY account LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
      return { rows, total: Number(rows[0]?.total ?? 0) };
    },

    /** Contracts of a kind given by `offeredBy` to these holders that are offered, accepted or still paying. */
    async givenTo(offeredBy: string, kind: ContractKind, holderIds: string[], now: Date): Promise<ContractRow[]> {
      if (holderIds.length === 0) return [];
      const { rows } = await sql<ContractRow>`
        ${SELECT_CONTRACT}
        WHERE c.offered_by = ${offeredBy} AND c.kind = ${kind}
          AND c.holder_id IN (${sql.join(holderIds.map((h) => sql`${h}`))})
          AND (c.status IN ('OFFERED', 'ACCEPTED') OR (c.ends_at IS NOT NULL AND c.ends_at > ${now}
               AND c.effective_from IS NOT NULL AND c.effective_from < c.ends_at))
        ORDER BY c.id`.execute(db);
      return rows;
    },

    async list(f: {
      kind?: ContractKind | undefined;
      status?: ContractStatus | undefined;
      account?: string | undefined;
      topLevel?: boolean | undefined;
      limit: number;
      offset: number;
    }) {
      const parts = [sql`true`];
      if (f.kind) parts.push(sql`c.kind = ${f.kind}`);
      if (f.status) parts.push(sql`c.status = ${f.status}`);
      if (f.account) {
        const like = `%${escapeLike(f.account)}%`;
        parts.push(sql`(h.account ILIKE ${like} OR o.account ILIKE ${like})`);
      }
      if (f.topLevel === true) parts.push(sql`c.offered_by IS NULL`);
      if (f.topLevel === false) parts.push(sql`c.offered_by IS NOT NULL`);
      const { rows } = await sql<ContractRow & { total: string }>`
        SELECT x.*, count(*) OVER ()::text AS total FROM (${SELECT_CONTRACT} WHERE ${sql.join(parts, sql` AND `)}) x
        ORDER BY x.id::bigint DESC LIMIT ${f.limit} OFFSET ${f.offset}`.execute(db);
      return { rows, total: Number(rows[0]?.total ?? 0) };
    },

    // ---- Settlement ----

    /**
     * Contracts of a kind and period that pay the period starting at `start` and have no settlement for it:
     * in force from its start and not ended by then (one that ends inside it is paid for its part).
     * Top of the tree first, so an upline is paid its own settlement before it pays its downline's.
     */
    async unsettled(kind: ContractKind, period: ContractPeriod, start: Date, holderId?: string) {
      const { rows } = await sql<ContractRow & { depth: number }>`
        SELECT x.*, (SELECT count(*) FROM member_tree t WHERE t.descendant_id = x."holderId"::bigint AND t.depth > 0)::int AS depth
        FROM (${SELECT_CONTRACT}
          WHERE c.kind = ${kind} AND c.period = ${period} AND c.effective_from IS NOT NULL
            AND c.status IN ('ACCEPTED', 'TERMINATED', 'REPLACED')
            AND c.effective_from <= ${start} AND (c.ends_at IS NULL OR c.ends_at > ${start})
            AND (${holderId ?? null}::bigint IS NULL OR c.holder_id = ${holderId ?? null}::bigint)
            AND NOT EXISTS (SELECT 1 FROM contract_settlement s WHERE s.contract_id = c.id AND s.period_start = ${start})
        ) x ORDER BY depth, x.id::bigint`.execute(db);
      return rows;
    },

    /**
     * Where settlement of a kind and period must start: the earliest first unsettled period among its
     * contracts (after its last settled period, or from its start), for contracts not fully settled.
     */
    async settlementFloor(kind: ContractKind, period: ContractPeriod): Promise<Date | null> {
      const { rows } = await sql<{ at: Date | null }>`
        SELECT min(coalesce(s.last_end, c.effective_from)) AS at
        FROM agent_contract c
        LEFT JOIN LATERAL (
          SELECT max(x.period_end) AS last_end FROM contract_settlement x WHERE x.contract_id = c.id
        ) s ON true
        WHERE c.kind = ${kind} AND c.period = ${period} AND c.effective_from IS NOT NULL
          AND c.status IN ('ACCEPTED', 'TERMINATED', 'REPLACED')
          AND (c.ends_at IS NULL OR coalesce(s.last_end, c.effective_from) < c.ends_at)`.execute(db);
      return rows[0]?.at ? new Date(rows[0].at) : null;
    },

    /** The end of the last period of a contract that has a settlement. */
    async lastSettledEnd(contractId: string): Promise<Date | null> {
      const { rows } = await sql<{ at: Date | null }>`
        SELECT max(period_end) AS at FROM contract_settlement WHERE contract_id = ${contractId}`.execute(db);
      return rows[0]?.at ? new Date(rows[0].at) : null;
    },

    async recordRun(kind: ContractKind, period: ContractPeriod, start: Date, end: Date, settled: number, now: Date) {
      await sql`
        INSERT INTO contract_period_run (kind, period, period_start, period_end, settled, finished_at)
        VALUES (${kind}, ${period}, ${start}, ${end}, ${settled}, ${now})
        ON CONFLICT (kind, period, period_start) DO NOTHING`.execute(db);
    },

    /**
     * The holder's team (every member below it) in a range: valid bets, the members' result and
     * active members, read from the aggregates the ledger keeps (decisions 051 and 033): whole days
     * from the day aggregates, the rest from the five-minute ones, with the reports' definitions.
     */
    async teamFigures(
      ex: Executor,
      holderId: string,
      range: RangeParts,
    ): Promise<{ validBet: bigint; profitLoss: bigint; activeMembers: number }> {
      await foldLedgerFlows(ex);
      const parts = [];
      if (range.days)
        parts.push(sql`
          SELECT f.member_id,
            coalesce(sum(f.amount_out) FILTER (WHERE f.kind = 'BET'), 0)
              - coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'ROLLBACK'), 0) AS valid_bets,
            coalesce(sum(f.amount_in) FILTER (WHERE f.kind = 'WIN'), 0) AS payouts,
            coalesce(sum(f.amount_in - f.amount_out) FILTER (WHERE f.kind = 'VENDOR_PLAY'), 0) AS vendor_play
          FROM team JOIN member_day_flow f ON f.member_id = team.id
          WHERE f.day >= ${range.days.from}::date AND f.day <= ${range.days.to}::date AND f.currency = ${SITE_CURRENCY}
            AND f.kind IN ('BET', 'ROLLBACK', 'WIN', 'VENDOR_PLAY')
          GROUP BY f.member_id`);
      for (const r of range.slots)
        parts.push(sql`
          SELECT f.member_id, sum(f.bets - f.rollbacks) AS valid_bets, sum(f.wins) AS payouts,
            sum(f.vendor_in - f.vendor_out) AS vendor_play
          FROM member_slot_flow f JOIN team ON team.id = f.member_id
          WHERE f.slot >= ${r.start} AND f.slot < ${r.end} AND f.currency = ${SITE_CURRENCY}
          GROUP BY f.member_id`);
      if (parts.length === 0) return { validBet: 0n, profitLoss: 0n, activeMembers: 0 };
      const { rows } = await sql<{ validBet: string; profitLoss: string; active: number }>`
        WITH team AS (SELECT descendant_id AS id FROM member_tree WHERE ancestor_id = ${holderId} AND depth > 0),
        parts AS (${sql.join(parts, sql` UNION ALL `)}),
        pm AS (SELECT member_id, sum(valid_bets) AS valid_bets, sum(payouts) AS payouts, sum(vendor_play) AS vendor_play
               FROM parts GROUP BY member_id)
        SELECT coalesce(sum(valid_bets), 0)::text AS "validBet",
          coalesce(sum(payouts - valid_bets + vendor_play), 0)::text AS "profitLoss",
          count(*) FILTER (WHERE valid_bets > 0)::int AS active
        FROM pm`.execute(ex);
      const r = rows[0]!;
      return { validBet: BigInt(r.validBet), profitLoss: BigInt(r.profitLoss), activeMembers: r.active };
    },

    /** Records a settlement once per contract and period; undefined when it was already recorded. */
    async insertSettlement(
      ex: Executor,
      s: {
        contractId: string;
        kind: ContractKind;
        period: ContractPeriod;
        periodKey: string;
        start: Date;
        end: Date;
        holderId: string;
        payerId: string | null;
        validBet: bigint;
        loss: bigint;
        activeMembers: number;
        tier: number | null;
        rate: string;
        amount: bigint;
        status: SettlementStatus;
        now: Date;
      },
    ): Promise<string | undefined> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO contract_settlement (contract_id, kind, period, period_key, period_start, period_end, holder_id,
          payer_id, valid_bet, loss, active_members, tier, rate, amount, status, settled_at)
        VALUES (${s.contractId}, ${s.kind}, ${s.period}, ${s.periodKey}, ${s.start}, ${s.end}, ${s.holderId},
          ${s.payerId}, ${s.validBet.toString()}::bigint, ${s.loss.toString()}::bigint, ${s.activeMembers}, ${s.tier},
          ${s.rate}::numeric, ${s.amount.toString()}::bigint, ${s.status}, ${s.now})
        ON CONFLICT (contract_id, period_start) DO NOTHING
        RETURNING id::text AS id`.execute(ex);
      return rows[0]?.id;
    },

    /** Locks a settlement that still waits for its money (OWED or CLAIMABLE). */
    async lockOpenSettlement(ex: Executor, id: string) {
      const { rows } = await sql<OpenSettlement>`
        SELECT id::text AS id, contract_id::text AS "contractId", kind, period_key AS "periodKey",
          holder_id::text AS "holderId", payer_id::text AS "payerId", amount::text AS amount, status
        FROM contract_settlement WHERE id = ${id} AND status IN ('OWED', 'CLAIMABLE') FOR UPDATE`.execute(ex);
      return rows[0];
    },

    async markPaid(ex: Executor, id: string, transferId: string, paidAt: Date) {
      await sql`
        UPDATE contract_settlement SET status = 'PAID', transfer_id = ${transferId}, paid_at = ${paidAt}
        WHERE id = ${id}`.execute(ex);
    },

    async markOwed(ex: Executor, id: string) {
      await sql`UPDATE contract_settlement SET status = 'OWED' WHERE id = ${id} AND status <> 'PAID'`.execute(ex);
    },

    /** Ids of settlements waiting for money, oldest first (optionally one holder's of one kind, or only OWED). */
    async openSettlementIds(f: { holderId?: string; kind?: ContractKind; onlyOwed?: boolean; limit: number }) {
      const { rows } = await sql<{ id: string }>`
        SELECT id::text AS id FROM contract_settlement
        WHERE status IN ('OWED', ${f.onlyOwed ? 'OWED' : 'CLAIMABLE'})
          AND (${f.holderId ?? null}::bigint IS NULL OR holder_id = ${f.holderId ?? null}::bigint)
          AND (${f.kind ?? null}::text IS NULL OR kind = ${f.kind ?? null}::text)
        ORDER BY id LIMIT ${f.limit}`.execute(db);
      return rows.map((r) => r.id);
    },

    async settlements(f: SettlementFilter, page: { limit: number; offset: number }) {
      const where = settlementWhere(f);
      const { rows } = await sql<SettlementRow & { total: string }>`
        SELECT x.*, count(*) OVER ()::text AS total FROM (${SELECT_SETTLEMENT} WHERE ${where}) x
        ORDER BY x."periodStart" DESC, x.id::bigint DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
      const { rows: t } = await sql<SettlementTotals>`
        SELECT coalesce(sum(s.valid_bet), 0)::text AS "validBet", coalesce(sum(s.loss), 0)::text AS loss,
          coalesce(sum(s.amount), 0)::text AS amount,
          coalesce(sum(s.amount) FILTER (WHERE s.status = 'PAID'), 0)::text AS paid,
          coalesce(sum(s.amount) FILTER (WHERE s.status = 'OWED'), 0)::text AS owed,
          coalesce(sum(s.amount) FILTER (WHERE s.status = 'CLAIMABLE'), 0)::text AS claimable,
          count(*)::int AS count
        FROM contract_settlement s JOIN member h ON h.id = s.holder_id WHERE ${where}`.execute(db);
      return { rows, total: Number(rows[0]?.total ?? 0), totals: t[0]! };
    },
  };
}
export type ContractsRepository = ReturnType<typeof contractsRepository>;
