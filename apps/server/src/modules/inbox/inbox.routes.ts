import * as inboxStaff from '@portal/contracts/backoffice/inbox.contract.ts';
import * as inbox from '@portal/contracts/inbox/inbox.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { actorOf } from '../backoffice/staff-auth.service.ts';
import type { InboxService } from './inbox.service.ts';

/** The member's inbox and the back office's messages screen. */
export function inboxRoutes(app: FastifyInstance, guards: RouteGuards, service: InboxService): void {
  serve(app, guards, inbox.getMessages, ({ member, query }) =>
    service.page(member.memberId, { pageNum: query.pageNum, unreadOnly: query.unreadOnly === 'true' }),
  );
  serve(app, guards, inbox.getUnreadMessageCount, async ({ member }) => ({
    count: await service.unreadCount(member.memberId),
  }));
  serve(app, guards, inbox.readMessage, ({ member, body }) =>
    service.read(member.memberId, 'all' in body ? 'ALL' : body.ids),
  );
  serve(app, guards, inbox.deleteMessages, ({ member, body }) => service.remove(member.memberId, body.ids));

  serve(app, guards, inboxStaff.sendMessage, ({ staff, body }) => service.send(actorOf(staff), body));
  serve(app, guards, inboxStaff.listSentMessages, ({ query }) => service.sent(query.pageNum));
}
