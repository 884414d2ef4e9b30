import {
  applyPromotion,
  claimPromotion,
  forfeitBonus,
  getMyBonuses,
  getPromotions,
  getPromotionStates,
} from '@portal/contracts/rewards/rewards.contract.ts';
import { claimRebate, getRebate } from '@portal/contracts/rewards/rebate.contract.ts';
import { claimMission, getMissionLeaderboard, getMissionSummary } from '@portal/contracts/rewards/missions.contract.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call, type CallBody } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';

/** Everything of the rewards feature under one prefix: a claim refreshes states, bonuses and the balance. */
export const rewardsKeys = {
  all: ['rewards'] as const,
  promotions: (language: string) => ['rewards', 'promotions', language] as const,
  states: (token: string | null) => ['rewards', 'states', token] as const,
  bonuses: (token: string | null) => ['rewards', 'bonuses', token] as const,
  rebate: (token: string | null) => ['rewards', 'rebate', token] as const,
};

/** Promotions running or coming, in the visitor's language (anyone). */
export function usePromotions() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: rewardsKeys.promotions(i18n.language),
    queryFn: ({ signal }) => call(getPromotions, { query: { language: i18n.language }, signal }),
  });
}

/** The signed-in member's status of each promotion (spec §4 labels); nothing for a guest. */
export function usePromotionStates() {
  const token = useMemberToken();
  return useQuery({
    queryKey: rewardsKeys.states(token),
    queryFn: ({ signal }) => call(getPromotionStates, { signal }),
    enabled: token !== null,
  });
}

export function useMyBonuses() {
  const token = useMemberToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...rewardsKeys.bonuses(token), i18n.language],
    queryFn: ({ signal }) => call(getMyBonuses, { query: { language: i18n.language }, signal }),
    enabled: token !== null,
  });
}

function useRewardsMutation<B, T>(fn: (body: B) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // A claim moves money: the states, the bonuses, the balance and the histories all change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rewardsKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}

export function useClaimPromotion() {
  return useRewardsMutation((body: CallBody<typeof claimPromotion>) => call(claimPromotion, { body }));
}

export function useApplyPromotion() {
  return useRewardsMutation((body: CallBody<typeof applyPromotion>) => call(applyPromotion, { body }));
}

export function useForfeitBonus() {
  return useRewardsMutation((body: CallBody<typeof forfeitBonus>) => call(forfeitBonus, { body }));
}

/** manualRebate: the unclaimed rebate per category since the last claim (decision 071). */
export function useRebate() {
  const token = useMemberToken();
  return useQuery({
    queryKey: rewardsKeys.rebate(token),
    queryFn: ({ signal }) => call(getRebate, { signal }),
    enabled: token !== null,
  });
}

export function useClaimRebate() {
  return useRewardsMutation((body: CallBody<typeof claimRebate>) => call(claimRebate, { body }));
}

/** The member's missions this period with progress (spec §7 mission summary, decision 073). */
export function useMissions() {
  const token = useMemberToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...rewardsKeys.all, 'missions', token, i18n.language],
    queryFn: ({ signal }) => call(getMissionSummary, { query: { language: i18n.language }, signal }),
    enabled: token !== null,
  });
}

export function useMissionLeaderboard() {
  const token = useMemberToken();
  return useQuery({
    queryKey: [...rewardsKeys.all, 'mission-board', token],
    queryFn: ({ signal }) => call(getMissionLeaderboard, { signal }),
    enabled: token !== null,
  });
}

export function useClaimMission() {
  return useRewardsMutation((body: CallBody<typeof claimMission>) => call(claimMission, { body }));
}

/**
 * The red counters of rewards and missions (member centre, account menu): promotions to claim, a
 * rebate waiting and missions completed. They refresh whenever money moves (the live channel's
 * balance event) and whenever the server says a reward became claimable or was claimed, a mission was
 * completed, or staff changed a promotion or mission (its rewards event, decision 074).
 */
export function useRewardCounters(): { rewards: number; missions: number } | undefined {
  const token = useMemberToken();
  const states = usePromotionStates();
  const missions = useMissions();
  const rebate = useRebate();
  if (token === null || (!states.data && !missions.data && !rebate.data)) return undefined;
  const m = missions.data?.claimable ?? 0;
  const r = rebate.data && rebate.data.total !== '0' ? 1 : 0;
  return { rewards: (states.data?.claimable ?? 0) + m + r, missions: m };
}
