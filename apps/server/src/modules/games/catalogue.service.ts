import {
  PRIZE_MODE_CATEGORY,
  type GameCard,
  type GamePage,
  type PrizeMode,
  type Winner,
} from '@portal/contracts/games/games.contract.ts';
import { GAME_LIST, LIMITS, type GameCategory } from '@portal/contracts/limits.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { CatalogueRepository, GameFilter, GameKey, GameRow } from './catalogue.repository.ts';

/** A `nextCursor` (sort.nodeId, the contract checks its form) back into the game it names. */
const parseCursor = (cursor: string): GameKey => {
  const [sort, nodeId] = cursor.split('.');
  return { sort: Number(sort), nodeId: nodeId! };
};

/** How long the public lists (hot, popular, winners, menu) are served from memory before asking again. */
const CACHE_MS = 30_000;

function displayName(names: Record<string, string>, language: string | undefined, fallback: string): string {
  const lang = language?.slice(0, 2).toLowerCase();
  return (lang && names[lang]) || names[fallback] || names.en || Object.values(names)[0] || '';
}

/** Winners are shown by the first and last characters of the account only. */
export function maskAccount(account: string): string {
  if (account.length <= 2) return `${account[0] ?? ''}*`;
  return `${account[0]}${'*'.repeat(Math.min(6, account.length - 2))}${account[account.length - 1]}`;
}

export function toGameCard(row: GameRow, language: string | undefined, defaultLanguage: string): GameCard {
  const name = displayName(row.names, language, defaultLanguage);
  return {
    nodeId: Number(row.nodeId),
    vassalage: row.vendorId,
    vendorName: row.vendorName,
    vendorLogoUrl: row.vendorLogoUrl,
    gameCode: row.gameCode,
    gameType: row.gameType as GameCategory,
    gameClassify: row.gameClassify,
    isGame: 'GAME',
    iconUrl: row.iconUrl,
    showIcon: true,
    roomId: row.roomId,
    type: row.type,
    accountTypeId: row.accountTypeId,
    displayName: name,
    gameName: name,
    supportPlay: row.supportPlay === 0 ? 0 : 1,
    rtpBasisPoints: row.rtpBasisPoints,
    minBet: row.minBet,
    lineNum: row.lineNum,
    isHot: row.isHot,
    status:
      row.vendorStatus === 'COMING'
        ? 'COMING'
        : row.status === 'MAINTENANCE' || row.vendorStatus === 'MAINTENANCE'
          ? 'MAINTENANCE'
          : 'LIVE',
  };
}

class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();
  get(key: string, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const value = load();
    this.entries.set(key, { at: Date.now(), value });
    value.catch(() => this.entries.delete(key));
    return value;
  }
  clear(): void {
    this.entries.clear();
  }
}

/** Lobby pages kept per catalogue version; past this many, the oldest go first. */
const PAGE_CACHE_ENTRIES = 2_000;

