import type { ReferralLink } from '@portal/contracts/agent/agent.contract.ts';
import { type RawBuilder, sql } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';

/** Agents' referral links (`referral_link`) with what they brought: registrations and first deposits. */
export function referralLinkRepository(db: Db) {
  async function stats(where: RawBuilder<unknown>): Promise<ReferralLink[]> {
    const { rows } = await sql<{
      id: string;
      code: string;
      kind: 'PLAYER' | 'AGENT';
      createdAt: Date;
      registrations: number;
      firstDeposits: number;
    }>`
      SELECT l.id::text AS id, l.code, l.kind, l.created_at AS "createdAt",
        (SELECT count(*) FROM member m WHERE m.referral_link_id = l.id)::int AS registrations,
        (SELECT count(*) FROM member m JOIN member_first_deposit f ON f.member_id = m.id
          WHERE m.referral_link_id = l.id)::int AS "firstDeposits"
      FROM referral_link l WHERE ${where} ORDER BY l.id`.execute(db);
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
  }

  return {
    transaction: inTransaction(db),

    /** Every link of an agent, oldest first, with its counts. */
    statsOfAgent: (agentId: string) => stats(sql`l.agent_id = ${agentId}`),

    /** One link with its counts. */
    statsOfLink: async (linkId: string): Promise<ReferralLink | undefined> => (await stats(sql`l.id = ${linkId}`))[0],

    /** Locks the agent's member row (FOR UPDATE) until the transaction ends: its link count is checked and grown under it. */
    lockAgent: async (trx: Executor, agentId: string): Promise<void> => {
      await trx.selectFrom('member').select('id').where('id', '=', agentId).forUpdate().execute();
    },

    countOf: async (trx: Executor, agentId: string): Promise<number> =>
      Number(
        (
          await trx
            .selectFrom('referralLink')
            .select((e) => e.fn.countAll<string>().as('n'))
            .where('agentId', '=', agentId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    insert: async (trx: Executor, link: { agentId: string; code: string; kind: 'PLAYER' | 'AGENT' }): Promise<string> =>
      (await trx.insertInto('referralLink').values(link).returning('id').executeTakeFirstOrThrow()).id,

    /** The link of a code (any letter case) with its agent's status and type. */
    byCode: (code: string) =>
      db
        .selectFrom('referralLink as l')
        .innerJoin('member as a', 'a.id', 'l.agentId')
        .select(['l.id', 'l.agentId', 'l.kind', 'a.status', 'a.type'])
        .where(sql<boolean>`lower(l.code) = ${code.toLowerCase()}`)
        .executeTakeFirst(),
  };
}
export type ReferralLinkRepository = ReturnType<typeof referralLinkRepository>;
