import { boDashboard } from '@portal/contracts/backoffice/dashboard.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The back office dashboard (issue 14, decision 047). */
export function dashboardRoutes(app: FastifyInstance, guards: RouteGuards, dashboard: DashboardService): void {
  serve(app, guards, boDashboard, ({ query }) => dashboard.dashboard(query));
}
