import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { SessionMember, SessionService } from '../modules/auth/session.service.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    member?: SessionMember;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h || !h.startsWith('Bearer ')) return undefined;
  const token = h.slice(7).trim();
  return token.length >= 20 && token.length <= 200 ? token : undefined;
}

/** Routes whose contract says `auth: 'member'`: a live session or 401 NOT_LOGGED_IN. */
export function memberGuard(sessions: SessionService): preHandlerHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('NOT_LOGGED_IN', 401, 'You are not logged in, please login.');
    const member = await sessions.resolve(token);
    if (!member) throw new AppError('SESSION_EXPIRED', 401, 'Your session has ended, please login again.');
    request.member = member;
  };
}
