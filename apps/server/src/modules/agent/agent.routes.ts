import * as c from '@portal/contracts/agent/agent.contract.ts';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../composition.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';

/** The agent centre's calls (issue 15) and the operator's move of a member. */
export function agentRoutes(app: FastifyInstance, guards: RouteGuards, agent: Services['agent']): void {
  serve(app, guards, c.getTeam, ({ member, query }) => agent.team.list(member.memberId, query));
  serve(app, guards, c.getTeamMember, ({ member, query }) => agent.team.member(member.memberId, query.memberId));
  serve(app, guards, c.setTeamRemark, ({ member, body }) =>
    agent.team.setRemark(member.memberId, body.memberId, body.remark),
  );
  serve(app, guards, c.getTeamOverview, ({ member, query }) => agent.reports.overview(member.memberId, query));
  serve(app, guards, c.getMemberSummary, ({ member, query }) => agent.reports.memberSummary(member.memberId, query));
  serve(app, guards, c.getUserLoss, ({ member, query }) => agent.reports.userLoss(member.memberId, query));
  serve(app, guards, c.getTeamBets, ({ member, query }) => agent.reports.teamBets(member.memberId, query));
  serve(app, guards, c.getMyIncome, ({ member, query }) => agent.reports.income(member.memberId, query));
  serve(app, guards, c.registerAccount, ({ member, body }) => agent.accounts.register(member.memberId, body));
  serve(app, guards, c.getTransferInfo, ({ member }) => agent.accounts.transferInfo(member.memberId));
  serve(app, guards, c.transferToDownline, ({ member, body }) => agent.accounts.transfer(member.memberId, body));
  serve(app, guards, c.getReferral, ({ member }) => agent.accounts.referral(member.memberId));
  serve(app, guards, c.createReferralLink, ({ member, body }) => agent.accounts.createLink(member.memberId, body.kind));
  serve(app, guards, c.moveMember, ({ body }) => agent.moves.move(body.account, body.uplineAccount));
}
