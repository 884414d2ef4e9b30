import { stateAt, SUSPEND_AFTER_MS, SUSPEND_BEFORE_MS } from '@portal/house-vendor/sports/match-engine.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../../test/test-app.ts';
import { openTestSocket, type SocketMessage, type TestSocket } from '../../../test/test-socket.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';
import { inProcessSports } from './in-process-vendors.ts';
import {
  afterFullTime,
  type Fixture,
  type Market,
  openBook,
  placeTicket,
  priceOf as price,
  quietEvent,
  upcomingFixtures as upcomingOf,
} from './sports.test-helpers.ts';

/**
 * The book's live socket (decision 101). The app's clock is moved by the tests; the socket's tick runs
 * on real time and reads that clock, so a test moves the clock and waits for the frame it expects.
 */
let nowMs = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 60_000;
const clock = () => new Date(nowMs);
const t = useTestApp(() => startTestApp({}, undefined, { compose: { clock } }));

const upcoming = () => upcomingOf(t);
const open = (p: Parameters<typeof openBook>[1]) => openBook(t, p);
const place = (session: string, legs: Parameters<typeof placeTicket>[2]) => placeTicket(t, session, legs);
/** Moves the clock past the end of a match and runs the job queue (the book's clock settles it). */
const playOut = (f: Fixture) => {
  nowMs = afterFullTime(f);
  return t.app.jobs.tick(clock());
};

