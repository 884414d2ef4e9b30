import { expect } from 'vitest';
import { bearer } from '../../../test/auth-helpers.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { requestId, type TestPlayer } from '../wallet/cashier.test-helpers.ts';

export const lotteryApiUrl = (url: string) => `/vendor/lottery/api/${url}`;

/**
 * The lottery vendor as a test drives it: launch a game as a player and open its vendor session,
 * buy tickets, read draws, and move the app's clock (running the job queue at the new time). `t` is
 * read only inside tests (useTestApp's answer).
 */
export function lotteryDriver(t: TestApp, clock: { nowMs: number; now: () => Date }) {
  const app = () => t.app;

  async function nodeOf(gameCode: string): Promise<number> {
    const list = (await app().inject({ url: `/api/games?vassalage=LOTTO&pageSize=60` })).json().value.content;
    const game = list.find((g: { gameCode: string }) => g.gameCode === gameCode);
    if (!game) throw new Error(`${gameCode} is not in the catalogue`);
    return game.nodeId;
  }

  return {
    /** Moves the clock and runs the job queue once at the new time, as the dev clock call does. */
    async moveTo(ms: number) {
      clock.nowMs = ms;
      return app().jobs.tick(clock.now());
    },

    /** Launches the game as the player and opens the vendor session from the launch URL's fragment. */
    async open(p: TestPlayer, gameCode: string): Promise<string> {
      const launch = await app().inject({
        url: `/api/games/launch?nodeId=${await nodeOf(gameCode)}&mode=REAL`,
        headers: bearer(p.token),
      });
      expect(launch.statusCode, launch.body).toBe(200);
      const launchToken = new URLSearchParams(launch.json().value.url.split('#')[1]).get('t')!;
      const opened = await app().inject({ method: 'POST', url: lotteryApiUrl('session'), payload: { launchToken } });
      expect(opened.statusCode, opened.body).toBe(200);
      return opened.json().value.session;
    },

    async currentDraw(gameCode: string) {
      const games = (await app().inject({ url: lotteryApiUrl('games') })).json().value.games;
      return games.find((g: { code: string }) => g.code === gameCode).current as { drawId: string; drawsAt: string };
    },

    /** Buys one ticket and answers it (the purchase must succeed). */
    async buy(session: string, drawId: string, betType: string, selection: string, stake = '1000') {
      const res = await app().inject({
        method: 'POST',
        url: lotteryApiUrl('tickets'),
        payload: { session, requestId: requestId(), drawId, betType, selection, stake },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.ticket as { ticketId: string; drawId: string; status: string };
    },

    get: (url: string) => app().inject({ url: lotteryApiUrl(url) }),
  };
}
