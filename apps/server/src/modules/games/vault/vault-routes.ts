import { vaultPlay, vaultTable } from '@portal/contracts/games/vault-vendor.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../../plugins/route-registry.ts';
import type { VaultVendor } from './vault-vendor.ts';

/**
 * Vault Gaming's own API for its game page, on its own prefix: the vendor session from the launch is
 * the only key, like an outside vendor's; the operator's member session plays no part.
 */
export function vaultRoutes(app: FastifyInstance, guards: RouteGuards, vendor: VaultVendor): void {
  serve(app, guards, vaultTable, ({ body }) => vendor.table(body.session));
  serve(app, guards, vaultPlay, ({ body }) =>
    vendor.playRound(body.session, { requestId: body.requestId, bet: BigInt(body.bet), pick: body.pick }),
  );
}
