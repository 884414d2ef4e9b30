import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { guardDecision } from '../features/auth/lib/route-guard.ts';
import { readSessionToken } from '../lib/session.ts';

/** Route guard of spec §2: no stored session token on a protected route → /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const location = useLocation();
  const decision = guardDecision(location.pathname, readSessionToken());
  if (decision.kind === 'redirect') {
    // After the sign-in the player goes to / (spec §4), not back here: no return address is kept.
    return <Navigate to={decision.to} replace />;
  }
  return children;
}
