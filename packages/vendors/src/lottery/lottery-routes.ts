import * as c from '@portal/contracts/lottery/lottery-vendor.contract.ts';
import type { FastifyInstance } from 'fastify';
import { vendorApi } from '../vendor-api.ts';
import type { LotteryService } from './lottery-service.ts';

/** The lottery vendor's HTTP API (its contract: lottery-vendor.contract.ts), mounted on its own prefix. */
export async function lotteryRoutes(app: FastifyInstance, lottery: LotteryService): Promise<void> {
  await vendorApi(app, (route) => {
    route(c.lotteryGames, () => lottery.games());
    route(c.lotteryDraws, ({ query }) => lottery.draws(query.gameCode, query.limit));
    route(c.lotteryDraw, ({ query }) => lottery.draw(query.drawId));
    route(c.lotteryOpenSession, ({ body }) => lottery.openSession(body.launchToken));
    route(c.lotteryBalance, ({ query }) => lottery.balance(query.session));
    route(c.lotteryBuyTicket, ({ body }) => lottery.buy(body.session, body));
    route(c.lotteryTickets, ({ query }) => lottery.tickets(query.session, query.limit));
    route(c.lotteryTrends, ({ query }) => lottery.trends(query.gameCode, query.draws));
    route(c.lotteryTicketHistory, ({ query: { session, ...q } }) => lottery.ticketHistory(session, q));
  });
}
