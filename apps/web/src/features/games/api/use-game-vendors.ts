import { getGameVendors } from '@portal/contracts/games/vendors.contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client.ts';

/** Vendor lanes by game category; cached for the session and refreshed on a language change (spec §4). */
export const gameVendorsQuery = (language: string) =>
  queryOptions({
    queryKey: ['games', 'vendors', language],
    queryFn: ({ signal }) => call(getGameVendors, { query: { platform: 'html5-desktop' }, signal }),
    staleTime: 10 * 60_000,
  });

export function useGameVendors() {
  const { i18n } = useTranslation();
  return useQuery(gameVendorsQuery(i18n.language));
}
