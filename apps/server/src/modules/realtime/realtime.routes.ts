import websocket from '@fastify/websocket';
import {
  LIVE_CHANNEL_PATH,
  LIVE_CLOSE,
  type LiveCounters,
  readLiveAuth,
} from '@portal/contracts/realtime/live-channel.contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbHandle } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { sessionMember } from '../../plugins/member-auth.ts';
import type { SessionService } from '../auth/session.service.ts';
import { balanceWatcher, type MemberBalance } from './balance-watcher.ts';
import { realtimeHub, type MemberEvent, type RealtimeHub } from './realtime-hub.ts';
import { admittedSocketRoute } from './socket-admission.ts';

/** The live channel as an operation of the session rules: not one allowed before a forced password change. */
const LIVE_CHANNEL_OPERATION = 'liveChannel';
/** Close codes the web reads: no retry after either. */
export const CLOSE = LIVE_CLOSE;

/**
 * Whether a page at `origin` may open the channel: one of the site's configured origins, or, when none
 * are configured, a page of the host the request came to (through trusted proxies).
 */
export function originAllowed(origin: string, requestHost: string, siteOrigins: string[] | undefined): boolean {
  if (siteOrigins && siteOrigins.length > 0) return siteOrigins.includes(origin);
  try {
    return new URL(origin).host === requestHost;
  } catch {
    return false;
  }
}

/**
 * The check before a socket's upgrade, for every socket of the site (live channel, support, chat room):
 * a page of another site may not open it (cross-site WebSocket hijacking). Clients that send no Origin
 * (not a browser) still have to say who they are.
 */
export function sameSiteSocket(siteOrigins: string[] | undefined) {
  return async (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !originAllowed(origin, request.host, siteOrigins))
      throw new AppError('ORIGIN_NOT_ALLOWED', 403, 'This page may not open the live channel.');
  };
}

/** The member's counters as the `counters` event carries them (without `type`). */
export type CountersOf = (memberId: string) => Promise<LiveCounters>;

/**
 * A PostgreSQL NOTIFY channel the live channel listens on, and what each notification does to this
 * instance's sockets. Modules register theirs in the app (the inbox's group messages refresh every
 * connected member's counters; a chat room would deliver its messages to its members).
 */
export interface LiveNotifyChannel {
  channel: string;
  onNotify: (payload: string, live: LiveChannelHub) => void | Promise<void>;
}
/** What a channel's handler may do with this instance's sockets. */
export interface LiveChannelHub {
  hub: RealtimeHub;
  /** Reads the member's counters and sends them to the member's sockets here. */
  pushCounters: (memberId: string) => Promise<void>;
}

/**
 * `/ws`: the player's live channel. The first message must be `{"type":"auth","token":"…"}` (the
 * token never goes into the URL, where logs would keep it). Then the socket receives the member's
 * events: `{"type":"balance",…}` whenever a balance of theirs changes in the ledger, and
 * `{"type":"counters",…}` right after `ready` and whenever one of the counters may have changed
 * (announced on the `member_counters` channel by any instance).
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  {
    listen,
    sessions,
    countersOf,
    balancesOf,
    siteOrigins,
    channels = [],
  }: {
    listen: DbHandle['listen'];
    sessions: SessionService;
    countersOf: CountersOf;
    /** The balances of the given members' accounts (the live channel's balance events, decision 106). */
    balancesOf: (memberIds: readonly string[]) => Promise<MemberBalance[]>;
    /** SITE_ORIGINS: the pages that may open the channel (unset: the host the request came to). */
    siteOrigins?: string[] | undefined;
    /** Further NOTIFY channels and what they push (see LiveNotifyChannel). */
    channels?: LiveNotifyChannel[];
  },
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
  const live: LiveChannelHub = {
    hub,
    pushCounters: async (memberId) => {
      if (!hub.has(memberId)) return;
      hub.deliver(memberId, await counters(memberId));
    },
  };
  for (const { channel, onNotify } of channels) {
    const unlistenChannel = await listen(channel, (payload) => {
      Promise.resolve(onNotify(payload, live)).catch((err: unknown) =>
        app.log.warn({ err, channel }, 'live notification not handled'),
      );
    });
    app.addHook('onClose', async () => unlistenChannel());
  }
  const balances = balanceWatcher(hub, balancesOf, (err) => app.log.warn({ err }, 'balances not read'));
  app.addHook('onClose', async () => balances.stop());

  await app.register(websocket, { options: { maxPayload: 4096 } });
  admittedSocketRoute(app, LIVE_CHANNEL_PATH, sameSiteSocket(siteOrigins), {
    read: (raw) => readLiveAuth(raw)?.token,
    // The REST session rules (`sessionMember`); the close code says which one refused. Revoked,
    // expired, disabled or marked for a password change since: the channel closes.
    admit: async (token) => ({
      key: (await sessionMember(sessions, token, LIVE_CHANNEL_OPERATION)).memberId,
      recheck: () => sessionMember(sessions, token, LIVE_CHANNEL_OPERATION, { touch: false }),
    }),
    join: (memberId, socket) => hub.add(memberId, socket),
    welcome: async (memberId, socket) => {
      // Its balances are known before `ready`: every change after it is sent.
      await balances.seed(memberId).catch((err: unknown) => app.log.warn({ err }, 'balances not read'));
      const ready: MemberEvent = { type: 'ready' };
      socket.send(JSON.stringify(ready));
      counters(memberId).then(
        (event) => socket.send(JSON.stringify(event)),
        (err: unknown) => app.log.warn({ err }, 'counters not sent'),
      );
    },
  });
  return hub;
}
