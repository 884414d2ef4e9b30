import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemberToken } from '../../../lib/session.ts';

/** What the live channel's `counters` event carries: the cashier's waiting requests and unread messages. */
export interface CashierCounters {
  /** Approved withdrawals waiting for the player's confirmation. */
  withdrawalsToConfirm: number;
  /** The player's deposits still pending. */
  depositsPending: number;
  /** Unread inbox messages (the red counter of the member centre, account menu and agent menu). */
  messages: number;
}

/** Keyed by session; filled only by the live channel (sent on connect and on every change). */
export const countersQueryKey = (token: string | null) => ['wallet', 'counters', token] as const;

/** The cashier counters of the signed-in player, or undefined until the live channel has sent them. */
export function useCashierCounters(): CashierCounters | undefined {
  const token = useMemberToken();
  return useQuery<CashierCounters>({ queryKey: countersQueryKey(token), queryFn: skipToken, staleTime: Infinity }).data;
}
