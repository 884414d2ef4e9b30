import type { GameCard } from '@portal/contracts/games/games.contract.ts';
import { FIRST_PAGE_PICTURES } from '@portal/contracts/games/game-list-screens.ts';
import { escapeAttribute } from '../content/boot-banner.ts';

/** Pictures written into a list page: more than a wide screen's first row, fewer than a page. */
export const BOOT_LIST_SIZE = FIRST_PAGE_PICTURES;
/** The first row on a phone (three columns): asked for before the stylesheet's other work. */
const HIGH_PRIORITY = 3;

/**
 * index.html with the first page's game pictures of a game-list screen written into the app's root,
 * in the game grid's own classes under a page-hero-shaped band, where the lobby will show them: the
 * page's largest paint is then a picture the browser fetches beside the stylesheet, not one that
 * waits for the app's code, its data and its render (decision 105, as the home banner in 044). The
 * app's first render replaces it. Games without a picture to show are skipped; none at all: unchanged.
 */
export function withBootList(html: string, games: readonly GameCard[]): string {
  const shown = games.filter((g) => g.showIcon && g.iconUrl).slice(0, BOOT_LIST_SIZE);
  if (shown.length === 0) return html;
  const items = shown
    .map(
      (g, i) =>
        `<li><div class="game-card__media"><img class="game-card__image" src="${escapeAttribute(g.iconUrl)}"` +
        ` alt="" width="300" height="400"${i < HIGH_PRIORITY ? ' fetchpriority="high"' : ''}></div></li>`,
    )
    .join('');
  const art =
    `<div class="boot-list" aria-hidden="true"><div class="portal__main"><div class="page-hero boot-list__hero"></div>` +
    `<ul class="game-grid game-grid--md boot-list__grid">${items}</ul></div></div>`;
  return html.replace('<div id="root">', `<div id="root">${art}`);
}
