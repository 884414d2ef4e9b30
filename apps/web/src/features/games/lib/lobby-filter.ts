import type { GameCard } from '@portal/contracts/games/games.contract.ts';
import type { GameCategory } from '@portal/contracts/limits.ts';

/** A chip of the lobby: a category, optionally narrowed to one classification. */
export interface LobbyChip {
  gameType: GameCategory;
  classify: string | null;
}

export interface MenuCategory {
  title: GameCategory;
  gameClassify: string[];
  games: number;
}

/**
 * The chips of a lobby: "all" of its own category, that category's classifications, then one chip for
 * each extra category that has games (the mini games sit with the slots).
 */
export function lobbyChips(
  category: GameCategory,
  extra: readonly GameCategory[],
  menu: readonly MenuCategory[] | undefined,
): LobbyChip[] {
  const own = menu?.find((m) => m.title === category);
  const chips: LobbyChip[] = [{ gameType: category, classify: null }];
  for (const classify of own?.gameClassify ?? []) {
    // One classification alone says nothing "all" does not.
    if ((own?.gameClassify.length ?? 0) > 1) chips.push({ gameType: category, classify });
  }
  for (const type of extra) {
    if ((menu?.find((m) => m.title === type)?.games ?? 0) > 0) chips.push({ gameType: type, classify: null });
  }
  return chips;
}

/** Games in any of `categories` whose name holds `search` (any case); for the favourites and recent tabs. */
export function filterLocal(
  games: readonly GameCard[],
  categories: readonly GameCategory[],
  search: string,
  vendor: string | null,
): GameCard[] {
  const needle = search.trim().toLowerCase();
  return games.filter(
    (g) =>
      categories.includes(g.gameType) &&
      (vendor === null || g.vassalage === vendor) &&
      (needle === '' || g.displayName.toLowerCase().includes(needle) || g.gameName.toLowerCase().includes(needle)),
  );
}

/** Whether any game of these categories exists in the catalogue at all. */
export function hasGames(menu: readonly MenuCategory[] | undefined, categories: readonly GameCategory[]): boolean {
  return categories.some((c) => (menu?.find((m) => m.title === c)?.games ?? 0) > 0);
}

/**
 * The catalogue filter of the lobby's list: its chip, the page's vendor and the search. The lobby asks
 * with it, and app/route-prefetch.ts asks for the lobby's first view (own category, no search) with it.
 */
export function lobbyListFilter(chip: LobbyChip, vendor: string | null, gameName: string) {
  return {
    gameType: chip.gameType,
    gameClassify: chip.classify ?? undefined,
    vassalage: vendor ?? undefined,
    gameName: gameName || undefined,
  };
}
