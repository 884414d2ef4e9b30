import { getGameVendors } from '@portal/contracts/games/vendors.contract.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client.ts';

/** Vendor lanes by game category; cached for the session and refreshed on a language change (spec §4). */
export function useGameVendors() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['games', 'vendors', i18n.language],
    queryFn: ({ signal }) => call(getGameVendors, { query: { platform: 'html5-desktop' }, signal }),
    staleTime: 10 * 60_000,
  });
}
