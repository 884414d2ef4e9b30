import * as c from '@portal/contracts/wallet/history.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { HistoryService } from './history.service.ts';

export function historyRoutes(app: FastifyInstance, guards: RouteGuards, history: HistoryService): void {
  serve(app, guards, c.getTransactionHistory, ({ member, query }) => history.transactions(member.memberId, query));
  serve(app, guards, c.getAccountRecord, ({ member, query }) => history.accountRecord(member.memberId, query));
  serve(app, guards, c.getBonusDetails, ({ member, query }) => history.bonuses(member, query));
  serve(app, guards, c.getPersonalProfit, ({ member, query }) => history.profit(member, query));
}
