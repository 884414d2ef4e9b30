import { getAnnouncements } from '@portal/contracts/content/content.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { SiteService } from '../site/site.service.ts';
import type { ContentService } from './content.service.ts';

export function contentRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  content: ContentService,
  site: SiteService,
): void {
  serve(app, guards, getAnnouncements, async ({ query, request }) => {
    const wl = await site.whitelabel();
    const accept = request.headers['accept-language']?.slice(0, 2).toLowerCase();
    return content.announcements({ ...query, language: query.language ?? accept }, wl.defaultLanguage);
  });
}
