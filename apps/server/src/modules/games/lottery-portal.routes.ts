import * as c from '@portal/contracts/games/lottery-portal.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { LotteryPortalService } from './lottery-portal.service.ts';

/** The lottery calls of spec §7 (decision 092). */
export function lotteryPortalRoutes(app: FastifyInstance, guards: RouteGuards, lottery: LotteryPortalService): void {
  serve(app, guards, c.lotteryLobby, ({ member, query, request }) =>
    lottery.lobby(member, {
      ...query,
      language: query.language ?? request.headers['accept-language']?.slice(0, 2).toLowerCase(),
    }),
  );
  serve(app, guards, c.lotteryRecent, () => lottery.recent());
  serve(app, guards, c.vnLotteryMenus, ({ query }) => lottery.vnMenus(query.prizeMode));
  serve(app, guards, c.vnNumero, () => lottery.vnNumero());
  serve(app, guards, c.vnOpenedNumero, ({ query }) => lottery.vnOpened(query.limit));
}
