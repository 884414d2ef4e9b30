import { listOutbox } from '@portal/contracts/messaging/messaging.contract.ts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** Outbox refresh while the page is open: a code sent from another tab shows up on its own. */
export const OUTBOX_REFRESH_MS = 3000;

export function useOutbox(channel: 'SMS' | 'EMAIL' | undefined) {
  return useQuery({
    queryKey: ['dev', 'outbox', channel ?? 'ALL'],
    queryFn: ({ signal }) => call(listOutbox, { query: { limit: 50, channel }, signal }),
    refetchInterval: OUTBOX_REFRESH_MS,
    staleTime: 0,
  });
}
