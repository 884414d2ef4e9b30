import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { VaultGameApp } from '../../features/vault-games/components/vault-game-app.tsx';
import { balanceQueryKey } from '../../features/wallet/api/wallet-queries.ts';
import { vendorWalletKeys } from '../../features/wallet/api/vendor-wallet-api.ts';

/** /vendor/vault/play?game=… — Vault Gaming's table; the vendor session is in the launch URL's fragment. */
export function VaultPlayScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useMemo(() => new URLSearchParams(window.location.hash.slice(1)).get('s'), []);
  const walletChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    void queryClient.invalidateQueries({ queryKey: vendorWalletKeys.all });
  }, [queryClient]);
  return (
    <VaultGameApp
      gameCode={params.get('game') ?? ''}
      session={session}
      onBack={() => navigate('/')}
      onWalletChanged={walletChanged}
    />
  );
}
