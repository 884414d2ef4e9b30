import { VENDOR } from '@portal/contracts/limits.ts';
import type { ScheduledTask } from '../../jobs/job-queue.ts';
import type { VendorTransferService } from './vendor-transfer.service.ts';

/** Transfers a vendor left unanswered are asked about again until the vendor says what happened. */
export const vendorTransferReconcileTask = (transfers: VendorTransferService): ScheduledTask => ({
  name: 'vendor-transfer-reconcile',
  everyMs: VENDOR.reconcileAfterSeconds * 1000,
  run: () => transfers.reconcile(),
});
