import * as c from '@portal/contracts/house/house-vendor.contract.ts';
import type { FastifyInstance } from 'fastify';
import { vendorApi } from '../vendor-api.ts';
import type { HouseService } from './house-service.ts';

/** The house vendor's HTTP API (its contract: house-vendor.contract.ts), mounted on its own prefix. */
export async function houseRoutes(app: FastifyInstance, house: HouseService): Promise<void> {
  await vendorApi(app, (route) => {
    route(c.houseOpenSession, ({ body }) => house.openSession(body.launchToken));
    route(c.houseBalance, ({ query }) => house.balance(query.session));
    route(c.housePlay, ({ body }) => house.play(body.session, body.requestId, body.params));
    route(c.houseMinesStart, ({ body }) => house.minesStart(body.session, body.requestId, body.bet, body.mines));
    route(c.houseMinesPick, ({ body }) => house.minesPick(body.session, body.roundId, body.tile));
    route(c.houseMinesCashout, ({ body }) => house.minesCashout(body.session, body.roundId));
    route(c.houseFairness, ({ query }) => house.fairness(query.session));
    route(c.houseRotateSeed, ({ body }) => house.rotateSeed(body.session, body.clientSeed));
    route(c.houseRounds, ({ query }) => house.rounds(query.session, query.limit));
  });
}
