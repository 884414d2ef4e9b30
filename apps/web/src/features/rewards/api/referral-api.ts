import { getMyReferral } from '@portal/contracts/rewards/referral.contract.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';
import { rewardsKeys } from './rewards-api.ts';

/**
 * The player's invitation and referred friends (decision 075). Under the rewards prefix: the live
 * `rewards` event (a friend registered, a reward decided) and money moves refresh it.
 */
export function useMyReferral(page: number, pageSize: number) {
  const token = useMemberToken();
  return useQuery({
    queryKey: [...rewardsKeys.all, 'referral', token, page, pageSize],
    queryFn: ({ signal }) => call(getMyReferral, { query: { page, pageSize }, signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}
