import {
  addFavourite,
  getGameList,
  getGameMenu,
  getHotGames,
  getRecentGames,
  launchGame,
  listFavourites,
  removeFavourite,
  type GameCard,
  type LaunchMode,
} from '@portal/contracts/games/games.contract.ts';
import { GAME_LIST, LIMITS, type GameCategory } from '@portal/contracts/limits.ts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client.ts';
import { launchDevice } from '../../../lib/vendor-launch.ts';
import { readHotGames, writeHotGames } from '../lib/hot-cache.ts';

/** spec §7: the game list is asked for as the HTML5 desktop client. */
const CLIENT = { clientType: '3', platform: 'html5-desktop' } as const;

const sessionStore = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

export const gameKeys = {
  all: ['games'] as const,
  hot: (language: string) => ['games', 'hot', language] as const,
  list: (filter: GameListFilter, language: string) => ['games', 'list', filter, language] as const,
  menu: ['games', 'menu'] as const,
  favourites: (token: string | null) => ['games', 'favourites', token] as const,
  favouritesAll: ['games', 'favourites'] as const,
  recent: (token: string | null, language: string) => ['games', 'recent', token, language] as const,
};

/** The home page's hot games (at most 12), kept for the session and fetched again when the language changes (spec §4). */
export function useHotGames() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: gameKeys.hot(language),
    queryFn: async ({ signal }) => {
      const { games } = await call(getHotGames, {
        query: { isPlatform: '2', platform: 'flash,html5-desktop', language },
        signal,
      });
      const hot = games.slice(0, LIMITS.hotGames);
      writeHotGames(sessionStore(), language, hot);
      return hot;
    },
    initialData: () => readHotGames(sessionStore(), language),
    staleTime: Infinity,
  });
}

export interface GameListFilter {
  gameType?: GameCategory | undefined;
  vassalage?: string | undefined;
  gameClassify?: string | undefined;
  gameName?: string | undefined;
  isHot?: boolean | undefined;
}

const listQuery = (filter: GameListFilter, pageNo: number, pageSize: number, language: string) => ({
  ...CLIENT,
  gameType: filter.gameType,
  vassalage: filter.vassalage,
  gameClassify: filter.gameClassify,
  gameName: filter.gameName,
  isHot: filter.isHot === undefined ? undefined : filter.isHot ? '1' : '0',
  pageNo,
  pageSize,
  language,
});

/** One page of the catalogue (the home slots section). */
export function useGamePage(filter: GameListFilter, pageSize: number) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: [...gameKeys.list(filter, language), 'page', pageSize],
    queryFn: ({ signal }) => call(getGameList, { query: listQuery(filter, 1, pageSize, language), signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** The catalogue paged by the slots page size (spec §9: 30), one page more at a time. */
/** The catalogue's first pages for a filter: the lobby's query, also asked for before the app renders (app/route-prefetch.ts). */
export const gameListQuery = (filter: GameListFilter, language: string) =>
  infiniteQueryOptions({
    queryKey: gameKeys.list(filter, language),
    queryFn: ({ pageParam, signal }) =>
      call(getGameList, { query: listQuery(filter, pageParam, LIMITS.slotsPageSize, language), signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    staleTime: 60_000,
  });

export function useGameList(filter: GameListFilter, enabled = true) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({ ...gameListQuery(filter, i18n.language), enabled });
}

/** Categories with their classifications, vendors and game counts. */
export const gameMenuQuery = queryOptions({
  queryKey: gameKeys.menu,
  queryFn: ({ signal }) => call(getGameMenu, { signal }),
  staleTime: 5 * 60_000,
});

export function useGameMenu() {
  return useQuery(gameMenuQuery);
}

/** The member's favourites with every favourite id; only asked for with a session. */
export function useFavouriteList(token: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: gameKeys.favourites(token),
    queryFn: ({ signal }) =>
      call(listFavourites, {
        query: { pageNum: 1, pageSize: GAME_LIST.maxPageSize, language: i18n.language },
        signal,
      }),
    enabled: token !== null,
    staleTime: 60_000,
  });
}

export function useRecentGames(token: string | null, enabled: boolean) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: gameKeys.recent(token, language),
    queryFn: ({ signal }) => call(getRecentGames, { query: { language }, signal }),
    enabled: token !== null && enabled,
    staleTime: 30_000,
  });
}

export function saveFavourite(game: GameCard, on: boolean) {
  const body = { nodeId: game.nodeId, vendor: game.vassalage, gameType: game.gameType };
  return on ? call(addFavourite, { body }) : call(removeFavourite, { body });
}

export function openGameSession(game: GameCard, mode: LaunchMode, language: string) {
  return call(launchGame, { query: { nodeId: game.nodeId, mode, device: launchDevice(), language } });
}
