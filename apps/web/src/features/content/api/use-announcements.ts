import { getAgentAnnouncements, getAnnouncements } from '@portal/contracts/content/content.contract.ts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client.ts';
import { useMemberToken } from '../../../lib/session.ts';

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

/** The agent centre's notices: those for every visitor and those for agents only (a signed-in agent's call). */
export function useAgentAnnouncements() {
  const { i18n } = useTranslation();
  const token = useMemberToken();
  return useQuery({
    queryKey: ['content', 'agent-announcements', i18n.language, token],
    enabled: token !== null,
    queryFn: ({ signal }) => call(getAgentAnnouncements, { query: { language: i18n.language }, signal }),
    staleTime: 2 * 60_000,
  });
}

/**
 * The popups a signed-in visitor gets (spec §3 execution A), and those of a first sign-in (F) too,
 * in the current language: loaded again on sign-in (a new token) and on a language change.
 */
export function useSignedInPopups(firstTimeLogin: boolean) {
  const { i18n } = useTranslation();
  const token = useMemberToken();
  const executions = firstTimeLogin ? (['A', 'F'] as const) : (['A'] as const);
  const results = useQueries({
    queries: executions.map((execution) => ({
      queryKey: ['content', 'popups', execution, i18n.language, token],
      enabled: token !== null,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        call(getAnnouncements, { query: { types: 'PU', platform: 'W', execution, language: i18n.language }, signal }),
      staleTime: 2 * 60_000,
    })),
  });
  if (token === null || results.some((r) => !r.data)) return undefined;
  return results.flatMap((r) => r.data?.popups ?? []);
}
