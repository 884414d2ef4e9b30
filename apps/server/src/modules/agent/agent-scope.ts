import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';

/**
 * The one check of every agent call that names a member (DESIGN.md §1 "Composition", issue 15):
 * the member must be in the caller's downline. Anything else (a member of another team, a
 * sibling's downline, the caller's own upline, an id that does not exist) answers the same
 * MEMBER_NOT_FOUND, so an agent cannot even learn which ids exist outside its team.
 */
export function agentScope(db: Db) {
  const notFound = () => new AppError('MEMBER_NOT_FOUND', 404, 'The member was not found.', 'memberId');

  return {
    /**
     * The member's level below the agent (1 = direct downline). `includeSelf` admits the agent itself
     * at level 0 (its own reports); `tx` runs the check inside the caller's transaction.
     */
    async levelOf(agentId: string, memberId: string, opts: { includeSelf?: boolean; tx?: Db } = {}): Promise<number> {
      const row = await (opts.tx ?? db)
        .selectFrom('memberTree')
        .select('depth')
        .where('ancestorId', '=', agentId)
        .where('descendantId', '=', memberId)
        .where('depth', '>=', opts.includeSelf ? 0 : 1)
        .executeTakeFirst();
      if (!row) throw notFound();
      return row.depth;
    },
  };
}
export type AgentScope = ReturnType<typeof agentScope>;
