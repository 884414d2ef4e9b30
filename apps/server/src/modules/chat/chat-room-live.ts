import websocket from '@fastify/websocket';
import { CHAT_SOCKET_PATH, type ChatEvent, readChatJoin } from '@portal/contracts/chat/chat-room.contract.ts';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client.ts';
import { sessionMember } from '../../plugins/member-auth.ts';
import type { SessionService } from '../auth/session.service.ts';
import { realtimeHub, type RealtimeHub } from '../realtime/realtime-hub.ts';
import { sameSiteSocket } from '../realtime/realtime.routes.ts';
import { admittedSocketRoute } from '../realtime/socket-admission.ts';
import { CHAT_CHANNEL, type ChatNotice } from './chat-room.repository.ts';
import type { ChatRoomService } from './chat-room.service.ts';

const parseNotice = (payload: string): ChatNotice | undefined => {
  try {
    const n = JSON.parse(payload) as ChatNotice;
    return n && typeof n === 'object' && typeof n.e === 'string' ? n : undefined;
  } catch {
    return undefined;
  }
};

/** What one notice means for this instance's sockets (every instance gets every notice). */
export async function deliverChatNotice(hub: RealtimeHub<ChatEvent>, chat: ChatRoomService, n: ChatNotice) {
  if (hub.connections() === 0) return;
  if (n.e === 'message') {
    const message = await chat.messageForSocket(n.id);
    if (message) hub.broadcast({ type: 'message', message });
  } else if (n.e === 'deleted') hub.broadcast({ type: 'deleted', id: n.id });
  else if (n.e === 'status') hub.deliver(`m:${n.m}`, { type: 'status' });
}

/**
 * `/ws/chat`: the chat room's socket, server → client after the first message. `{"type":"join"}` reads
 * as a guest; `{"type":"join","token"}` as the member of the session (the member's own standing is
 * pushed too). Messages and removals reach every socket of every instance: they travel on PostgreSQL
 * NOTIFY (`chat_room`), the live channel's fan-out (decision 010), so it works the same with or
 * without Redis. The sockets are held in the realtime module's hub.
 */
export async function chatRoomLive(
  app: FastifyInstance,
  deps: {
    listen: DbHandle['listen'];
    sessions: SessionService;
    chat: ChatRoomService;
    siteOrigins?: string[] | undefined;
  },
) {
  const { listen, sessions, chat, siteOrigins } = deps;
  const hub = realtimeHub<ChatEvent>();
  const unlisten = await listen(CHAT_CHANNEL, (payload) => {
    const n = parseNotice(payload);
    if (!n) return app.log.warn('unreadable chat notification');
    deliverChatNotice(hub, chat, n).catch((err: unknown) => app.log.warn({ err }, 'chat event not delivered'));
  });
  app.addHook('onClose', async () => unlisten());

  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: 4096 } });
  let readers = 0;
  admittedSocketRoute(app, CHAT_SOCKET_PATH, sameSiteSocket(siteOrigins), {
    read: readChatJoin,
    admit: async ({ token }) => {
      if (!token) return { key: `r:${++readers}` };
      const member = await sessionMember(sessions, token, 'getChatRoom');
      return {
        key: `m:${member.memberId}`,
        recheck: () => sessionMember(sessions, token, 'getChatRoom', { touch: false }),
      };
    },
    join: (key, socket) => hub.add(key, socket),
    welcome: (_key, socket) => socket.send(JSON.stringify({ type: 'ready' } satisfies ChatEvent)),
  });
  return hub;
}
