import { TRIAL_TYPE, VENDOR } from '@portal/contracts/limits.ts';
import * as c from '@portal/contracts/wallet/vendor-wallet.contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { inProcessVendorAdapters } from './in-process-vendors.ts';
import { vaultRoutes } from './vault/vault-routes.ts';
import { seamlessWalletRoutes } from './seamless-wallet.routes.ts';
import { seamlessWalletService } from './seamless-wallet.service.ts';
import type { VendorAdapter } from './vendor-adapter.ts';
import { vendorRegistry } from './vendor-registry.ts';
import { vendorTransferService } from './vendor-transfer.service.ts';

/** Trial accounts play with play money only (spec §6): vendor wallets hold real money. */
function realMember(request: FastifyRequest): string {
  const m = request.member!;
  if (m.type === TRIAL_TYPE) throw new AppError('TRIAL_NOT_ALLOWED', 403, 'Please register an account first.');
  return m.memberId;
}
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * The operator's side of both vendor protocols: seamless-wallet calls in, transfer-mode calls out.
 * In-process vendors are registered here by code; `adapters` lets a test or the house vendor add more.
 */
export async function vendorIntegrationRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  { db, ledger, adapters = [] }: { db: Db; ledger: LedgerService; adapters?: VendorAdapter[] },
): Promise<void> {
  const vendors = vendorRegistry(db, [...inProcessVendorAdapters(db), ...adapters]);
  await seamlessWalletRoutes(app, {
    vendors,
    wallet: seamlessWalletService(db, ledger),
    rateLimitScale: guards.rateLimitScale,
  });

  const transfers = vendorTransferService(db, ledger, vendors);
  serve(app, guards, c.getVendorWallets, ({ request }) => transfers.wallets(realMember(request)));
  serve(
    app,
    guards,
    c.transferWallet,
    ({ request, body }) => transfers.transfer(realMember(request), body),
    perMinute(VENDOR.transfersPerMinute),
  );
  serve(
    app,
    guards,
    c.transferAllToMain,
    ({ request, body }) => transfers.allToMain(realMember(request), body.requestId),
    perMinute(VENDOR.transfersPerMinute),
  );
  vaultRoutes(app, guards, db);
  serve(app, guards, c.reconcileVendorTransfers, ({ body }) => transfers.reconcile(body.olderThanSeconds));
}
