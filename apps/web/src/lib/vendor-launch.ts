import { getGameList, launchGame } from '@portal/contracts/games/games.contract.ts';
import { call } from './api-client.ts';

/** The device a game is launched for: the phone layout below 768 px wide, else the desktop. */
export function launchDevice(): 'MOBILE' | 'DESKTOP' {
  const phone = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 768px)').matches;
  return phone ? 'MOBILE' : 'DESKTOP';
}

/**
 * Launches a vendor's game through the portal (the member's bearer token), found by its code in the
 * vendor's catalogue, and answers the launch token from the URL's fragment: the vendor's own page
 * (the lottery, the sportsbook) opens its session with it, as a game card would.
 */
export async function launchToken(vendor: string, gameCode: string, language: string): Promise<string> {
  const list = await call(getGameList, { query: { vassalage: vendor, pageNum: 1, pageSize: 60, language } });
  const game = list.content.find((g) => g.gameCode === gameCode);
  if (!game) throw new Error(`${gameCode} is not in the catalogue`);
  const launched = await call(launchGame, {
    query: { nodeId: game.nodeId, mode: 'REAL', device: launchDevice(), language },
  });
  const token = new URLSearchParams(launched.url.split('#')[1] ?? '').get('t');
  if (!token) throw new Error('the launch answer carried no token');
  return token;
}
