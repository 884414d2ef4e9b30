import { AGENT_TYPES, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import type { LoginResult } from '@portal/contracts/auth/auth.contract.ts';
import type { SiteService } from '../site/site.service.ts';
import type { MemberRepository } from './member.repository.ts';
import { verifyPassword } from './password.ts';
import type { PasswordPolicy } from '../site/settings.ts';
import type { SessionService } from './session.service.ts';

/** What issuing a session needs to know of the member. */
export interface SessionCandidate {
  id: string;
  type: number;
  firstLogin: boolean;
  passwordHash: string;
  passwordChangedAt: Date;
  /** Set when an agent created the account with a first password (issue 15). */
  agentIssuedPasswordAt?: Date | null;
  /** Set when staff forced a password change from the back office (issue 14). */
  passwordChangeForcedAt?: Date | null;
}

export interface IssueContext {
  ip: string;
  userAgent: string | undefined;
  /** The browser's device id (decision 028): remembered with the member for the risk screens. */
  deviceId?: string | undefined;
}

const DAY_MS = 86_400_000;

/**
 * The one place a member session is issued, whatever the path: password, SMS code, the new-address
 * step, registration, free play, the agent portal, or a password just set. So the forced-change rule
 * (spec §4/§5, decision 015) is decided here once: with module FORCE_CHANGE_PASSWORD on, a member on
 * the site's default password or an expired one gets a session that may only change it. When the
 * path did not see the password (SMS, new address), the stored hash is checked against the default.
 */
export function sessionIssuer(d: {
  sessions: SessionService;
  passwordPolicy: () => Promise<PasswordPolicy>;
  members: MemberRepository;
  site: Pick<SiteService, 'flags'>;
  now?: () => Date;
}) {
  const now = d.now ?? (() => new Date());

  async function passwordChangeDue(
    member: SessionCandidate,
    knownPassword: string | undefined,
  ): Promise<{ mustChangePassword: boolean; passwordExpired: boolean; askOldPassword: boolean }> {
    // A trial account's password is random and nobody knows it; it cannot be changed either.
    if (member.type === TRIAL_TYPE) return { mustChangePassword: false, passwordExpired: false, askOldPassword: false };
    const [policy, { flags }] = await Promise.all([d.passwordPolicy(), d.site.flags()]);
    const passwordExpired =
      policy.expiryEnabled &&
      now().getTime() - new Date(member.passwordChangedAt).getTime() > policy.expiryDays * DAY_MS;
    // A first password an agent handed out is known to the agent: the member always chooses its own.
    if (
      member.agentIssuedPasswordAt &&
      new Date(member.passwordChangedAt).getTime() <= new Date(member.agentIssuedPasswordAt).getTime()
    )
      return { mustChangePassword: true, passwordExpired, askOldPassword: true };
    // Staff asked for a new password: one set before their request does not do.
    if (
      member.passwordChangeForcedAt &&
      new Date(member.passwordChangeForcedAt).getTime() >= new Date(member.passwordChangedAt).getTime()
    )
      return { mustChangePassword: true, passwordExpired, askOldPassword: true };
    if (!flags.FORCE_CHANGE_PASSWORD) return { mustChangePassword: false, passwordExpired, askOldPassword: false };
    if (passwordExpired) return { mustChangePassword: true, passwordExpired, askOldPassword: true };
    const onDefault =
      policy.defaultPassword !== null &&
      (knownPassword !== undefined
        ? knownPassword === policy.defaultPassword
        : await verifyPassword(member.passwordHash, policy.defaultPassword));
    return { mustChangePassword: onDefault, passwordExpired, askOldPassword: false };
  }

  return {
    passwordChangeDue,

    /**
     * A session for a member the caller has authenticated. `knownPassword` is the password the path
     * checked, when it had one. The address becomes a known one: the member proved the account here.
     */
    async issue(member: SessionCandidate, ctx: IssueContext, knownPassword?: string): Promise<LoginResult> {
      const due = await passwordChangeDue(member, knownPassword);
      const token = await d.sessions.create(member.id, ctx, { passwordChangeRequired: due.mustChangePassword });
      await d.members.recordLogin(member.id, ctx.ip);
      await d.members.rememberIp(member.id, ctx.ip);
      if (ctx.deviceId) await d.members.rememberDevice(member.id, ctx.deviceId, now());
      return {
        token,
        firstTimeLogin: member.firstLogin,
        passwordExpired: due.passwordExpired,
        mustChangePassword: due.mustChangePassword,
        askOldPassword: due.askOldPassword,
        isAgent: (AGENT_TYPES as readonly number[]).includes(member.type),
        isTrial: member.type === TRIAL_TYPE,
      };
    },
  };
}
export type SessionIssuer = ReturnType<typeof sessionIssuer>;
