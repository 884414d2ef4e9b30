import { getGameVendors } from '@portal/contracts/games/vendors.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { VendorsService } from './vendors.service.ts';

export function vendorsRoutes(app: FastifyInstance, guards: RouteGuards, vendors: VendorsService): void {
  serve(app, guards, getGameVendors, async () => ({ lanes: await vendors.lanes() }));
}
