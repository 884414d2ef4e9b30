import * as boContent from '@portal/contracts/backoffice/content.contract.ts';
import { getAgentAnnouncements, getAnnouncements } from '@portal/contracts/content/content.contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { actorOf } from '../backoffice/staff-auth.service.ts';
import type { SiteService } from '../site/site.service.ts';
import type { ContentService } from './content.service.ts';

const acceptLanguage = (request: FastifyRequest) => request.headers['accept-language']?.slice(0, 2).toLowerCase();

/** The player site's and the agent centre's content, and the back office's content screen. */
export function contentRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  content: ContentService,
  site: SiteService,
): void {
  serve(app, guards, getAnnouncements, async ({ query, request }) => {
    const wl = await site.whitelabel();
    return content.announcements({ ...query, language: query.language ?? acceptLanguage(request) }, wl.defaultLanguage);
  });
  serve(app, guards, getAgentAnnouncements, async ({ query, request }) => {
    const wl = await site.whitelabel();
    return content.agentAnnouncements(query.language ?? acceptLanguage(request), wl.defaultLanguage);
  });

  const { console: screen } = content;
  serve(app, guards, boContent.listContent, ({ query }) => screen.list(query.kind, query.language));
  serve(app, guards, boContent.saveContent, ({ body, staff }) => screen.save(actorOf(staff), body));
  serve(app, guards, boContent.deleteContent, ({ body, staff }) => screen.remove(actorOf(staff), body.kind, body.id));
  serve(app, guards, boContent.previewContent, async ({ body }) => screen.preview(body.content));
}
