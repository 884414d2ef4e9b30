import {
  getVendorWallets,
  transferAllToMain,
  transferWallet,
} from '@portal/contracts/wallet/vendor-wallet.contract.ts';
import { getMerchantWallet } from '@portal/contracts/wallet/wallet.contract.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type CallBody } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';
import { historyKeys } from './history-api.ts';
import { balanceQueryKey } from './wallet-queries.ts';

/** Transfer-wallet queries, keyed by session like the balance; `all` matches every session. */
export const vendorWalletKeys = {
  all: ['wallet', 'vendor-wallets'] as const,
  merchant: ['wallet', 'merchant'] as const,
  wallets: (token: string | null) => ['wallet', 'vendor-wallets', token] as const,
};

/** While a transfer is being checked with its vendor, the wallets are asked again this often. */
const PENDING_REFETCH_MS = 15_000;

/** Whether the site runs one wallet, or transfer wallets at some vendors as well (a site setting). */
export function useMerchantWallet() {
  return useQuery({
    queryKey: vendorWalletKeys.merchant,
    queryFn: ({ signal }) => call(getMerchantWallet, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The main wallet and each transfer vendor's wallet, as the vendors report them. */
export function useVendorWallets(enabled = true) {
  const token = useMemberToken();
  return useQuery({
    queryKey: vendorWalletKeys.wallets(token),
    queryFn: ({ signal }) => call(getVendorWallets, { signal }),
    enabled: token !== null && enabled,
    // A vendor that left an outcome unknown is asked again by the server's reconciliation; keep
    // looking until it has answered, so "being checked" turns into the result without a reload.
    refetchInterval: (query) =>
      query.state.data?.wallets.some((w) => w.pendingAmount !== '0') ? PENDING_REFETCH_MS : false,
  });
}

/**
 * After any transfer, settled or not: the vendor wallets, the header balance and the history all
 * may have changed (a refused transfer is reversed, a lost answer leaves one pending).
 */
function useRefreshAfterTransfer() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: vendorWalletKeys.all }),
      qc.invalidateQueries({ queryKey: balanceQueryKey }),
      qc.invalidateQueries({ queryKey: historyKeys.all }),
    ]);
}

export function useTransferWallet() {
  const refresh = useRefreshAfterTransfer();
  return useMutation({
    mutationFn: (body: CallBody<typeof transferWallet>) => call(transferWallet, { body }),
    onSettled: refresh,
  });
}

export function useTransferAllToMain() {
  const refresh = useRefreshAfterTransfer();
  return useMutation({
    mutationFn: (body: CallBody<typeof transferAllToMain>) => call(transferAllToMain, { body }),
    onSettled: refresh,
  });
}
