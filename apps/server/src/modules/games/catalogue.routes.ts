import * as c from '@portal/contracts/games/games.contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { encodeOnce, serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { lotteryOddsTables } from './lottery-adapter.ts';

/** The language of the names: the query's, else the browser's. */
const languageOf = (request: FastifyRequest, query: { language?: string | undefined }) =>
  query.language ?? request.headers['accept-language']?.slice(0, 2).toLowerCase();

export function catalogueRoutes(app: FastifyInstance, guards: RouteGuards, catalogue: CatalogueService): void {
  // A cached page is the same object for every request that reads it: encoded once, sent many times.
  const encodePage = encodeOnce(c.getGameList);
  serve(app, guards, c.getGameList, async ({ query, request }) => {
    const { pageNo, pageSize, language, cursor, ...filter } = query;
    return encodePage(await catalogue.list(filter, pageNo, pageSize, languageOf(request, { language }), cursor));
  });
  serve(app, guards, c.getHotGames, async ({ query, request }) => ({
    games: await catalogue.hot(query.vassalage, languageOf(request, query)),
  }));
  serve(app, guards, c.getPopular, async ({ query, request }) => ({
    games: await catalogue.popular(languageOf(request, query)),
  }));
  serve(app, guards, c.getWinnerBoard, async ({ query, request }) => ({
    list: await catalogue.winners(query.gameCategory, query.limitNum, languageOf(request, query)),
  }));
  serve(app, guards, c.getGameMenu, async ({ query }) => ({
    categories: await catalogue.menu(query.prizeMode),
    ...(query.prizeMode ? { lottery: lotteryOddsTables(query.prizeMode) } : {}),
  }));
  serve(app, guards, c.listFavourites, ({ member, query, request }) =>
    catalogue.favourites(member.memberId, query.pageNum, query.pageSize, languageOf(request, query)),
  );
  serve(app, guards, c.addFavourite, ({ member, body }) => catalogue.addFavourite(member.memberId, body));
  serve(app, guards, c.removeFavourite, ({ member, body }) => catalogue.removeFavourite(member.memberId, body));
  serve(app, guards, c.getPvpRooms, async ({ query, request }) => ({
    rooms: await catalogue.pvpRooms(query.vassalage, languageOf(request, query)),
  }));
  serve(app, guards, c.getRecentGames, async ({ member, query, request }) => ({
    games: await catalogue.recent(member.memberId, languageOf(request, query)),
  }));
}
