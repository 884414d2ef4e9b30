import * as c from '@portal/contracts/agent/contracts.contract.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, type CallBody } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';
import { useAgentMutation } from './agent-api.ts';

/**
 * Salary and dividend contracts (issue 16). Every query sits under the agent-centre prefix, so an
 * offer, an answer or a claim refreshes every agent page, the popup and the balance.
 */
const key = (name: string, token: string | null, q: object = {}) => ['agent', 'contracts', name, token, q] as const;

function useContractQuery<T>(name: string, q: object, fetcher: (signal: AbortSignal) => Promise<T>, enabled = true) {
  const token = useMemberToken();
  return useQuery({
    queryKey: key(name, token, q),
    queryFn: ({ signal }) => fetcher(signal),
    enabled: token !== null && enabled,
    placeholderData: keepPreviousData,
  });
}

/** The four type fields of consolidated info and the per-kind flags (which menu items show). */
export const useContractConsolidated = (enabled = true) =>
  useContractQuery('consolidated', {}, (signal) => call(c.getContractConsolidated, { signal }), enabled);

export const useMyContract = (kind: c.ContractKind) =>
  useContractQuery('mine', { kind }, (signal) => call(c.getMyContract, { query: { kind }, signal }));

export const useGivenContracts = (q: { kind: c.ContractKind; search?: string | undefined; page: number }) =>
  useContractQuery('given', q, (signal) =>
    call(c.getGivenContracts, { query: { ...q, pageSize: c.CONTRACT_LIMITS.defaultPageSize }, signal }),
  );

export const useContractStatements = (q: {
  kind: c.ContractKind;
  side: 'received' | 'paid';
  memberId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}) =>
  useContractQuery('statements', q, (signal) =>
    call(c.getContractStatements, { query: { ...q, pageSize: c.CONTRACT_LIMITS.defaultPageSize }, signal }),
  );

/** Offers waiting for the signed-in agent and unread notices: the home contract popup. */
export const usePendingContracts = (enabled: boolean) =>
  useContractQuery('pending', {}, (signal) => call(c.getPendingContracts, { signal }), enabled);

export const useOfferContract = () =>
  useAgentMutation((body: CallBody<typeof c.offerContract>) => call(c.offerContract, { body }));
export const useAcceptContract = () =>
  useAgentMutation((body: CallBody<typeof c.acceptContract>) => call(c.acceptContract, { body }));
export const useRejectContract = () =>
  useAgentMutation((body: CallBody<typeof c.rejectContract>) => call(c.rejectContract, { body }));
export const useTerminateContract = () =>
  useAgentMutation((body: CallBody<typeof c.terminateContract>) => call(c.terminateContract, { body }));
export const useReadContractNotices = () =>
  useAgentMutation((body: CallBody<typeof c.readContractNotices>) => call(c.readContractNotices, { body }));
export const useClaimContract = () =>
  useAgentMutation((body: CallBody<typeof c.claimContract>) => call(c.claimContract, { body }));
