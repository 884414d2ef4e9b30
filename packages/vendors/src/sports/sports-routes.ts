import * as c from '@portal/contracts/sports/sportsbook-vendor.contract.ts';
import type { FastifyInstance } from 'fastify';
import { vendorApi } from '../vendor-api.ts';
import { sportsLiveRoutes } from './sports-live.ts';
import type { SportsService } from './sports-service.ts';

/**
 * The sportsbook vendor's HTTP API (its contract: sportsbook-vendor.contract.ts) and its live socket
 * (sportsbook-live.contract.ts), mounted on its own prefix.
 */
export async function sportsRoutes(app: FastifyInstance, sports: SportsService): Promise<void> {
  await vendorApi(app, (route) => {
    route(c.sportsBook, ({ query }) => sports.book(query.group, query.hours));
    route(c.sportsFixture, ({ query }) => sports.fixture(query.id));
    route(c.sportsOpenSession, ({ body }) => sports.openSession(body.launchToken));
    route(c.sportsBalance, ({ query }) => sports.balance(query.session));
    route(c.sportsPlaceTicket, ({ body }) => sports.place(body.session, body));
    route(c.sportsCashOutQuote, ({ query }) => sports.quote(query.session, query.ticketId));
    route(c.sportsCashOut, ({ body }) => sports.cashOut(body.session, body.ticketId, BigInt(body.offer)));
    route(c.sportsTickets, ({ query }) => sports.tickets(query.session, query.status, query.limit));
  });
  await sportsLiveRoutes(app, sports);
}
