import { getBalance } from '@portal/contracts/wallet/wallet.contract.ts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';

export const balanceQueryKey = ['wallet', 'balance'] as const;

/** The signed-in member's balance; nothing is asked while signed out. */
export function useBalance() {
  const token = useMemberToken();
  return useQuery({
    queryKey: [...balanceQueryKey, token],
    queryFn: () => call(getBalance, {}),
    enabled: token !== null,
    staleTime: 30_000,
  });
}
