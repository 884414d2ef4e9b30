import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { HouseGameApp } from '../../features/house-games/components/house-game-app.tsx';
import { ThemeToggle } from '../../features/layout/components/theme-toggle.tsx';
import { balanceQueryKey } from '../../features/wallet/api/wallet-queries.ts';

/** Where "back to the lobby" goes: the portal page the game was launched from, else home. */
function lobbyPath(): string {
  try {
    const from = document.referrer ? new URL(document.referrer) : null;
    if (from && from.origin === window.location.origin && !from.pathname.startsWith('/play/')) {
      return from.pathname + from.search;
    }
  } catch {
    // An unreadable referrer: home.
  }
  return '/';
}

/** /play/:gameCode — a house game in full screen; the portal's balance is refreshed after each round. */
export function PlayScreen() {
  const { gameCode = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refreshWallet = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  }, [queryClient]);
  const back = useCallback(() => {
    refreshWallet();
    navigate(lobbyPath());
  }, [navigate, refreshWallet]);
  return <HouseGameApp gameCode={gameCode} onBack={back} onRoundSettled={refreshWallet} toolbar={<ThemeToggle />} />;
}
