import { keepSocketOpen } from '@portal/contracts/realtime/kept-socket.ts';
import {
  LIVE_CHANNEL_PATH,
  LIVE_CLOSE,
  type LiveAuthMessage,
  readLiveEvent,
} from '@portal/contracts/realtime/live-channel.contract.ts';
import type { Balance } from '@portal/contracts/wallet/wallet.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMemberToken } from '../../../lib/session.ts';
import { cashierKeys } from '../api/cashier-api.ts';
import { historyKeys } from '../api/history-api.ts';
import { vendorWalletKeys } from '../api/vendor-wallet-api.ts';
import { balanceQueryKey } from '../api/wallet-queries.ts';
import { type CashierCounters, countersQueryKey } from './use-cashier-counters.ts';

/**
 * The live channel (`/ws`), open only while signed in (spec §6: the socket listener runs only when
 * logged in). A balance event updates the header at once in every tab; a dropped connection comes
 * back with growing pauses, and after a reconnect the balance is fetched again in case events were missed.
 * A balance event also refreshes the cashier lists, whose statuses change with it; a counters event
 * (withdrawals awaiting confirmation, deposits pending) feeds the badges of the account menu and member centre;
 * a rewards event refreshes the reward centre and the red counters of rewards and missions.
 */
export function useLiveChannel(): void {
  const token = useMemberToken();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    const auth: LiveAuthMessage = { type: 'auth', token };
    return keepSocketOpen(LIVE_CHANNEL_PATH, {
      hello: () => auth,
      // Signed out, session ended (4401) or a password change due first (4403): no retry.
      final: [LIVE_CLOSE.notSignedIn, LIVE_CLOSE.passwordChange],
      // The channel's messages are one contract (live-channel.contract.ts); anything else is ignored.
      read: readLiveEvent,
      onReady: (reconnected) => {
        if (!reconnected) return;
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        // What became claimable while the channel was down.
        void queryClient.invalidateQueries({ queryKey: ['rewards'] });
      },
      onEvent: (msg) => {
        // A reward claimable or claimed, a mission completed, a promotion or mission changed by staff
        // (decision 074): the reward centre and its red counters read again, in every tab.
        if (msg.type === 'rewards') void queryClient.invalidateQueries({ queryKey: ['rewards'] });
        if (msg.type === 'balance' && (msg.kind === 'MEMBER_MAIN' || msg.kind === 'MEMBER_TRIAL')) {
          queryClient.setQueryData<Balance>([...balanceQueryKey, token], (old) =>
            old && old.currency === msg.currency ? { ...old, balance: msg.balance } : old,
          );
        }
        if (msg.type === 'counters') {
          queryClient.setQueryData<CashierCounters>(countersQueryKey(token), {
            withdrawalsToConfirm: msg.withdrawalsToConfirm ?? 0,
            depositsPending: msg.depositsPending ?? 0,
            messages: msg.messages ?? 0,
          });
          // A message sent, read or deleted elsewhere changes the inbox's lists (their key prefix).
          void queryClient.invalidateQueries({ queryKey: ['inbox'] });
          // A withdrawal approved or a deposit decided elsewhere changes the cashier lists too.
          void queryClient.invalidateQueries({ queryKey: cashierKeys.depositsAll });
          void queryClient.invalidateQueries({ queryKey: cashierKeys.withdrawalsAll });
        }
        if (msg.type === 'balance') {
          // Money that moved without this tab asking (an operator confirmed a deposit or paid out a
          // withdrawal from the hold, a gateway paid) also changed what the cashier and history lists show.
          void queryClient.invalidateQueries({ queryKey: cashierKeys.depositsAll });
          void queryClient.invalidateQueries({ queryKey: cashierKeys.withdrawalsAll });
          void queryClient.invalidateQueries({ queryKey: historyKeys.all });
          // Reconciliation settling a transfer the vendor had left unknown moves main money too.
          void queryClient.invalidateQueries({ queryKey: vendorWalletKeys.all });
          // A bet, a deposit or a claim moves what waits in the reward centre (rebate, mission
          // progress, claimable promotions) and its red counters: the rewards feature's queries.
          void queryClient.invalidateQueries({ queryKey: ['rewards'] });
        }
      },
    });
  }, [token, queryClient]);
}
