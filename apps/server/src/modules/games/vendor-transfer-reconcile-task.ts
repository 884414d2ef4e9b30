import { VENDOR } from '@portal/contracts/limits.ts';
import type { ScheduledTask } from '../../jobs/job-queue.ts';
import { ledgerService } from '../wallet/ledger.service.ts';
import { inProcessVendorAdapters } from './in-process-vendors.ts';
import { vendorRegistry } from './vendor-registry.ts';
import { reconcileVendorTransfers } from './vendor-transfer.service.ts';

/** Transfers a vendor left unanswered are asked about again until the vendor says what happened. */
export const vendorTransferReconcileTask: ScheduledTask = {
  name: 'vendor-transfer-reconcile',
  everyMs: VENDOR.reconcileAfterSeconds * 1000,
  run: async ({ db }) =>
    reconcileVendorTransfers(db, ledgerService(db), vendorRegistry(db, inProcessVendorAdapters(db))),
};
