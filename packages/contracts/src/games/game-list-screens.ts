import type { GameCategory } from '../limits.ts';

/**
 * The game-list screens and the category each opens (spec §2: the lobby's lists and the "more"
 * lists). The web's router builds its routes from them; the server writes the first page's pictures
 * into these pages (decision 105).
 */
export const GAME_LIST_SCREENS: readonly { path: string; category: GameCategory; more?: boolean }[] = [
  { path: '/pvp', category: 'PVP' },
  { path: '/fish', category: 'FISH' },
  { path: '/rng', category: 'RNG' },
  { path: '/live', category: 'LIVE' },
  { path: '/sports/more', category: 'SPORTS', more: true },
  { path: '/esport/more', category: 'ESPORTS', more: true },
  { path: '/live/more', category: 'LIVE', more: true },
  { path: '/pvp/more', category: 'PVP', more: true },
  { path: '/lott/more', category: 'LOTT', more: true },
  { path: '/elott/more', category: 'ELOTT', more: true },
  { path: '/slots', category: 'RNG', more: true },
];

/**
 * How many of a list's first pictures the server writes into the page (decision 105); the lobby's
 * grid shows the same ones from its first render, without waiting to see whether they are on screen
 * (decision 108).
 */
export const FIRST_PAGE_PICTURES = 8;

/** The one vendor a list is narrowed to by `?vassalage=` (or the older `?page=`), if any. */
export function listVendorFilter(search: URLSearchParams): string | null {
  const value = search.get('vassalage') ?? search.get('page');
  return value && value.trim() !== '' ? value.trim() : null;
}