describe("live pushes on the book's socket", () => {
  let wsUrl: string;
  beforeAll(async () => {
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = url.replace('http', 'ws') + '/vendor/sports/ws';
  });
  /** A socket that has been told it is live, with its first watch sent. */
  async function watch(message: unknown): Promise<TestSocket> {
    const socket = openTestSocket(wsUrl, { first: message });
    await socket.waitFor((m) => m.type === 'ready');
    return socket;
  }
  type Page = { fixture: { phase: string; suspended: boolean; score: unknown }; markets: Market[] };
  const pageOf = (m: SocketMessage) => m.page as Page;
  const marketOf = (page: Page, id: string) => page.markets.find((m) => m.id === id)!;
  /** The first `page` frame after the ones seen so far that matches. */
  const nextPage = (s: TestSocket, pred: (p: Page) => boolean) => {
    const seen = s.messages.length;
    return s.waitFor((m) => s.messages.indexOf(m) >= seen && m.type === 'page' && pred(pageOf(m)));
  };

  it("pushes a watched match's suspension around a goal, then its new score and prices, to a guest", async () => {
    // A match with a goal well into it (most have one).
    let f: Fixture | undefined;
    let found: Awaited<ReturnType<typeof quietEvent>>;
    for (f of await upcoming()) if ((found = await quietEvent(t, f, ['GOAL']))) break;
    expect(found).toBeDefined();
    const { start, event, script } = found!;
    nowMs = start + event.atMs - SUSPEND_BEFORE_MS - 2_000;
    const socket = await watch({ type: 'watch', fixtures: [f!.id], detail: f!.id });
    try {
      const before = pageOf(await socket.waitFor((m) => m.type === 'page'));
      expect(before.fixture).toMatchObject({ phase: 'LIVE', suspended: false });
      const listed = await socket.waitFor((m) => m.type === 'fixture');
      expect(listed.fixture).toMatchObject({ id: f!.id, phase: 'LIVE' });
      const home = price(marketOf(before, 'FT:RESULT'), 'H');

      // The goal: every market closes around it, and the score moves.
      nowMs = start + event.atMs + 1_000;
      const during = pageOf(await nextPage(socket, (p) => p.fixture.suspended));
      expect(during.fixture.score).toEqual(event.score);
      expect(during.markets.every((m) => m.suspended && m.selections.every((x) => x.oddsBp === null))).toBe(true);

      // Once the suspension is over the prices are back, moved by the goal.
      let after = event.atMs + SUSPEND_AFTER_MS;
      while (stateAt('football', script, after).suspended) after += 1_000;
      nowMs = start + after;
      const reopened = pageOf(await nextPage(socket, (p) => !p.fixture.suspended));
      expect(reopened.fixture.score).toEqual(event.score);
      expect(price(marketOf(reopened, 'FT:RESULT'), 'H')).not.toBe(home);
      expect(socket.messages.some((m) => m.type === 'refused')).toBe(false);
    } finally {
      socket.ws.close();
    }
  });

  it("pushes the operator's suspension of a market and of a match, made by another instance, within a tick", async () => {
    const [f] = await upcoming();
    const socket = await watch({ type: 'watch', fixtures: [f!.id], detail: f!.id });
    const other = inProcessSports(t.database.db, t.services.games.registry, t.services.games.loopback.send, clock);
    try {
      await socket.waitFor((m) => m.type === 'page');
      await other.setSwitches(f!.id, { suspendedMarkets: ['FT:BTTS'] });
      const page = pageOf(await nextPage(socket, (p) => marketOf(p, 'FT:BTTS').suspended));
      expect(marketOf(page, 'FT:RESULT').suspended).toBe(false);
      await other.setSwitches(f!.id, { suspended: true });
      const listed = await socket.waitFor(
        (m) => m.type === 'fixture' && (m.fixture as Fixture & { suspended: boolean }).suspended,
      );
      expect((listed.fixture as Fixture).main!.selections.every((x) => x.oddsBp === null)).toBe(true);
    } finally {
      await other.setSwitches(f!.id, { suspended: false, suspendedMarkets: [] });
      socket.ws.close();
    }
  });

  it('refuses a bad watch or an ended session and keeps the last watch, changing nothing', async () => {
    const [f] = await upcoming();
    const socket = await watch({ type: 'watch', fixtures: [f!.id], detail: null });
    try {
      await socket.waitFor((m) => m.type === 'fixture');
      socket.ws.send('not json');
      socket.ws.send(JSON.stringify({ type: 'watch', fixtures: Array.from({ length: 61 }, (_, i) => `f-${i}`) }));
      socket.ws.send(JSON.stringify({ type: 'watch', fixtures: ['Robert"); DROP TABLE'] }));
      socket.ws.send(JSON.stringify({ type: 'watch', fixtures: [f!.id], session: 'x'.repeat(43) }));
      await socket.waitFor((m) => m.type === 'refused' && m.code === 'GAME_SESSION_EXPIRED');
      expect(socket.messages.filter((m) => m.type === 'refused').map((m) => m.code)).toEqual([
        'SPORTS_WATCH_INVALID',
        'SPORTS_WATCH_INVALID',
        'SPORTS_WATCH_INVALID',
        'GAME_SESSION_EXPIRED',
      ]);
      // The first watch still holds: a change of the match reaches this socket.
      await t.services.games.sports.setSwitches(f!.id, { suspended: true });
      await socket.waitFor((m) => m.type === 'fixture' && (m.fixture as { suspended: boolean }).suspended);
    } finally {
      await t.services.games.sports.setSwitches(f!.id, { suspended: false });
      socket.ws.close();
    }
  });

  it("nudges the player's socket when a ticket of theirs is placed and when it settles", async () => {
    const p = await newPlayer(t, { balance: 20_000n });
    const session = await open(p);
    const [f] = await upcoming();
    const socket = await watch({ type: 'watch', fixtures: [f!.id], detail: null, session });
    try {
      await socket.waitFor((m) => m.type === 'fixture');
      const placed = await place(session, [
        { fixtureId: f!.id, marketId: 'FT:RESULT', selection: 'H', oddsBp: price(f!.main, 'H') },
      ]);
      expect(placed.statusCode, placed.body).toBe(200);
      await socket.waitFor((m) => m.type === 'tickets');
      const nudges = socket.messages.filter((m) => m.type === 'tickets').length;
      await playOut(f!);
      await socket.waitFor(() => socket.messages.filter((m) => m.type === 'tickets').length > nudges);
      const ended = await socket.waitFor((m) => m.type === 'fixture' && (m.fixture as Fixture).phase === 'ENDED');
      expect(ended).toBeDefined();
    } finally {
      socket.ws.close();
    }
  });
});
