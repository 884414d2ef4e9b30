import {
  convertPoints,
  getPointsBalance,
  getPointsConfig,
  getPointsRewards,
  getPointsTransactions,
  listPointsRedemptions,
  redeemPointsReward,
  type ConvertPayload,
  type RedeemPayload,
} from '@portal/contracts/rewards/points.contract.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client.ts';
import { sealed } from '../../../lib/sealed.ts';
import { useMemberToken } from '../../../lib/session.ts';
import { rewardsKeys } from './rewards-api.ts';

/** The points mall's calls (spec §7, decision 072), under the rewards prefix: a redemption refreshes them all. */
const pointsKey = (token: string | null, ...rest: (string | number)[]) => [
  ...rewardsKeys.all,
  'points',
  token,
  ...rest,
];

export function usePointsBalance() {
  const token = useMemberToken();
  return useQuery({
    queryKey: pointsKey(token, 'balance'),
    queryFn: ({ signal }) => call(getPointsBalance, { signal }),
    enabled: token !== null,
  });
}

export function usePointsConfig() {
  return useQuery({
    queryKey: [...rewardsKeys.all, 'points-config'],
    queryFn: ({ signal }) => call(getPointsConfig, { signal }),
  });
}

export function usePointsRewards() {
  const token = useMemberToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: pointsKey(token, 'rewards', i18n.language),
    queryFn: ({ signal }) => call(getPointsRewards, { query: { language: i18n.language }, signal }),
    enabled: token !== null,
  });
}

export function usePointsRedemptions(page: number) {
  const token = useMemberToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: pointsKey(token, 'redemptions', page, i18n.language),
    queryFn: ({ signal }) => call(listPointsRedemptions, { query: { page, language: i18n.language }, signal }),
    enabled: token !== null,
  });
}

export function usePointsTransactions(page: number) {
  const token = useMemberToken();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: pointsKey(token, 'transactions', page, i18n.language),
    queryFn: ({ signal }) => call(getPointsTransactions, { query: { page }, signal }),
    enabled: token !== null,
  });
}

function usePointsMutation<P, T>(send: (qc: ReturnType<typeof useQueryClient>, payload: P) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (payload: P) => send(qc, payload),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: rewardsKeys.all }),
        qc.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}

/** Redeems with the payment password, sealed as spec §7 says (decision 018). */
export function useRedeemReward() {
  return usePointsMutation((qc, payload: RedeemPayload) =>
    sealed(qc, payload, (body) => call(redeemPointsReward, { body })),
  );
}

export function useConvertPoints() {
  return usePointsMutation((qc, payload: ConvertPayload) =>
    sealed(qc, payload, (body) => call(convertPoints, { body })),
  );
}
