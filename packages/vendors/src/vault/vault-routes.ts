import { vaultPlay, vaultTable } from '@portal/contracts/games/vault-vendor.contract.ts';
import type { FastifyInstance } from 'fastify';
import { vendorApi } from '../vendor-api.ts';
import type { VaultVendor } from './vault-vendor.ts';

/**
 * Vault Gaming's own API for its game page, on its own prefix: the vendor session from the launch is
 * the only key, like an outside vendor's; the operator's member session plays no part.
 */
export async function vaultRoutes(app: FastifyInstance, vendor: VaultVendor): Promise<void> {
  await vendorApi(app, (route) => {
    route(vaultTable, ({ body }) => vendor.table(body.session));
    route(vaultPlay, ({ body }) =>
      vendor.playRound(body.session, { requestId: body.requestId, bet: BigInt(body.bet), pick: body.pick }),
    );
  });
}
