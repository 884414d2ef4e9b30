import * as c from '@portal/contracts/wallet/history.contract.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { historyRepository } from './history.repository.ts';
import { historyService } from './history.service.ts';

export function historyRoutes(app: FastifyInstance, guards: RouteGuards, db: Db): void {
  const history = historyService(historyRepository(db));
  serve(app, guards, c.getTransactionHistory, ({ request, query }) =>
    history.transactions(request.member!.memberId, query),
  );
  serve(app, guards, c.getAccountRecord, ({ request, query }) =>
    history.accountRecord(request.member!.memberId, query),
  );
  serve(app, guards, c.getBonusDetails, ({ request, query }) => history.bonuses(request.member!, query));
  serve(app, guards, c.getPersonalProfit, ({ request, query }) => history.profit(request.member!, query));
}
