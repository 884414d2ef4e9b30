import { announcementsQuery } from '../features/content/api/use-announcements.ts';
import { permissionQuery } from '../features/site/api/site-queries.ts';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { prefetchFirstScreen } from './route-prefetch.ts';

/**
 * The first part of the app's start (main.tsx): the query client and the first screen's requests.
 * The home banner (the first page's largest paint) needs the site's settings and its announcements:
 * asked for now, beside the app's language, not after the first render and the status check.
 */
export const queryClient = createQueryClient();
void queryClient.prefetchQuery(permissionQuery);
void queryClient.prefetchQuery(announcementsQuery(i18n.language));
prefetchFirstScreen(queryClient, window.location, i18n.language);
