import * as c from '@portal/contracts/ops/ops.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { OpsService } from './ops.service.ts';

export function opsRoutes(app: FastifyInstance, guards: RouteGuards, ops: OpsService): void {
  serve(app, guards, c.setMaintenance, ({ body }) => ops.setMaintenance(body));
  serve(app, guards, c.setRegionRestriction, ({ body }) => ops.setRegionRestriction(body));
  serve(app, guards, c.setModule, ({ body }) => ops.setModule(body.modId, body.enabled));
  serve(app, guards, c.getOpsStatus, () => ops.status());
}
