import {
  addBankAccount,
  confirmWithdrawal,
  createDeposit,
  createWithdrawal,
  getPaymentMethods,
  listBankAccounts,
  listDeposits,
  listWithdrawals,
  setPaymentPassword,
} from '@portal/contracts/wallet/cashier.contract.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type CallBody } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';
import { balanceQueryKey } from './wallet-queries.ts';

/** The cashier's queries, keyed by session like the balance; the `…All` prefixes match every session. */
export const cashierKeys = {
  all: ['wallet', 'cashier'] as const,
  depositsAll: ['wallet', 'cashier', 'deposits'] as const,
  withdrawalsAll: ['wallet', 'cashier', 'withdrawals'] as const,
  bankAccountsAll: ['wallet', 'cashier', 'bank-accounts'] as const,
  methods: (token: string | null) => ['wallet', 'cashier', 'methods', token] as const,
  deposits: (token: string | null) => ['wallet', 'cashier', 'deposits', token] as const,
  bankAccounts: (token: string | null) => ['wallet', 'cashier', 'bank-accounts', token] as const,
  withdrawals: (token: string | null) => ['wallet', 'cashier', 'withdrawals', token] as const,
};

export function usePaymentMethods() {
  const token = useMemberToken();
  return useQuery({
    queryKey: cashierKeys.methods(token),
    queryFn: ({ signal }) => call(getPaymentMethods, { signal }),
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

export function useDeposits() {
  const token = useMemberToken();
  return useQuery({
    queryKey: cashierKeys.deposits(token),
    queryFn: ({ signal }) => call(listDeposits, { signal }),
    enabled: token !== null,
  });
}

export function useBankAccounts() {
  const token = useMemberToken();
  return useQuery({
    queryKey: cashierKeys.bankAccounts(token),
    queryFn: ({ signal }) => call(listBankAccounts, { signal }),
    enabled: token !== null,
  });
}

export function useWithdrawals() {
  const token = useMemberToken();
  return useQuery({
    queryKey: cashierKeys.withdrawals(token),
    queryFn: ({ signal }) => call(listWithdrawals, { signal }),
    enabled: token !== null,
  });
}

/** Mutations refresh what they change; the balance also comes by the live channel, this covers a closed socket. */
export function useCreateDeposit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof createDeposit>) => call(createDeposit, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cashierKeys.depositsAll }),
  });
}

export function useCreateWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof createWithdrawal>) => call(createWithdrawal, { body }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: cashierKeys.withdrawalsAll }),
        qc.invalidateQueries({ queryKey: balanceQueryKey }),
      ]),
  });
}

export function useConfirmWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof confirmWithdrawal>) => call(confirmWithdrawal, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cashierKeys.withdrawalsAll }),
  });
}

export function useSetPaymentPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof setPaymentPassword>) => call(setPaymentPassword, { body }),
    // Both the withdraw page and the upline transfer read whether one is set.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: cashierKeys.bankAccountsAll }),
        qc.invalidateQueries({ queryKey: ['wallet', 'history', 'upline-info'] }),
      ]),
  });
}

export function useAddBankAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CallBody<typeof addBankAccount>) => call(addBankAccount, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: cashierKeys.bankAccountsAll }),
  });
}
