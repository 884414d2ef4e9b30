import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';
import { foldLedgerFlows } from '../wallet/ledger-flows.repository.ts';

export interface RebateRow {
  gameType: string;
  validBet: string;
  /** 1/10 000 of a minor unit. */
  accrued: string;
}

export interface RebateClaimRow {
  id: string;
  memberId: string;
  currency: string;
  requestId: string;
  amount: string;
  lines: { gameType: string; validBet: string; amount: string }[];
  createdAt: Date;
}

/** Rebate rates, accruals and claims (migration 0071, decision 071). */
export function rebateRepository(db: Db) {
  return {
    /** The member's main wallet row: every bet locks it first, so a claim and a bet never interleave. */
    async lockMainWallet(trx: Executor, memberId: string, currency: string): Promise<void> {
      await sql`
        SELECT id FROM ledger_account WHERE kind = 'MEMBER_MAIN' AND member_id = ${memberId} AND currency = ${currency}
        FOR UPDATE`.execute(trx);
    },

    async rates(exec: Executor = db): Promise<{ gameType: string; rateBp: number; updatedAt: Date }[]> {
      const { rows } = await sql<{ gameType: string; rateBp: number; updatedAt: Date }>`
        SELECT game_type AS "gameType", rate_bp AS "rateBp", updated_at AS "updatedAt" FROM rebate_rate
         ORDER BY game_type`.execute(exec);
      return rows;
    },

    async setRate(trx: Executor, gameType: string, rateBp: number, staffId: string | null): Promise<void> {
      await sql`
        INSERT INTO rebate_rate (game_type, rate_bp, updated_by, updated_at) VALUES (${gameType}, ${rateBp}, ${staffId}, now())
        ON CONFLICT (game_type) DO UPDATE SET rate_bp = EXCLUDED.rate_bp, updated_by = EXCLUDED.updated_by,
          updated_at = now()`.execute(trx);
    },

    /** The member's accruals since the last claim; `lock` takes the rows for a claim. */
    async accruals(memberId: string, currency: string, opts: { exec?: Executor; lock?: boolean } = {}) {
      await foldLedgerFlows(opts.exec ?? db);
      const lock = opts.lock ? sql` FOR UPDATE` : sql``;
      const { rows } = await sql<RebateRow>`
        SELECT game_type AS "gameType", valid_bet::text AS "validBet", accrued::text AS accrued FROM member_rebate
         WHERE member_id = ${memberId} AND currency = ${currency} ORDER BY game_type${lock}`.execute(opts.exec ?? db);
      return rows;
    },

    /** After a claim: the valid bet starts again at zero, the paid part of the accrual leaves it. */
    async settle(trx: Executor, memberId: string, currency: string, paid: { gameType: string; units: bigint }[]) {
      await sql`UPDATE member_rebate SET valid_bet = 0 WHERE member_id = ${memberId} AND currency = ${currency}`.execute(
        trx,
      );
      for (const p of paid)
        await sql`
          UPDATE member_rebate SET accrued = accrued - ${p.units.toString()}::bigint
           WHERE member_id = ${memberId} AND currency = ${currency} AND game_type = ${p.gameType}`.execute(trx);
    },

    async claimByRequest(memberId: string, requestId: string, exec: Executor = db) {
      const { rows } = await sql<RebateClaimRow>`
        SELECT id::text, member_id::text AS "memberId", currency, request_id AS "requestId", amount::text, lines,
               created_at AS "createdAt"
          FROM rebate_claim WHERE member_id = ${memberId} AND request_id = ${requestId}`.execute(exec);
      return rows[0];
    },

    async insertClaim(
      trx: Executor,
      c: { memberId: string; currency: string; requestId: string; amount: bigint; lines: RebateClaimRow['lines'] },
    ): Promise<RebateClaimRow> {
      const { rows } = await sql<RebateClaimRow>`
        INSERT INTO rebate_claim (member_id, currency, request_id, amount, lines)
        VALUES (${c.memberId}, ${c.currency}, ${c.requestId}, ${c.amount.toString()}, ${JSON.stringify(c.lines)}::jsonb)
        RETURNING id::text, member_id::text AS "memberId", currency, request_id AS "requestId", amount::text, lines,
                  created_at AS "createdAt"`.execute(trx);
      return rows[0]!;
    },

    async claims(memberId: string, limit: number, exec: Executor = db): Promise<RebateClaimRow[]> {
      const { rows } = await sql<RebateClaimRow>`
        SELECT id::text, member_id::text AS "memberId", currency, request_id AS "requestId", amount::text, lines,
               created_at AS "createdAt"
          FROM rebate_claim WHERE member_id = ${memberId} ORDER BY id DESC LIMIT ${limit}`.execute(exec);
      return rows;
    },
  };
}
export type RebateRepository = ReturnType<typeof rebateRepository>;
