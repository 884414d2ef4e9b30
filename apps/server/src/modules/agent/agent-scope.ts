import type { Executor } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { TeamRepository } from './team.repository.ts';

/**
 * The one check of every agent call that names a member (DESIGN.md §1 "Composition", issue 15):
 * the member must be in the caller's downline. Anything else (a member of another team, a
 * sibling's downline, the caller's own upline, an id that does not exist) answers the same
 * MEMBER_NOT_FOUND, so an agent cannot even learn which ids exist outside its team.
 */
export function agentScope(team: Pick<TeamRepository, 'depthBelow'>) {
  const notFound = () => new AppError('MEMBER_NOT_FOUND', 404, 'The member was not found.', 'memberId');

  return {
    /**
     * The member's level below the agent (1 = direct downline). `includeSelf` admits the agent itself
     * at level 0 (its own reports); `tx` runs the check inside the caller's transaction.
     */
    async levelOf(
      agentId: string,
      memberId: string,
      opts: { includeSelf?: boolean; tx?: Executor } = {},
    ): Promise<number> {
      const depth = await team.depthBelow(agentId, memberId, opts.includeSelf ? 0 : 1, opts.tx);
      if (depth === undefined) throw notFound();
      return depth;
    },
  };
}
export type AgentScope = ReturnType<typeof agentScope>;
