/** Routes that need a stored session token (spec §2 route guard, §6 roles). Compared case-sensitively. */
export const SESSION_ROUTES = [
  '/member',
  '/agentHome',
  '/lottery',
  '/seaLottery',
  '/vnLottery',
  '/pointMall',
  '/seamless',
] as const;

export const LOGIN_PATH = '/login';

export type GuardDecision = { kind: 'pass' } | { kind: 'redirect'; to: string };

export function needsSession(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SESSION_ROUTES.some((route) => path === route || path.startsWith(`${route}/`));
}

/** With no stored session token a route needing authentication goes to /login; otherwise it passes. */
export function guardDecision(pathname: string, sessionToken: string | null | undefined): GuardDecision {
  if (!needsSession(pathname)) return { kind: 'pass' };
  if (sessionToken && sessionToken.trim() !== '') return { kind: 'pass' };
  return { kind: 'redirect', to: LOGIN_PATH };
}
