import * as c from '@portal/contracts/games/vendor-ops.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { VendorOpsService } from './vendor-ops.service.ts';

export function vendorOpsRoutes(app: FastifyInstance, guards: RouteGuards, ops: VendorOpsService): void {
  serve(app, guards, c.setVendorMaintenance, ({ body }) => ops.setVendorMaintenance(body.vendorId, body.maintenance));
  serve(app, guards, c.setGameMaintenance, ({ body }) =>
    ops.setGameMaintenance(body.gameCode, body.vendorId, body.maintenance),
  );
  serve(app, guards, c.rotateVendorSecret, ({ body }) => ops.rotateSecret(body.vendorId));
}
