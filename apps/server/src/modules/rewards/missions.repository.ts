import { SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';
import { foldLedgerFlows } from '../wallet/ledger-flows.repository.ts';

export interface MissionRow {
  id: string;
  period: 'DAILY' | 'WEEKLY';
  kind: 'DEPOSIT' | 'VALID_BET' | 'ROUNDS' | 'SIGN_IN_DAYS';
  gameType: string | null;
  target: string;
  reward: string;
  texts: Record<string, { title: string }>;
  enabled: boolean;
  sort: number;
  currency: string;
}

const MISSION = sql`id::text, period, kind, game_type AS "gameType", target::text, reward::text, texts, enabled, sort,
  currency`;

/** Missions and their claims (migration 0073); progress from the day aggregates and the sign-ins. */
export function missionsRepository(db: Db) {
  return {
    async missions(enabledOnly: boolean, exec: Executor = db): Promise<MissionRow[]> {
      const where = enabledOnly ? sql`WHERE enabled` : sql``;
      const { rows } = await sql<MissionRow>`SELECT ${MISSION} FROM mission ${where} ORDER BY sort, id`.execute(exec);
      return rows;
    },

    async mission(id: string, exec: Executor = db): Promise<MissionRow | undefined> {
      const { rows } = await sql<MissionRow>`SELECT ${MISSION} FROM mission WHERE id = ${id}`.execute(exec);
      return rows[0];
    },

    async save(trx: Executor, m: Omit<MissionRow, 'id' | 'currency'> & { id?: string | undefined }): Promise<string> {
      const texts = JSON.stringify(m.texts);
      if (m.id) {
        const { rows } = await sql<{ id: string }>`
          UPDATE mission SET period = ${m.period}, kind = ${m.kind}, game_type = ${m.gameType}, target = ${m.target}::bigint,
                 reward = ${m.reward}::bigint, texts = ${texts}::jsonb, enabled = ${m.enabled}, sort = ${m.sort},
                 updated_at = now()
           WHERE id = ${m.id} RETURNING id::text`.execute(trx);
        return rows[0]?.id ?? '';
      }
      const { rows } = await sql<{ id: string }>`
        INSERT INTO mission (period, kind, game_type, target, reward, texts, enabled, sort)
        VALUES (${m.period}, ${m.kind}, ${m.gameType}, ${m.target}::bigint, ${m.reward}::bigint, ${texts}::jsonb,
                ${m.enabled}, ${m.sort})
        RETURNING id::text`.execute(trx);
      return rows[0]!.id;
    },

    async claimCounts(): Promise<Map<string, number>> {
      const { rows } = await sql<{ id: string; n: number }>`
        SELECT mission_id::text AS id, count(*)::int AS n FROM mission_claim GROUP BY mission_id`.execute(db);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    /** A member's progress on a task over KST days [from, to). */
    async progress(
      memberId: string,
      m: Pick<MissionRow, 'kind' | 'gameType' | 'currency'>,
      from: string,
      to: string,
      exec: Executor = db,
    ): Promise<bigint> {
      await foldLedgerFlows(exec);
      let q;
      switch (m.kind) {
        case 'DEPOSIT':
          q = sql<{ v: string }>`
            SELECT coalesce(sum(amount_in), 0)::text AS v FROM member_day_flow
             WHERE member_id = ${memberId} AND currency = ${m.currency} AND kind = 'DEPOSIT'
               AND day >= ${from}::date AND day < ${to}::date`;
          break;
        case 'VALID_BET':
        case 'ROUNDS': {
          const type = m.gameType ? sql`AND game_type = ${m.gameType}` : sql``;
          const value =
            m.kind === 'VALID_BET'
              ? sql`coalesce(sum(amount_out) FILTER (WHERE kind = 'BET'), 0) - coalesce(sum(amount_in) FILTER (WHERE kind = 'ROLLBACK'), 0)`
              : sql`coalesce(sum(count_out) FILTER (WHERE kind = 'BET'), 0) - coalesce(sum(count_in) FILTER (WHERE kind = 'ROLLBACK'), 0)`;
          q = sql<{ v: string }>`
            SELECT greatest(0, ${value})::text AS v FROM member_game_day_flow
             WHERE member_id = ${memberId} AND currency = ${m.currency} AND day >= ${from}::date AND day < ${to}::date ${type}`;
          break;
        }
        case 'SIGN_IN_DAYS':
          q = sql<{ v: string }>`
            SELECT count(DISTINCT (created_at AT TIME ZONE ${SITE_TIME_ZONE})::date)::text AS v FROM member_session
             WHERE member_id = ${memberId}
               AND (created_at AT TIME ZONE ${SITE_TIME_ZONE})::date >= ${from}::date
               AND (created_at AT TIME ZONE ${SITE_TIME_ZONE})::date < ${to}::date`;
          break;
      }
      const { rows } = await q.execute(exec);
      return BigInt(rows[0]?.v ?? '0');
    },

    async claimedKeys(memberId: string, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const { rows } = await sql<{ k: string }>`
        SELECT mission_id::text || ':' || period_key::text AS k FROM mission_claim
         WHERE member_id = ${memberId} AND period_key IN (${sql.join(keys.map((k) => sql`${k}::date`))})`.execute(db);
      return new Set(rows.map((r) => r.k));
    },

    async lockMainWallet(trx: Executor, memberId: string, currency: string): Promise<void> {
      await sql`
        SELECT id FROM ledger_account WHERE kind = 'MEMBER_MAIN' AND member_id = ${memberId} AND currency = ${currency}
        FOR UPDATE`.execute(trx);
    },

    /** The claim row; undefined when this member already claimed this mission in this period. */
    async insertClaim(trx: Executor, missionId: string, memberId: string, periodKey: string, amount: bigint) {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO mission_claim (mission_id, member_id, period_key, amount)
        VALUES (${missionId}, ${memberId}, ${periodKey}::date, ${amount.toString()}::bigint)
        ON CONFLICT (mission_id, member_id, period_key) DO NOTHING RETURNING id::text`.execute(trx);
      return rows[0]?.id;
    },

    async board(weekStart: string, limit: number) {
      const { rows } = await sql<{ memberId: string; account: string; completed: number; reward: string }>`
        SELECT c.member_id::text AS "memberId", m.account, count(*)::int AS completed, sum(c.amount)::text AS reward
          FROM mission_claim c JOIN member m ON m.id = c.member_id
         WHERE c.created_at >= (${weekStart}::date::timestamp AT TIME ZONE ${SITE_TIME_ZONE})
         GROUP BY c.member_id, m.account ORDER BY completed DESC, sum(c.amount) DESC, c.member_id LIMIT ${limit}`.execute(
        db,
      );
      return rows;
    },
  };
}
export type MissionsRepository = ReturnType<typeof missionsRepository>;
