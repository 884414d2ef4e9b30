import { randomBytes } from 'node:crypto';
import { PLAYER_TYPE } from '@portal/contracts/auth/auth.contract.ts';
import type { ReferralLink, TeamMember } from '@portal/contracts/agent/agent.contract.ts';
import { AGENT_CENTRE, SITE_CURRENCY, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { checkField, type FieldIssue } from '@portal/contracts/site/field-validation.ts';
import { AppError } from '../../plugins/app-error.ts';
import { type MemberRepository, NO_MEMBER_DETAILS } from '../auth/member.repository.ts';
import { hashPassword } from '../auth/password.ts';
import { weakPasswordIssue } from '../auth/password-rules.ts';
import type { SiteService } from '../site/site.service.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { transferBetweenMembers } from '../wallet/member-transfer.ts';
import type { PaymentPasswordService } from '../wallet/payment-password.service.ts';
import type { AgentScope } from './agent-scope.ts';
import type { ReferralLinkRepository } from './referral-link.repository.ts';
import type { TeamService } from './team.service.ts';

/** The type a sub-agent made by an agent (or through an agent link) gets. */
export const SUB_AGENT_TYPE = 2;
const typeOfKind = (kind: 'PLAYER' | 'AGENT') => (kind === 'AGENT' ? SUB_AGENT_TYPE : PLAYER_TYPE);

/** Codes people type from a screen: no 0/O or 1/I to confuse. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newCode(length = 8): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: SITE_CURRENCY });

/**
 * What an agent does for its downline (spec §2): register accounts directly below itself, send money
 * to any member of its team, and hand out referral links. Every member id goes through the scope.
 */
export function agentAccountsService(d: {
  members: MemberRepository;
  links: ReferralLinkRepository;
  scope: AgentScope;
  team: TeamService;
  ledger: LedgerService;
  paymentPassword: PaymentPasswordService;
  site: Pick<SiteService, 'fieldRules'>;
  settings: SettingsRepository;
}) {
  const { members, links, scope, ledger } = d;

  return {
    async transferInfo(agentId: string) {
      const paymentPasswordHash = await members.paymentPasswordHash(agentId);
      return {
        balance: (await ledger.balance(main(agentId))).toString(),
        currency: SITE_CURRENCY,
        hasPaymentPassword: paymentPasswordHash !== null,
      };
    },

    /**
     * One ledger transfer keyed by the agent and the client's request id: a retry applies once, a
     * reused id for another transfer is IDEMPOTENCY_CONFLICT, and the ledger's conditional debit
     * keeps the agent's wallet from going below zero however many run at once.
     */
    async transfer(
      agentId: string,
      req: { memberId: string; amount: string; paymentPassword: string; requestId: string },
    ) {
      await scope.levelOf(agentId, req.memberId);
      const target = await members.standing(req.memberId);
      if (target.type === TRIAL_TYPE)
        throw new AppError('TRIAL_CANNOT_RECEIVE', 409, 'A trial account cannot receive transfers.', 'body.memberId');
      if (target.status !== 'ACTIVE')
        throw new AppError('MEMBER_DISABLED', 409, 'This member is disabled.', 'body.memberId');
      await d.paymentPassword.verify(agentId, req.paymentPassword);
      const done = await transferBetweenMembers(ledger, {
        kind: 'AGENT_TRANSFER',
        keyPrefix: 'agent-transfer',
        fromMemberId: agentId,
        toMemberId: req.memberId,
        amount: req.amount,
        requestId: req.requestId,
      });
      return { ...done, memberAccount: target.account };
    },

    /** A player or sub-agent directly below the agent, with a first password it must change at first sign-in. */
    async register(
      agentId: string,
      p: { kind: 'PLAYER' | 'AGENT'; username: string; password: string; nickname?: string | undefined },
    ): Promise<TeamMember> {
      const [rules, policy] = await Promise.all([d.site.fieldRules(), d.settings.get('password_policy')]);
      const values: Record<string, string | undefined> = p;
      const issues: Record<string, FieldIssue> = {};
      for (const field of ['username', 'password', 'nickname'] as const) {
        const rule = rules.find((r) => r.field === field);
        if (!rule) continue;
        const forced = field === 'nickname' ? rule : { ...rule, enabled: true, required: true };
        const issue = checkField(forced, values[field]);
        if (issue) issues[field] = issue;
      }
      const weak = !issues.password ? weakPasswordIssue(p.password, policy) : null;
      if (weak) issues.password = weak;
      const first = Object.keys(issues)[0];
      if (first)
        throw new AppError('VALIDATION_FAILED', 400, `${first}: ${issues[first]!.key}`, `body.${first}`, {
          fields: issues,
        });

      const now = new Date();
      let id: string;
      try {
        ({ id } = await members.insert({
          account: p.username.trim(),
          type: typeOfKind(p.kind),
          ...NO_MEMBER_DETAILS,
          uplineId: agentId,
          nickname: p.nickname || null,
          passwordHash: await hashPassword(p.password),
          passwordChangedAt: now,
          agentIssuedPasswordAt: now,
          registerMethod: 'AGENT',
        }));
      } catch (err) {
        if ((err as { code?: string }).code === '23505')
          throw new AppError('USERNAME_TAKEN', 409, 'This username is already taken.', 'body.username');
        throw err;
      }
      return d.team.member(agentId, id);
    },

    /** The invitation code (made on first use) and the agent's links with what they brought. */
    async referral(agentId: string) {
      let code = await members.affiliateCode(agentId);
      for (let attempt = 0; !code && attempt < 5; attempt++) {
        await members.setAffiliateCodeIfNone(agentId, newCode()).catch((err: { code?: string }) => {
          if (err.code !== '23505') throw err; // a code another agent has: try another
        });
        code = await members.affiliateCode(agentId);
      }
      return { invitationCode: code!, links: await links.statsOfAgent(agentId) };
    },

    async createLink(agentId: string, kind: 'PLAYER' | 'AGENT'): Promise<ReferralLink> {
      const id = await links.transaction(async (trx) => {
        // One agent's link count is checked and grown under its own member row lock.
        await links.lockAgent(trx, agentId);
        if ((await links.countOf(trx, agentId)) >= AGENT_CENTRE.maxReferralLinks)
          throw new AppError('REFERRAL_LINK_LIMIT', 409, 'You already have the most referral links allowed.');
        return links.insert(trx, { agentId, code: newCode(10), kind });
      });
      return (await links.statsOfLink(id))!;
    },

    /** Registration through a link code: below that agent, as the link's kind. Null when no link has the code. */
    async resolveLink(code: string) {
      const link = await links.byCode(code);
      if (!link || link.status !== 'ACTIVE') return null;
      return { linkId: link.id, uplineId: link.agentId, type: typeOfKind(link.kind) };
    },
  };
}
export type AgentAccountsService = ReturnType<typeof agentAccountsService>;
