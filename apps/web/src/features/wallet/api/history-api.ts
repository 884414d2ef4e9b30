import {
  getAccountRecord,
  getBonusDetails,
  getPersonalProfit,
  getTransactionHistory,
} from '@portal/contracts/wallet/history.contract.ts';
import { getUplineTransferInfo, transferUpline } from '@portal/contracts/wallet/transfer-upline.contract.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type CallBody } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';
import { balanceQueryKey } from './wallet-queries.ts';

/** History queries under one prefix: a balance push refreshes whichever page is open. */
export const historyKeys = {
  all: ['wallet', 'history'] as const,
  page: (name: string, token: string | null, filters: object) => ['wallet', 'history', name, token, filters] as const,
  upline: (token: string | null) => ['wallet', 'history', 'upline-info', token] as const,
};

// A type, not an interface: the client's query parameter accepts it as a record.
export type PageFilters = {
  from: string;
  to: string;
  page: number;
  pageSize: number;
};

function useHistoryPage<T>(
  name: string,
  filters: object,
  fetcher: (signal: AbortSignal) => Promise<T>,
  enabled = true,
) {
  const token = useMemberToken();
  return useQuery({
    queryKey: historyKeys.page(name, token, filters),
    queryFn: ({ signal }) => fetcher(signal),
    enabled: token !== null && enabled,
    // The previous page stays on screen while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useTransactionHistory(f: PageFilters & { type?: string | undefined }, enabled = true) {
  return useHistoryPage('transactions', f, (signal) => call(getTransactionHistory, { query: f, signal }), enabled);
}

export function useAccountRecord(
  f: PageFilters & { type?: string | undefined; status?: string | undefined },
  enabled = true,
) {
  return useHistoryPage('account-record', f, (signal) => call(getAccountRecord, { query: f, signal }), enabled);
}

export function useBonusDetails(f: PageFilters, enabled = true) {
  return useHistoryPage('bonuses', f, (signal) => call(getBonusDetails, { query: f, signal }), enabled);
}

export function usePersonalProfit(f: PageFilters & { gameType?: string | undefined }, enabled = true) {
  return useHistoryPage('profit', f, (signal) => call(getPersonalProfit, { query: f, signal }), enabled);
}

export function useUplineInfo() {
  const token = useMemberToken();
  return useQuery({
    queryKey: historyKeys.upline(token),
    queryFn: ({ signal }) => call(getUplineTransferInfo, { signal }),
    enabled: token !== null,
  });
}

export function useTransferUpline() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof transferUpline>) => call(transferUpline, { body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: historyKeys.all }),
        qc.invalidateQueries({ queryKey: balanceQueryKey }),
      ]),
  });
}
