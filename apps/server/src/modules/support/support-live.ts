import websocket from '@fastify/websocket';
import { SUPPORT_STAFF_SOCKET_PATH } from '@portal/contracts/backoffice/support.contract.ts';
import { LIVE_CLOSE } from '@portal/contracts/realtime/live-channel.contract.ts';
import { readSupportAuth, SUPPORT_SOCKET_PATH, type SupportEvent } from '@portal/contracts/support/support.contract.ts';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client.ts';
import { sessionMember } from '../../plugins/member-auth.ts';
import type { RouteGuards } from '../../plugins/route-registry.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { PushSocket } from '../realtime/realtime-hub.ts';
import { sameSiteSocket } from '../realtime/realtime.routes.ts';
import { admittedSocketRoute, RECHECK_MS } from '../realtime/socket-admission.ts';
import { SUPPORT_CHANNEL, type SupportNotice } from './support.repository.ts';
import { partyKey, SUPPORT_PERMISSION, type SupportService } from './support.service.ts';

/** This instance's support sockets: players by party (`m:<id>` / `g:<id>`), and staff. */
export function supportHub() {
  const players = new Map<string, Set<PushSocket>>();
  const staff = new Set<PushSocket>();
  const send = (sockets: Iterable<PushSocket>, event: SupportEvent) => {
    const data = JSON.stringify(event);
    for (const s of sockets) s.send(data);
  };
  return {
    addPlayer(key: string, socket: PushSocket): () => void {
      let set = players.get(key);
      if (!set) players.set(key, (set = new Set()));
      set.add(socket);
      return () => {
        set.delete(socket);
        if (set.size === 0) players.delete(key);
      };
    },
    addStaff(socket: PushSocket): () => void {
      staff.add(socket);
      return () => staff.delete(socket);
    },
    hasPlayer: (key: string) => players.has(key),
    hasStaff: () => staff.size > 0,
    toPlayer: (key: string, event: SupportEvent) => send(players.get(key) ?? [], event),
    toStaff: (event: SupportEvent) => send(staff, event),
  };
}
export type SupportHub = ReturnType<typeof supportHub>;

/** What one notice means for this instance's sockets (every instance gets every notice). */
export async function deliverNotice(hub: SupportHub, support: SupportService, n: SupportNotice): Promise<void> {
  const player = hub.hasPlayer(n.p);
  const staff = hub.hasStaff();
  if (!player && !staff) return;
  if (n.e === 'message' && n.m) {
    const message = await support.messageForSocket(n.m);
    if (!message) return;
    if (player) hub.toPlayer(n.p, { type: 'message', message });
    hub.toStaff({ type: 'message', message });
  } else if (n.e === 'typing' && n.by) {
    const event: SupportEvent = { type: 'typing', conversationId: n.c, by: n.by };
    if (n.by === 'STAFF') hub.toPlayer(n.p, event);
    else hub.toStaff(event);
  } else if (n.e === 'read' && n.by && n.upTo) {
    const event: SupportEvent = { type: 'read', conversationId: n.c, by: n.by, upTo: n.upTo };
    hub.toPlayer(n.p, event);
    hub.toStaff(event);
  } else if (n.e === 'conversation') {
    const event: SupportEvent = { type: 'conversation', conversationId: n.c };
    hub.toPlayer(n.p, event);
    hub.toStaff(event);
  }
}

const parseNotice = (payload: string): SupportNotice | undefined => {
  try {
    const n = JSON.parse(payload) as SupportNotice;
    return typeof n.c === 'string' && typeof n.p === 'string' && typeof n.e === 'string' ? n : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The support sockets. Players: `/ws/support`, first message `{"type":"auth","token"}` (a member's
 * session) or `{"type":"auth","guestToken"}`; they hear their own conversations only. Staff:
 * `/api/bo/support/live`, admitted at the upgrade by the staff session cookie and `support.chat`;
 * they hear every conversation (the queue is live). Both are server → client only; what instances
 * tell each other travels on PostgreSQL NOTIFY (`support_event`), with or without Redis.
 */
export async function supportLive(
  app: FastifyInstance,
  deps: {
    listen: DbHandle['listen'];
    sessions: SessionService;
    support: SupportService;
    guards: RouteGuards;
    siteOrigins?: string[] | undefined;
  },
) {
  const { listen, sessions, support, guards, siteOrigins } = deps;
  const hub = supportHub();
  const unlisten = await listen(SUPPORT_CHANNEL, (payload) => {
    const n = parseNotice(payload);
    if (!n) return app.log.warn('unreadable support notification');
    deliverNotice(hub, support, n).catch((err: unknown) => app.log.warn({ err }, 'support event not delivered'));
  });
  app.addHook('onClose', async () => unlisten());

  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: 4096 } });
  const sameSite = sameSiteSocket(siteOrigins);

  admittedSocketRoute(app, SUPPORT_SOCKET_PATH, sameSite, {
    read: readSupportAuth,
    admit: async (auth) => {
      if (!('token' in auth)) return { key: partyKey(await support.guest(auth.guestToken)) };
      const member = await sessionMember(sessions, auth.token, 'getSupportThread');
      return {
        key: `m:${member.memberId}`,
        recheck: () => sessionMember(sessions, auth.token, 'getSupportThread', { touch: false }),
      };
    },
    join: (key, socket) => hub.addPlayer(key, socket),
    welcome: (_key, socket) => socket.send(JSON.stringify({ type: 'ready' } satisfies SupportEvent)),
  });

  const staffGuard = guards.staff;
  if (!staffGuard) return hub;
  app.get(
    SUPPORT_STAFF_SOCKET_PATH,
    {
      websocket: true,
      schema: { hide: true },
      // The session cookie (SameSite=Strict, path /api/bo) and the permission, before the upgrade.
      preValidation: async (request) => {
        await sameSite(request);
        await staffGuard(request, SUPPORT_PERMISSION);
      },
    },
    (socket, request) => {
      const detach = hub.addStaff(socket);
      // Disabled, re-roled, signed out or expired since: the socket closes.
      const recheck = setInterval(
        () =>
          void staffGuard(request, SUPPORT_PERMISSION).catch(() =>
            socket.close(LIVE_CLOSE.notSignedIn, 'session ended'),
          ),
        RECHECK_MS,
      );
      socket.send(JSON.stringify({ type: 'ready' } satisfies SupportEvent));
      socket.on('close', () => {
        clearInterval(recheck);
        detach();
      });
    },
  );
  return hub;
}
