import { getAnnouncements } from '@portal/contracts/content/content.contract.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client.ts';

/** Banners, notices, popups, promotions and help topics for the guest view, in `language`. */
export function announcementsQuery(language: string) {
  return queryOptions({
    queryKey: ['content', 'announcements', language],
    queryFn: ({ signal }) =>
      call(getAnnouncements, { query: { types: 'B,PL,PU,PR,H', platform: 'W', execution: 'B', language }, signal }),
    staleTime: 2 * 60_000,
  });
}

/** Banners, notices, popups, promotions and help topics for the guest view, in the current language. */
export function useAnnouncements() {
  const { i18n } = useTranslation();
  return useQuery(announcementsQuery(i18n.language));
}
