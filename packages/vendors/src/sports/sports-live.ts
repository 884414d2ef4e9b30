import websocket from '@fastify/websocket';
import {
  readSportsWatch,
  SPORTS_SOCKET_MAX_PAYLOAD,
  SPORTS_SOCKET_PATH,
  type SportsLiveEvent,
} from '@portal/contracts/sports/sportsbook-live.contract.ts';
import type { FastifyInstance } from 'fastify';
import { VendorApiError } from '../vendor-api.ts';
import type { SportsService } from './sports-service.ts';

/** How often an instance looks at the fixtures its sockets watch. */
export const SPORTS_LIVE_TICK_MS = 1_000;

/** Anything with `send` and `close`: a WebSocket, or the benchmark's counter. */
export interface LiveSink {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

interface Watch {
  fixtures: Set<string>;
  detail: string | null;
  /** What this socket was last sent of each fixture (its list view) and of its detail page. */
  sent: Map<string, string>;
  sentPage: string | null;
  playerId: string | null;
  /** Watch messages of this socket are handled one after another. */
  queue: Promise<void>;
}

const frame = (event: SportsLiveEvent) => JSON.stringify(event);

/**
 * The book's live pushes on one instance (decision 101). Prices are a pure function of (fixture, state
 * of play, margin) and every instance plays the same matches from the stored seeds, so each instance
 * looks at the fixtures its own sockets watch once a tick, reading the fixture rows and settings again
 * (an operator's suspension or margin made on any instance shows within a tick), and pushes what
 * changed: the list view of a fixture (state of play, main market), the page of an open fixture (every
 * market, events, result), and a nudge to a player whose tickets changed. Each view is built and
 * serialised once per tick, whatever the number of sockets watching it. No NOTIFY is needed.
 */
export function sportsLive(
  sports: SportsService,
  { tickMs = SPORTS_LIVE_TICK_MS, onError = () => {} }: { tickMs?: number; onError?: (err: unknown) => void } = {},
) {
  const watches = new Map<LiveSink, Watch>();
  /**
   * The latest text of each view: an unchanged view keeps its string, so comparing it with what each
   * socket was sent is one pointer check per socket.
   */
  const lastFixture = new Map<string, string>();
  const lastPage = new Map<string, string>();
  const lastMark = new Map<string, string>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | null = null;
  const counts = { ticks: 0, frames: 0 };

  const send = (sink: LiveSink, data: string) => {
    try {
      sink.send(data);
      counts.frames++;
    } catch {
      // A socket closing meanwhile: its close handler detaches it.
    }
  };

  function watched() {
    const ids = new Set<string>();
    const pages = new Set<string>();
    const players = new Set<string>();
    for (const w of watches.values()) {
      for (const id of w.fixtures) ids.add(id);
      if (w.detail) {
        ids.add(w.detail);
        pages.add(w.detail);
      }
      if (w.playerId) players.add(w.playerId);
    }
    return { ids, pages, players };
  }

  /** Forgets what was last pushed of fixtures nobody here watches any more. */
  function prune(ids: Set<string>, pages: Set<string>, players: Set<string>) {
    for (const id of lastFixture.keys()) if (!ids.has(id)) lastFixture.delete(id);
    for (const id of lastPage.keys()) if (!pages.has(id)) lastPage.delete(id);
    for (const id of lastMark.keys()) if (!players.has(id)) lastMark.delete(id);
  }

  type Views = Awaited<ReturnType<SportsService['liveViews']>>['views'];
  const fixtureText = (v: Views[number]) => JSON.stringify(v.fixture);
  /** The page without its serverTime, which changes every tick. */
  const pageText = (v: Views[number]) => JSON.stringify(v.page);
  const fixtureFrame = (text: string) => `{"type":"fixture","fixture":${text}}`;
  const pageFrame = (text: string, at: Date) =>
    `{"type":"page","page":{"serverTime":${JSON.stringify(at.toISOString())},${text.slice(1)}}`;

  /** The view's text, as the same string as last time when it has not changed. */
  function latest(last: Map<string, string>, id: string, text: string): string {
    const before = last.get(id);
    if (before === text) return before;
    last.set(id, text);
    return text;
  }

  async function runTick(): Promise<void> {
    counts.ticks++;
    const { ids, pages, players } = watched();
    prune(ids, pages, players);
    if (ids.size > 0) {
      const { at, views } = await sports.liveViews([...ids], pages);
      for (const v of views) {
        const text = latest(lastFixture, v.id, fixtureText(v));
        let data: string | undefined;
        for (const [sink, w] of watches)
          if (w.fixtures.has(v.id) && w.sent.get(v.id) !== text) {
            w.sent.set(v.id, text);
            send(sink, (data ??= fixtureFrame(text)));
          }
        if (!v.page) continue;
        const page = latest(lastPage, v.id, pageText(v));
        let pageData: string | undefined;
        for (const [sink, w] of watches)
          if (w.detail === v.id && w.sentPage !== page) {
            w.sentPage = page;
            send(sink, (pageData ??= pageFrame(page, at)));
          }
      }
    }
    if (players.size > 0) {
      const marks = await sports.ticketMarks([...players]);
      const nudge = frame({ type: 'tickets' });
      for (const player of players) {
        const mark = marks.get(player) ?? '';
        const before = lastMark.get(player);
        lastMark.set(player, mark);
        if (before === undefined || before === mark) continue;
        for (const [sink, w] of watches) if (w.playerId === player) send(sink, nudge);
      }
    }
  }

  /** One look at everything watched here (ticks never overlap: a slow one makes the next wait). */
  function tick(): Promise<void> {
    if (!running)
      running = runTick()
        .catch(onError)
        .finally(() => {
          running = null;
        });
    return running;
  }

  const startClock = () => {
    if (!timer && watches.size > 0) timer = setInterval(() => void tick(), tickMs);
  };
  const stopClock = () => {
    if (timer && watches.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  /** Applies a watch message: snapshots of what is newly watched go out at once, then changes only. */
  async function applyWatch(sink: LiveSink, w: Watch, text: string): Promise<void> {
    const msg = readSportsWatch(text);
    if (!msg) return send(sink, frame({ type: 'refused', code: 'SPORTS_WATCH_INVALID' }));
    let playerId: string | null = null;
    if (msg.session) {
      try {
        playerId = await sports.sessionPlayer(msg.session);
      } catch (err) {
        if (!(err instanceof VendorApiError)) throw err;
        return send(sink, frame({ type: 'refused', code: err.code }));
      }
    }
    if (!watches.has(sink)) return; // closed meanwhile
    const fresh = msg.fixtures.filter((id) => !w.fixtures.has(id));
    const freshPage = msg.detail !== null && msg.detail !== w.detail ? msg.detail : null;
    w.fixtures = new Set(msg.fixtures);
    if (w.detail !== msg.detail) w.sentPage = null;
    w.detail = msg.detail;
    for (const id of w.sent.keys()) if (!w.fixtures.has(id)) w.sent.delete(id);
    w.playerId = playerId;
    // The player's tickets as they are now, so the next change is a change (and not the first look).
    if (playerId && !lastMark.has(playerId))
      lastMark.set(playerId, (await sports.ticketMarks([playerId])).get(playerId) ?? '');
    if (fresh.length === 0 && !freshPage) return;
    const { at, views } = await sports.liveViews(
      freshPage ? [...fresh, freshPage] : fresh,
      new Set(freshPage ? [freshPage] : []),
    );
    for (const v of views) {
      if (fresh.includes(v.id) && w.fixtures.has(v.id)) {
        const text = latest(lastFixture, v.id, fixtureText(v));
        w.sent.set(v.id, text);
        send(sink, fixtureFrame(text));
      }
      if (v.page && w.detail === v.id) {
        const page = latest(lastPage, v.id, pageText(v));
        w.sentPage = page;
        send(sink, pageFrame(page, at));
      }
    }
  }

  return {
    /** A socket joins: it is told it is live, and gets nothing until it watches something. */
    attach(sink: LiveSink): { onMessage: (text: string) => void; detach: () => void } {
      const w: Watch = {
        fixtures: new Set(),
        detail: null,
        sent: new Map(),
        sentPage: null,
        playerId: null,
        queue: Promise.resolve(),
      };
      watches.set(sink, w);
      startClock();
      send(sink, frame({ type: 'ready' }));
      return {
        onMessage: (text) => {
          w.queue = w.queue.then(() => applyWatch(sink, w, text)).catch(onError);
        },
        detach: () => {
          watches.delete(sink);
          stopClock();
        },
      };
    },
    tick,
    /** Sockets attached here, ticks run and frames sent (for the benchmark and the logs). */
    stats: () => ({ sockets: watches.size, ...counts }),
    close() {
      clearInterval(timer);
      timer = undefined;
      watches.clear();
    },
  };
}
export type SportsLive = ReturnType<typeof sportsLive>;

/**
 * `/vendor/sports/ws`: the book's live socket, the vendor's own (it moves with the vendor if the vendor
 * runs as its own process). Open to guests, read-only; the client's watch messages say what it shows
 * (sportsbook-live.contract.ts).
 */
export async function sportsLiveRoutes(
  app: FastifyInstance,
  sports: SportsService,
  opts: { tickMs?: number } = {},
): Promise<SportsLive> {
  const live = sportsLive(sports, {
    ...opts,
    onError: (err) => app.log.warn({ err }, 'sportsbook live push failed'),
  });
  app.addHook('onClose', async () => live.close());
  if (!app.hasDecorator('websocketServer'))
    await app.register(websocket, { options: { maxPayload: SPORTS_SOCKET_MAX_PAYLOAD } });
  app.get(SPORTS_SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket) => {
    const { onMessage, detach } = live.attach(socket);
    socket.on('message', (raw) => onMessage(String(raw)));
    socket.on('close', detach);
  });
  return live;
}
