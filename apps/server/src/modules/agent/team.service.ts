import type { TeamMember } from '@portal/contracts/agent/agent.contract.ts';
import { isAgentType } from '@portal/contracts/limits.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AgentScope } from './agent-scope.ts';
import type { TeamRepository, TeamRow } from './team.repository.ts';

const toMember = (r: TeamRow): TeamMember => ({
  id: r.id,
  account: r.account,
  nickname: r.nickname,
  type: r.type,
  isAgent: isAgentType(r.type),
  level: r.level,
  teamSize: Number(r.teamSize),
  balance: r.balance,
  status: r.status,
  createdAt: new Date(r.createdAt).toISOString(),
  lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt).toISOString() : null,
  remark: r.remark ?? '',
});

/** Team management (spec §2): the agent's downline, drill-down, remarks. Every member id goes through the scope. */
export function teamService(scope: AgentScope, team: TeamRepository) {
  async function member(agentId: string, memberId: string): Promise<TeamMember> {
    await scope.levelOf(agentId, memberId);
    const row = await team.one(agentId, memberId);
    if (!row) throw new AppError('MEMBER_NOT_FOUND', 404, 'The member was not found.', 'memberId');
    return toMember(row);
  }

  return {
    async list(
      agentId: string,
      q: { parentId?: string | undefined; search?: string | undefined; page: number; pageSize: number },
    ) {
      const parentId = q.parentId ?? agentId;
      if (q.parentId) await scope.levelOf(agentId, parentId, { includeSelf: true });
      const { rows, total } = await team.list(agentId, parentId, q.search || undefined, {
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        items: rows.map(toMember),
        page: q.page,
        pageSize: q.pageSize,
        total,
        breadcrumb: await team.breadcrumb(agentId, parentId),
      };
    },

    member,

    async setRemark(agentId: string, memberId: string, remark: string) {
      await scope.levelOf(agentId, memberId);
      await team.setRemark(agentId, memberId, remark);
      return member(agentId, memberId);
    },
  };
}
export type TeamService = ReturnType<typeof teamService>;

/** The operator's move of a member (and its downline) below another agent; the closure follows by trigger. */
export function memberMoves(db: Db) {
  return {
    async move(account: string, uplineAccount: string | null) {
      const find = (acc: string) =>
        db.selectFrom('member').select(['id', 'type']).where('accountKey', '=', acc.toLowerCase()).executeTakeFirst();
      const m = await find(account);
      if (!m) throw new AppError('MEMBER_NOT_FOUND', 404, 'The member was not found.', 'body.account');
      let uplineId: string | null = null;
      if (uplineAccount !== null) {
        const u = await find(uplineAccount);
        if (!u) throw new AppError('MEMBER_NOT_FOUND', 404, 'The upline was not found.', 'body.uplineAccount');
        if (!isAgentType(u.type))
          throw new AppError('UPLINE_NOT_AGENT', 409, 'Only an agent can have a downline.', 'body.uplineAccount');
        uplineId = u.id;
      }
      try {
        await db.updateTable('member').set({ uplineId }).where('id', '=', m.id).execute();
      } catch (err) {
        const pg = err as { constraint?: string };
        if (pg.constraint === 'member_tree_no_cycle')
          throw new AppError(
            'UPLINE_IN_OWN_DOWNLINE',
            409,
            'A member cannot be moved below its own downline.',
            'body.uplineAccount',
          );
        if (pg.constraint === 'member_tree_upline_agent')
          throw new AppError('UPLINE_NOT_AGENT', 409, 'Only an agent can have a downline.', 'body.uplineAccount');
        throw err;
      }
      return { memberId: m.id, uplineId };
    },
  };
}
