import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';

export interface TeamRow {
  id: string;
  account: string;
  nickname: string | null;
  type: number;
  level: number;
  teamSize: string;
  balance: string;
  status: 'ACTIVE' | 'DISABLED';
  createdAt: Date;
  lastLoginAt: Date | null;
  remark: string | null;
  total: string;
}

/** `%`, `_` and `\` match themselves in a search. */
const likeEscaped = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Reads of an agent's team through the downline closure (member_tree). Callers have already checked
 * that the parent is in the agent's subtree (agent-scope.ts); every query is still joined to the
 * agent's own closure rows, so a missed check could not widen what it returns.
 */
export function teamRepository(db: Db) {
  const rowsOf = (agentId: string, where: ReturnType<typeof sql>, page: { limit: number; offset: number }) =>
    sql<TeamRow>`
      SELECT m.id::text AS id, m.account, m.nickname, m.type, g.depth AS level, m.status,
        m.created_at AS "createdAt", m.last_login_at AS "lastLoginAt",
        coalesce(ts.team_size, 0)::text AS "teamSize",
        coalesce(a.balance, 0)::text AS balance, r.remark, count(*) OVER ()::text AS total
      FROM member_tree g
      JOIN member m ON m.id = g.descendant_id
      LEFT JOIN ledger_account a ON a.member_id = m.id AND a.kind = 'MEMBER_MAIN' AND a.currency = ${SITE_CURRENCY}
      LEFT JOIN agent_remark r ON r.agent_id = ${agentId} AND r.member_id = m.id
      LEFT JOIN member_team_size ts ON ts.member_id = m.id
      WHERE g.ancestor_id = ${agentId} AND g.depth > 0 AND ${where}
      ORDER BY m.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);

  return {
    /** The direct downline of `parentId`, or with `search` everyone below it whose account or nickname matches. */
    async list(agentId: string, parentId: string, search: string | undefined, page: { limit: number; offset: number }) {
      const where = search
        ? sql`m.id IN (SELECT descendant_id FROM member_tree WHERE ancestor_id = ${parentId} AND depth > 0)
              AND (m.account_key LIKE ${`%${likeEscaped(search)}%`} ESCAPE '\\'
                   OR lower(coalesce(m.nickname, '')) LIKE ${`%${likeEscaped(search)}%`} ESCAPE '\\')`
        : sql`m.upline_id = ${parentId}`;
      const { rows } = await rowsOf(agentId, where, page);
      return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
    },

    async one(agentId: string, memberId: string): Promise<TeamRow | undefined> {
      const { rows } = await rowsOf(agentId, sql`m.id = ${memberId}`, { limit: 1, offset: 0 });
      return rows[0];
    },

    /** The chain from the agent down to `memberId`, both included, top first. */
    async breadcrumb(agentId: string, memberId: string) {
      const { rows } = await sql<{ id: string; account: string }>`
        SELECT m.id::text AS id, m.account
        FROM member_tree t
        JOIN member_tree g ON g.ancestor_id = ${agentId} AND g.descendant_id = t.ancestor_id
        JOIN member m ON m.id = t.ancestor_id
        WHERE t.descendant_id = ${memberId}
        ORDER BY t.depth DESC`.execute(db);
      return rows;
    },

    /** How far below `ancestorId` the member sits (0 is itself) when at least `minDepth`; undefined when not in its subtree. */
    async depthBelow(ancestorId: string, memberId: string, minDepth: number, trx: Executor = db) {
      const row = await trx
        .selectFrom('memberTree')
        .select('depth')
        .where('ancestorId', '=', ancestorId)
        .where('descendantId', '=', memberId)
        .where('depth', '>=', minDepth)
        .executeTakeFirst();
      return row?.depth;
    },

    async setRemark(agentId: string, memberId: string, remark: string) {
      if (remark === '') {
        await db.deleteFrom('agentRemark').where('agentId', '=', agentId).where('memberId', '=', memberId).execute();
        return;
      }
      await db
        .insertInto('agentRemark')
        .values({ agentId, memberId, remark })
        .onConflict((oc) => oc.columns(['agentId', 'memberId']).doUpdateSet({ remark, updatedAt: new Date() }))
        .execute();
    },
  };
}
export type TeamRepository = ReturnType<typeof teamRepository>;
