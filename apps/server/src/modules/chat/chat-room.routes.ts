import * as bo from '@portal/contracts/backoffice/chat-room.contract.ts';
import * as cr from '@portal/contracts/chat/chat-room.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { actorOf } from '../backoffice/staff-auth.service.ts';
import type { ChatRoomService } from './chat-room.service.ts';

/** The chat room's calls: the room for everyone, writing for members, moderation for staff. */
export function chatRoomRoutes(app: FastifyInstance, guards: RouteGuards, chat: ChatRoomService): void {
  serve(app, guards, cr.getChatRoom, async ({ request }) =>
    // A guest reads; with a bearer token the member's session rules apply and the answer says what they may do.
    chat.room(request.headers.authorization ? (await guards.member(request)).memberId : undefined),
  );
  serve(app, guards, cr.sendChatMessage, ({ member, body }) => chat.send(member.memberId, body));

  const staffActor = (s: Parameters<typeof actorOf>[0]) => ({ ...actorOf(s), staffId: s.staffId });
  serve(app, guards, bo.listStaffChatMessages, () => chat.staffMessages());
  serve(app, guards, bo.deleteChatMessage, ({ staff, body }) => chat.remove(actorOf(staff), body.id));
  serve(app, guards, bo.listChatMutes, () => chat.mutes());
  serve(app, guards, bo.muteChatMember, ({ staff, body }) => chat.mute(staffActor(staff), body));
  serve(app, guards, bo.unmuteChatMember, ({ staff, body }) => chat.unmute(actorOf(staff), body.memberId));
  serve(app, guards, bo.getChatRoomSettings, () => chat.rules());
  serve(app, guards, bo.setChatRoomSettings, ({ staff, body }) => chat.setRules(actorOf(staff), body));
}
