import * as c from '@portal/contracts/wallet/vendor-wallet.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { seamlessWalletRoutes } from './seamless-wallet.routes.ts';
import type { SeamlessWalletService } from './seamless-wallet.service.ts';
import type { VaultVendor } from './vault/vault-vendor.ts';
import { vaultRoutes } from './vault/vault-routes.ts';
import type { VendorRegistry } from './vendor-registry.ts';
import type { VendorTransferService } from './vendor-transfer.service.ts';

export interface VendorIntegrationDeps {
  registry: VendorRegistry;
  seamless: SeamlessWalletService;
  transfers: VendorTransferService;
  vault: VaultVendor;
}

/**
 * The operator's side of both vendor protocols: seamless-wallet calls in, transfer-mode calls out,
 * and Vault's own API for its game page.
 */
export async function vendorIntegrationRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  { registry, seamless, transfers, vault }: VendorIntegrationDeps,
): Promise<void> {
  await seamlessWalletRoutes(app, { vendors: registry, wallet: seamless });
  serve(app, guards, c.getVendorWallets, ({ member }) => transfers.wallets(member.memberId));
  serve(app, guards, c.transferWallet, ({ member, body }) => transfers.transfer(member.memberId, body));
  serve(app, guards, c.transferAllToMain, ({ member, body }) => transfers.allToMain(member.memberId, body.requestId));
  vaultRoutes(app, guards, vault);
  serve(app, guards, c.reconcileVendorTransfers, ({ body }) => transfers.reconcile(body.olderThanSeconds));
}