export function catalogueService(repo: CatalogueRepository, defaultLanguage: () => Promise<string>) {
  const rows = new TtlCache<GameRow[]>();
  /**
   * Game-list pages by catalogue version and request (decision 036). Each request reads the version
   * (one primary-key row) first: a page is served only for the version it was read at, so a change
   * by anyone shows on the very next request, and a page read before the change can never be served
   * after it.
   */
  const pages = new Map<string, Promise<GamePage>>();
  let pagesVersion = '';
  /** The last game of each page read at this version, by list and page number: page n + 1 starts there. */
  const lastKeys = new Map<string, GameKey>();
  const winners = new TtlCache<Winner[]>();
  /**
   * The catalogue version as of a read that began after the caller asked: a caller joins the read in
   * flight only if it has not begun yet (`queued`), so it sees every change committed before the
   * request came; under load one read serves all the requests that arrived while the last one ran,
   * instead of one read per request.
   */
  let reading: Promise<string> | undefined;
  let queued: Promise<string> | undefined;
  const freshVersion = (): Promise<string> => {
    if (!reading) {
      reading = repo.version().finally(() => (reading = undefined));
      return reading;
    }
    queued ??= reading
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return freshVersion();
      });
    return queued;
  };
  const cards = async (list: GameRow[], language: string | undefined) => {
    const fallback = await defaultLanguage();
    return list.map((r) => toGameCard(r, language, fallback));
  };
  /** Rows in the order of `ids`; ids whose game is gone are skipped. */
  const inOrder = async (ids: string[]) => {
    const found = new Map((await repo.byIds(ids)).map((r) => [r.nodeId, r]));
    return ids.flatMap((id) => found.get(id) ?? []);
  };

  /** The favourite must be the game it names: vendor and type agree with the node. */
  const favouriteGame = async (f: { nodeId: number; vendor: string; gameType: GameCategory }) => {
    const row = await repo.byNode(String(f.nodeId));
    if (!row || row.vendorId !== f.vendor || row.gameType !== f.gameType)
      throw new AppError('GAME_NOT_FOUND', 404, 'This game does not exist.', 'body.nodeId');
    return row;
  };

  return {
    async list(
      filter: GameFilter & { platform?: string[] | undefined },
      pageNo: number,
      pageSize: number,
      language?: string,
      cursor?: string,
    ): Promise<GamePage> {
      const [version, fallback] = await Promise.all([freshVersion(), defaultLanguage()]);
      if (version !== pagesVersion) {
        pages.clear();
        lastKeys.clear();
        pagesVersion = version;
      }
      const key = JSON.stringify([version, fallback, language ?? '', pageNo, pageSize, cursor ?? '', filter]);
      const hit = pages.get(key);
      if (hit) return hit;
      // The pages of one list (filter and size) share their last games: page n + 1 starts after page n's.
      const listKey = JSON.stringify([pageSize, filter]);
      const after = cursor !== undefined ? parseCursor(cursor) : lastKeys.get(`${listKey}:${pageNo - 1}`);
      const load = (async (): Promise<GamePage> => {
        // Every game here is HTML5: a client that plays none of it (Flash only) gets an empty list.
        const { rows: page, total } =
          filter.platform && !filter.platform.some((p) => p.startsWith('html5'))
            ? { rows: [], total: 0 }
            : await repo.page(filter, pageNo, pageSize, after);
        const last = page.length === pageSize ? page[page.length - 1] : undefined;
        if (last && cursor === undefined && version === pagesVersion) {
          if (lastKeys.size >= PAGE_CACHE_ENTRIES) lastKeys.delete(lastKeys.keys().next().value!);
          lastKeys.set(`${listKey}:${pageNo}`, { sort: last.sort, nodeId: last.nodeId });
        }
        return {
          content: page.map((r) => toGameCard(r, language, fallback)),
          pageNo,
          pageSize,
          totalPages: Math.ceil(total / pageSize),
          totalElements: total,
          nextCursor: last ? `${last.sort}.${last.nodeId}` : null,
        };
      })();
      // A page read for an older version (the catalogue changed while it loaded) is not kept.
      if (version === pagesVersion) {
        if (pages.size >= PAGE_CACHE_ENTRIES) pages.delete(pages.keys().next().value!);
        pages.set(key, load);
        load.catch(() => pages.delete(key));
      }
      return load;
    },

    async hot(vassalage: string | undefined, language?: string): Promise<GameCard[]> {
      const list = await rows.get(`hot:${vassalage ?? ''}`, () => repo.hot(vassalage, LIMITS.hotGames));
      return cards(list, language);
    },

    /** Most played in the last days; topped up with the hot games while there is little play. */
    async popular(language?: string): Promise<GameCard[]> {
      const list = await rows.get('popular', async () => {
        const since = new Date(Date.now() - GAME_LIST.popularDays * 86_400_000);
        const played = await inOrder(await repo.mostPlayed(since, LIMITS.hotGames));
        const seen = new Set(played.map((r) => r.nodeId));
        const fill = (await repo.hot(undefined, LIMITS.hotGames)).filter((r) => !seen.has(r.nodeId));
        return [...played, ...fill].slice(0, LIMITS.hotGames);
      });
      return cards(list, language);
    },

    async winners(category: GameCategory | 'ALL', limit: number, language?: string): Promise<Winner[]> {
      const fallback = await defaultLanguage();
      return winners.get(`${category}:${limit}:${language ?? ''}`, async () => {
        const wins = await repo.latestWins(category === 'ALL' ? null : category, limit);
        const games = new Map((await repo.byIds([...new Set(wins.map((w) => w.nodeId))])).map((g) => [g.nodeId, g]));
        return wins.flatMap((w) => {
          const g = games.get(w.nodeId);
          if (!g) return [];
          return [
            {
              customerId: w.memberId,
              customerName: maskAccount(w.account),
              gameName: displayName(g.names, language, fallback),
              iconUrl: g.iconUrl,
              winAmount: w.amount,
              currency: w.currency,
              wonAt: new Date(w.createdAt).toISOString(),
            },
          ];
        });
      });
    },

    async menu(prizeMode: PrizeMode | undefined) {
      const groups = await repo.menu();
      const byType = new Map<
        string,
        {
          title: GameCategory;
          gameClassify: Set<string>;
          vendors: Map<string, { vendorId: string; name: string; logoUrl: string; games: number }>;
          games: number;
        }
      >();
      for (const g of groups) {
        // A prize mode names one lottery category; the menu then lists that category alone.
        if (prizeMode && g.gameType !== PRIZE_MODE_CATEGORY[prizeMode]) continue;
        const entry = byType.get(g.gameType) ?? {
          title: g.gameType as GameCategory,
          gameClassify: new Set<string>(),
          vendors: new Map(),
          games: 0,
        };
        if (g.gameClassify) entry.gameClassify.add(g.gameClassify);
        const n = Number(g.n);
        const v = entry.vendors.get(g.vendorId) ?? { vendorId: g.vendorId, name: g.name, logoUrl: g.logoUrl, games: 0 };
        v.games += n;
        entry.vendors.set(g.vendorId, v);
        entry.games += n;
        byType.set(g.gameType, entry);
      }
      return [...byType.values()].map((e) => ({
        title: e.title,
        gameClassify: [...e.gameClassify].sort(),
        vendors: [...e.vendors.values()],
        games: e.games,
      }));
    },

    async favourites(memberId: string, pageNum: number, pageSize: number, language?: string) {
      const ids = (await repo.favouriteIds(memberId)).map((r) => r.nodeId);
      const slice = ids.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      return {
        content: await cards(await inOrder(slice), language),
        pageNum,
        totalPages: Math.ceil(ids.length / pageSize),
        favouriteIds: ids.map(Number),
      };
    },

    async addFavourite(memberId: string, f: { nodeId: number; vendor: string; gameType: GameCategory }) {
      const row = await favouriteGame(f);
      await repo.addFavourite(memberId, row.nodeId);
      return { favouriteIds: (await repo.favouriteIds(memberId)).map((r) => Number(r.nodeId)) };
    },

    async removeFavourite(memberId: string, f: { nodeId: number; vendor: string; gameType: GameCategory }) {
      const row = await favouriteGame(f);
      await repo.removeFavourite(memberId, row.nodeId);
      return { favouriteIds: (await repo.favouriteIds(memberId)).map((r) => Number(r.nodeId)) };
    },

    /** Rooms are PVP games with a room id; a vendor that is not live yet has none to offer. */
    async pvpRooms(vassalage: string | undefined, language?: string): Promise<GameCard[]> {
      const { rows: page } = await repo.page({ gameType: 'PVP', vassalage }, 1, GAME_LIST.maxPageSize);
      return cards(
        page.filter((r) => r.roomId !== null && r.vendorStatus === 'LIVE'),
        language,
      );
    },

    async recent(memberId: string, language?: string): Promise<GameCard[]> {
      const ids = (await repo.recentIds(memberId, GAME_LIST.recentGames)).map((r) => r.nodeId);
      return cards(await inOrder(ids), language);
    },

    /** After a catalogue sync: the cached lists must show the new state at once. */
    invalidate(): void {
      rows.clear();
      winners.clear();
    },
  };
}
export type CatalogueService = ReturnType<typeof catalogueService>;
