import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client.ts';
import type { SessionService } from '../auth/session.service.ts';
import { realtimeHub, type MemberEvent } from './realtime-hub.ts';

/** How long a new socket has to say who it is. */
const AUTH_TIMEOUT_MS = 5000;
/** How often a connected socket's session is checked again (it may have been revoked or expired). */
const RECHECK_MS = 60_000;

/** The member's counters as the `counters` event carries them (without `type`). */
export type CountersOf = (memberId: string) => Promise<Omit<Extract<MemberEvent, { type: 'counters' }>, 'type'>>;

/**
 * `/ws`: the player's live channel. The first message must be `{"type":"auth","token":"…"}` (the
 * token never goes into the URL, where logs would keep it). Then the socket receives the member's
 * events: `{"type":"balance",…}` whenever a balance of theirs changes in the ledger, and
 * `{"type":"counters",…}` right after `ready` and whenever one of the counters may have changed
 * (announced on the `member_counters` channel by any instance).
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  { listen, sessions, countersOf }: { listen: DbHandle['listen']; sessions: SessionService; countersOf: CountersOf },
) {
  const hub = realtimeHub();
  const counters = async (memberId: string): Promise<MemberEvent> => ({
    type: 'counters',
    ...(await countersOf(memberId)),
  });
  const unlistenCounters = await listen('member_counters', (memberId) => {
    // Only the instance holding a socket of the member reads the counters.
    if (!/^[0-9]{1,18}$/.test(memberId) || !hub.has(memberId)) return;
    counters(memberId).then(
      (event) => hub.deliver(memberId, event),
      (err: unknown) => app.log.warn({ err }, 'counters not sent'),
    );
  });
  app.addHook('onClose', async () => unlistenCounters());
  const unlisten = await listen('member_balance', (payload) => {
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
      counters(member.memberId).then(
        (event) => socket.send(JSON.stringify(event)),
        (err: unknown) => app.log.warn({ err }, 'counters not sent'),
      );
    });
    socket.on('close', () => {
      clearTimeout(timer);
      clearInterval(recheck);
      detach?.();
    });
  });
  return hub;
}
