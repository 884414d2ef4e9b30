import * as c from '@portal/contracts/backoffice/risk.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { RiskService } from './risk.service.ts';

/** The back office's risk screens (issue 14, decision 028). */
export function riskRoutes(app: FastifyInstance, guards: RouteGuards, risk: RiskService): void {
  serve(app, guards, c.riskSharedClusters, ({ query }) => risk.shared(query));
  serve(app, guards, c.riskLargeWins, ({ query }) => risk.largeWins(query));
  serve(app, guards, c.riskNewAddressSignIns, ({ query }) => risk.newAddressSignIns(query));
}
