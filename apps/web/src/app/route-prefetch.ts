import type { QueryClient } from '@tanstack/react-query';
import { listVendorFilter } from '@portal/contracts/games/game-list-screens.ts';
import { systemStatusQuery, whitelabelMenuQuery } from '../features/site/api/site-queries.ts';
import { GAME_LISTS } from './route-table.ts';

/**
 * Render as you fetch: the answers the first screen waits for are asked for as the app's code starts,
 * all at once, instead of one after another as the root view, the layout and the screen mount (each
 * waiting for the one above it). The queries are the screens' own, so the screens find them in the
 * cache (issue 13: the game list's first picture came six round trips after the code). A list's
 * queries come with its screen's chunk, which theme-init.js has already asked for (decision 044), so
 * the entry carries none of the games' code.
 */
export function prefetchFirstScreen(client: QueryClient, location: Location, language: string): void {
  void client.prefetchQuery(systemStatusQuery);
  void client.prefetchQuery(whitelabelMenuQuery);
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
  const list = GAME_LISTS.find((g) => g.path === path);
  if (!list) return;
  const vendor = listVendorFilter(new URLSearchParams(location.search));
  void import('./routes/game-list-screen.tsx').then(
    (screen) => screen.prefetchGameList(client, list.category, vendor, language),
    () => undefined, // The screen loads it again when the router reaches it, and says so if it cannot.
  );
}
