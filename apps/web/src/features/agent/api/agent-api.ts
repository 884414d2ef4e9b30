import * as c from '@portal/contracts/agent/agent.contract.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type CallBody } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';

/** Every agent-centre query under one prefix: a transfer or a registration refreshes them all. */
const agentKey = (name: string, token: string | null, q: object = {}) => ['agent', name, token, q] as const;

export type RangeFilter = { period: c.ReportPeriod; from?: string | undefined; to?: string | undefined };

function useAgentQuery<T>(name: string, q: object, fetcher: (signal: AbortSignal) => Promise<T>, enabled = true) {
  const token = useMemberToken();
  return useQuery({
    queryKey: agentKey(name, token, q),
    queryFn: ({ signal }) => fetcher(signal),
    enabled: token !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

export const useTeamOverview = (q: RangeFilter) =>
  useAgentQuery('overview', q, (signal) => call(c.getTeamOverview, { query: q, signal }));

export const useTeam = (q: {
  parentId?: string | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
}) => useAgentQuery('team', q, (signal) => call(c.getTeam, { query: q, signal }));

export const useMemberSummary = (q: RangeFilter & { memberId: string | null }) =>
  useAgentQuery(
    'summary',
    q,
    (signal) => call(c.getMemberSummary, { query: { ...q, memberId: q.memberId! }, signal }),
    q.memberId !== null,
  );

export const useUserLoss = (q: RangeFilter & { order: 'loss' | 'win'; page: number; pageSize: number }) =>
  useAgentQuery('userLoss', q, (signal) => call(c.getUserLoss, { query: q, signal }));

export const useTeamBets = (
  q: RangeFilter & {
    gameType?: string | undefined;
    vendorId?: string | undefined;
    memberId?: string | undefined;
    page: number;
    pageSize: number;
  },
) => useAgentQuery('teamBets', q, (signal) => call(c.getTeamBets, { query: q, signal }));

export const useIncome = (
  q: RangeFilter & { kind?: (typeof c.INCOME_KINDS)[number] | undefined; page: number; pageSize: number },
) => useAgentQuery('income', q, (signal) => call(c.getMyIncome, { query: q, signal }));

export const useTransferInfo = () => useAgentQuery('transferInfo', {}, (signal) => call(c.getTransferInfo, { signal }));

export const useReferral = () => useAgentQuery('referral', {}, (signal) => call(c.getReferral, { signal }));

/** A change by the agent: every agent page (and the balance) shows it next time it is read. */
export function useAgentMutation<B, V>(fn: (body: B) => Promise<V>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['agent'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export const useSetRemark = () =>
  useAgentMutation((body: CallBody<typeof c.setTeamRemark>) => call(c.setTeamRemark, { body }));
export const useRegisterAccount = () =>
  useAgentMutation((body: CallBody<typeof c.registerAccount>) => call(c.registerAccount, { body }));
export const useTransferToDownline = () =>
  useAgentMutation((body: CallBody<typeof c.transferToDownline>) => call(c.transferToDownline, { body }));
export const useCreateReferralLink = () =>
  useAgentMutation((body: CallBody<typeof c.createReferralLink>) => call(c.createReferralLink, { body }));
