import * as bo from '@portal/contracts/backoffice/support.contract.ts';
import * as sp from '@portal/contracts/support/support.contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientAddress } from '../../plugins/client-address.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { actorOf } from '../backoffice/staff-auth.service.ts';
import type { SupportParty } from './support.repository.ts';
import type { SupportService } from './support.service.ts';

/**
 * Live support's calls: the player's (a member by the bearer token, a guest by X-Support-Token — the
 * service decides which conversation, never the request) and the back office's console.
 */
export function supportRoutes(app: FastifyInstance, guards: RouteGuards, support: SupportService): void {
  /** The caller's side: a signed-in member (the member session rules apply), else the guest of the token. */
  const partyOf = async (request: FastifyRequest): Promise<SupportParty> => {
    if (request.headers.authorization) return support.member((await guards.member(request)).memberId);
    const token = request.headers[sp.SUPPORT_GUEST_HEADER];
    return support.guest(Array.isArray(token) ? token[0] : token);
  };
  const staffActor = (s: Parameters<typeof actorOf>[0]) => ({ ...actorOf(s), staffId: s.staffId });

  serve(app, guards, sp.getLiveChatUrl, ({ query }) => support.launch(query));
  serve(app, guards, sp.startGuestSupport, ({ body, request }) =>
    support.startGuest(body.name, clientAddress(request)),
  );
  serve(app, guards, sp.getSupportThread, async ({ request }) => support.thread(await partyOf(request)));
  serve(app, guards, sp.sendSupportMessage, async ({ request, body }) => support.send(await partyOf(request), body), {
    bodyLimit: sp.SUPPORT_LIMITS.bodyLimit,
  });
  serve(app, guards, sp.markSupportRead, async ({ request, body }) =>
    support.playerRead(await partyOf(request), body.upTo),
  );
  serve(app, guards, sp.sendSupportTyping, async ({ request }) => support.playerTyping(await partyOf(request)));

  serve(app, guards, bo.listSupportConversations, ({ staff, query }) =>
    support.queue({ status: query.status, mine: query.mine === 'true', staffId: staff.staffId }),
  );
  serve(app, guards, bo.getSupportConversation, ({ query }) => support.conversation(query.id));
  serve(app, guards, bo.sendStaffSupportMessage, ({ staff, body }) => support.staffSend(staffActor(staff), body), {
    bodyLimit: sp.SUPPORT_LIMITS.bodyLimit,
  });
  serve(app, guards, bo.markStaffSupportRead, ({ body }) => support.staffRead(body.conversationId, body.upTo));
  serve(app, guards, bo.sendStaffSupportTyping, ({ body }) => support.staffTyping(body.conversationId));
  serve(app, guards, bo.closeSupportConversation, ({ staff, body }) =>
    support.close(staffActor(staff), body.conversationId),
  );
  serve(app, guards, bo.handOverSupportConversation, ({ staff, body }) =>
    support.handOver(staffActor(staff), body.conversationId, body.staffId),
  );
  serve(app, guards, bo.listSupportAgents, () => support.agents());
  serve(app, guards, bo.listCannedReplies, () => support.cannedReplies());
  serve(app, guards, bo.saveCannedReply, ({ staff, body }) => support.saveCanned(staffActor(staff), body));
  serve(app, guards, bo.deleteCannedReply, ({ staff, body }) => support.deleteCanned(actorOf(staff), body.id));
  serve(app, guards, bo.getLiveChatSetting, () => support.liveChatSetting());
  serve(app, guards, bo.setLiveChatSetting, ({ staff, body }) =>
    support.setLiveChatSetting(actorOf(staff), body.externalUrl),
  );
}
