import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client.ts';
import type { SessionService } from '../auth/session.service.ts';
import { realtimeHub, type MemberEvent } from './realtime-hub.ts';

/** How long a new socket has to say who it is. */
const AUTH_TIMEOUT_MS = 5000;
/** How often a connected socket's session is checked again (it may have been revoked or expired). */
const RECHECK_MS = 60_000;

/**
 * `/ws`: the player's live channel. The first message must be `{"type":"auth","token":"…"}` (the
 * token never goes into the URL, where logs would keep it). Then the socket receives the member's
 * events, e.g. `{"type":"balance",…}` whenever a balance of theirs changes in the ledger.
 */
export async function realtimeRoutes(app: FastifyInstance, database: DbHandle, sessions: SessionService) {
  const hub = realtimeHub();
  const unlisten = await database.listen('member_balance', (payload) => {
    try {
      const n = JSON.parse(payload) as { memberId: string; kind: string; currency: string; balance: string };
      const event: MemberEvent = { type: 'balance', kind: n.kind, currency: n.currency, balance: n.balance };
      hub.deliver(n.memberId, event);
    } catch {
      app.log.warn('unreadable balance notification');
    }
  });
  app.addHook('onClose', async () => unlisten());

  await app.register(websocket, { options: { maxPayload: 4096 } });
  app.get('/ws', { websocket: true, schema: { hide: true } }, (socket) => {
    let detach: (() => void) | undefined;
    let recheck: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => socket.close(4401, 'auth required'), AUTH_TIMEOUT_MS);
    socket.on('message', async (raw) => {
      if (detach) return; // after auth the channel is server → client only
      let token: unknown;
      try {
        const msg = JSON.parse(String(raw)) as { type?: unknown; token?: unknown };
        token = msg.type === 'auth' ? msg.token : undefined;
      } catch {
        token = undefined;
      }
      const member = typeof token === 'string' && token.length <= 200 ? await sessions.resolve(token) : undefined;
      if (!member) return socket.close(4401, 'not logged in');
      clearTimeout(timer);
      detach = hub.add(member.memberId, socket);
      recheck = setInterval(async () => {
        if (!(await sessions.isLive(token as string).catch(() => false))) socket.close(4401, 'session ended');
      }, RECHECK_MS);
      socket.send(JSON.stringify({ type: 'ready' }));
    });
    socket.on('close', () => {
      clearTimeout(timer);
      clearInterval(recheck);
      detach?.();
    });
  });
  return hub;
}
