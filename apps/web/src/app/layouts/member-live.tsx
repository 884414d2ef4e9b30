import { useEffect } from 'react';
import { useRewardCounters } from '../../features/rewards/api/rewards-api.ts';
import { useLiveChannel } from '../../features/wallet/hooks/use-live-channel.ts';

export type RewardCounters = ReturnType<typeof useRewardCounters>;

/**
 * What only a signed-in player's frame runs: the live channel and the rewards counters of the account
 * menu. A lazy chunk of the portal layout (decision 044), so a guest's first page carries neither the
 * socket nor the rewards and cashier contracts; the counters go up to the header through `onCounters`.
 */
export function MemberLive({ onCounters }: { onCounters: (counters: RewardCounters) => void }) {
  useLiveChannel();
  const counters = useRewardCounters();
  const rewards = counters?.rewards;
  const missions = counters?.missions;
  useEffect(() => {
    onCounters(rewards === undefined || missions === undefined ? undefined : { rewards, missions });
  }, [onCounters, rewards, missions]);
  useEffect(() => () => onCounters(undefined), [onCounters]);
  return null;
}
