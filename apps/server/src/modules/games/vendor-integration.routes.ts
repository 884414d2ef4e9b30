import * as c from '@portal/contracts/wallet/vendor-wallet.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { seamlessWalletRoutes } from './seamless-wallet.routes.ts';
import type { SeamlessWalletService } from './seamless-wallet.service.ts';
import type { VendorRegistry } from './vendor-registry.ts';
import type { VendorTransferService } from './vendor-transfer.service.ts';

export interface VendorIntegrationDeps {
  registry: VendorRegistry;
  seamless: SeamlessWalletService;
  transfers: VendorTransferService;
}

/**
 * The operator's side of both vendor protocols: seamless-wallet calls in, transfer-mode calls out.
 */
export async function vendorIntegrationRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  { registry, seamless, transfers }: VendorIntegrationDeps,
): Promise<void> {
  await seamlessWalletRoutes(app, { vendors: registry, wallet: seamless });
  serve(app, guards, c.getVendorWallets, ({ member }) => transfers.wallets(member.memberId));
  serve(app, guards, c.transferWallet, ({ member, body }) => transfers.transfer(member.memberId, body));
  serve(app, guards, c.transferAllToMain, ({ member, body }) => transfers.allToMain(member.memberId, body.requestId));
  serve(app, guards, c.reconcileVendorTransfers, ({ body }) => transfers.reconcile(body.olderThanSeconds));
}
