import type { TeamMember } from '@portal/contracts/agent/agent.contract.ts';
import { isAgentType } from '@portal/contracts/limits.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { MemberRepository } from '../auth/member.repository.ts';
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

/** What a move changed, for a caller that records it in the move's own transaction (the back office's audit). */
export type MoveRecorder = (
  trx: Transaction<Database>,
  before: { uplineId: string | null },
  after: { uplineId: string | null },
) => Promise<void>;

/** The operator's move of a member (and its downline) below another agent; the closure follows by trigger. */
export function memberMoves(
  members: Pick<MemberRepository, 'transaction' | 'findByAccount' | 'uplineForUpdate' | 'setUpline'>,
  /** What else follows a move in the same transaction (the contracts with the old upline end: decision 033). */
  afterMove?: (
    trx: Transaction<Database>,
    memberId: string,
    before: string | null,
    after: string | null,
  ) => Promise<void>,
) {
  return {
    async move(account: string, uplineAccount: string | null, record?: MoveRecorder) {
      const find = members.findByAccount;
      const m = await find(account);
      if (!m) throw new AppError('MEMBER_NOT_FOUND', 404, 'The member was not found.', 'body.account');
      let uplineId: string | null = null;
      if (uplineAccount !== null) {
        const u = await find(uplineAccount);
        if (!u) throw new AppError('MEMBER_NOT_FOUND', 404, 'The upline was not found.', 'body.uplineAccount');
        if (!isAgentType(u.type))
          throw new AppError('UPLINE_NOT_AGENT', 409, 'Only an agent can have a downline.', 'body.uplineAccount');
        uplineId = String(u.id);
      }
      try {
        const changed = await members.transaction(async (trx) => {
          const before = await members.uplineForUpdate(trx, m.id);
          const was = before === null ? null : String(before);
          if (was === uplineId) return false;
          await members.setUpline(m.id, uplineId, trx);
          await afterMove?.(trx, String(m.id), was, uplineId);
          await record?.(trx, { uplineId: was }, { uplineId });
          return true;
        });
        return { memberId: String(m.id), uplineId, changed };
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
    },
  };
}
export type MemberMoves = ReturnType<typeof memberMoves>;
