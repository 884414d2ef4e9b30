import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSessionGone, useMemberInfo } from '../../features/auth/api/auth-api.ts';
import { GamePlayProvider } from '../../features/games/components/game-play-provider.tsx';
import { useMemberToken } from '../../lib/session.ts';

/**
 * Gives the game cards of a screen who is signed in and how to ask for a login (the login popup of
 * /login, coming back here after) or a registration (spec §4 game start).
 */
export function GamePlayScope({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  // A session that must change its password first can play nothing yet: it counts as not signed in here.
  const token = useMemberToken();
  const member = useMemberInfo();
  const signedIn = token !== null && !isSessionGone(member.error);
  const from = `${location.pathname}${location.search}`;
  const onRequireLogin = useCallback(() => void navigate('/login', { state: { from } }), [navigate, from]);
  const onRegister = useCallback(() => void navigate('/register'), [navigate]);
  return (
    <GamePlayProvider
      token={signedIn ? token : null}
      isTrial={member.data?.isTrial ?? false}
      onRequireLogin={onRequireLogin}
      onRegister={onRegister}
    >
      {children}
    </GamePlayProvider>
  );
}
