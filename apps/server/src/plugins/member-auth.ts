import type { MemberAudience } from '@portal/contracts/http.ts';
import { AGENT_TYPES, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import type { FastifyRequest } from 'fastify';
import type { SessionMember, SessionService } from '../modules/auth/session.service.ts';
import { AppError } from './app-error.ts';

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h || !h.startsWith('Bearer ')) return undefined;
  const token = h.slice(7).trim();
  return token.length >= 20 && token.length <= 200 ? token : undefined;
}

/**
 * What a session that must change its password may call (spec §5: the forced change after sign-in):
 * the change itself, sign-out, and the member info the web needs to show the dialog.
 */
export const ALLOWED_BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  'changePassword',
  'logout',
  'logoutAll',
  'getMemberInfo',
]);

/**
 * The session rules of every member call, REST and the live channel alike: a live session or 401
 * (NOT_LOGGED_IN without a token, SESSION_EXPIRED for a dead one); a session that must change its
 * password first gets 403 PASSWORD_CHANGE_REQUIRED on every operation but those allowed before the
 * change, so the rule holds whatever the browser does with its dialog. `touch: false` checks without
 * counting the check as use (the live channel's periodic recheck).
 */
export async function sessionMember(
  sessions: SessionService,
  token: string | undefined,
  operationId: string | undefined,
  opts: { touch?: boolean } = {},
): Promise<SessionMember> {
  if (!token) throw new AppError('NOT_LOGGED_IN', 401, 'You are not logged in, please login.');
  const member = await sessions.resolve(token, opts);
  if (!member) throw new AppError('SESSION_EXPIRED', 401, 'Your session has ended, please login again.');
  if (member.passwordChangeRequired && !(operationId && ALLOWED_BEFORE_PASSWORD_CHANGE.has(operationId)))
    throw new AppError('PASSWORD_CHANGE_REQUIRED', 403, 'Please change your password before you continue.');
  return member;
}

/** The member behind the request's bearer token, for routes of every member audience (`sessionMember`). */
export function memberSession(sessions: SessionService): (request: FastifyRequest) => Promise<SessionMember> {
  return async (request) => {
    const operationId = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
    return sessionMember(sessions, bearerToken(request), operationId);
  };
}

/** The member audiences beyond a live session: real members (not trial accounts) and agents. */
export function checkMemberAudience(audience: MemberAudience, member: SessionMember): SessionMember {
  // Trial accounts play with play money only (spec §6): the cashier and vendor wallets are for real members.
  if (audience === 'realMember' && member.type === TRIAL_TYPE)
    throw new AppError('TRIAL_NOT_ALLOWED', 403, 'Please register an account first.');
  if (audience === 'agent' && !(AGENT_TYPES as readonly number[]).includes(member.type))
    throw new AppError('NOT_AGENT', 403, 'This is for agents only.');
  return member;
}
