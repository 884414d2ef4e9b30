import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { VENDOR } from '../limits.ts';
import { CashierAmountSchema, RequestIdSchema } from './cashier.contract.ts';

/**
 * Transfer-mode vendor wallets (spec §2 member page transferFund; spec §7 "wallet transfer"). Money
 * moves between the main wallet and the member's wallet at each transfer-mode vendor. A transfer
 * whose outcome the vendor left unknown is PENDING until reconciliation asks the vendor.
 */
export const VENDOR_TRANSFER_STATUSES = ['PENDING', 'SUCCESS', 'FAILED'] as const;
export const VendorTransferStatusSchema = z.enum(VENDOR_TRANSFER_STATUSES);
export const VendorTransferDirectionSchema = z.enum(['TO_VENDOR', 'TO_MAIN']);

export const VendorWalletSchema = z.object({
  vendorId: z.string(),
  name: z.string(),
  /** OK: the balance is the vendor's answer; UNAVAILABLE: the vendor did not answer; MAINTENANCE: transfers are paused. */
  state: z.enum(['OK', 'UNAVAILABLE', 'MAINTENANCE']),
  /** Minor units at the vendor, null when the vendor did not answer. */
  balance: z.string().nullable(),
  /** Sum of this member's transfers with this vendor still being checked. */
  pendingAmount: z.string(),
});
export type VendorWallet = z.infer<typeof VendorWalletSchema>;

export const VendorWalletsSchema = z.object({
  main: z.object({ balance: z.string(), currency: z.string() }),
  wallets: z.array(VendorWalletSchema),
});
export type VendorWallets = z.infer<typeof VendorWalletsSchema>;

export const VendorTransferSchema = z.object({
  id: z.string(),
  vendorId: z.string(),
  direction: VendorTransferDirectionSchema,
  amount: z.string(),
  currency: z.string(),
  requestId: z.string(),
  /** The reference number the vendor knows the transfer by. */
  reference: z.string(),
  status: VendorTransferStatusSchema,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type VendorTransfer = z.infer<typeof VendorTransferSchema>;

export const getVendorWallets = defineRoute({
  operationId: 'getVendorWallets',
  method: 'GET',
  path: '/api/wallet/vendor-wallets',
  summary: 'The main wallet and, for each transfer-mode vendor, the balance the vendor reports.',
  tags: ['wallet'],
  audience: 'realMember',
  value: VendorWalletsSchema,
});

export const transferWallet = defineRoute({
  operationId: 'transferWallet',
  method: 'POST',
  path: '/api/wallet/transfer',
  summary:
    'Move money between the main wallet and a vendor wallet. Idempotent by requestId; an unknown vendor answer leaves it PENDING.',
  tags: ['wallet'],
  audience: 'realMember',
  rateLimit: { perMinute: VENDOR.transfersPerMinute },
  body: z.object({
    vendorId: z.string().min(1).max(40),
    direction: VendorTransferDirectionSchema,
    amount: CashierAmountSchema,
    requestId: RequestIdSchema,
  }),
  value: z.object({ transfer: VendorTransferSchema, mainBalance: z.string() }),
});

export const AllToMainResultSchema = z.object({
  vendorId: z.string(),
  /** SKIPPED: nothing there; UNAVAILABLE: the vendor did not answer, nothing moved. */
  outcome: z.enum(['SUCCESS', 'PENDING', 'FAILED', 'SKIPPED', 'UNAVAILABLE', 'MAINTENANCE', 'IN_PROGRESS']),
  amount: z.string(),
});

export const transferAllToMain = defineRoute({
  operationId: 'transferAllToMain',
  method: 'POST',
  path: '/api/wallet/transfer-all-to-main',
  summary: 'Bring the whole balance of every vendor wallet back to the main wallet.',
  tags: ['wallet'],
  audience: 'realMember',
  rateLimit: { perMinute: VENDOR.transfersPerMinute },
  body: z.object({ requestId: RequestIdSchema }),
  value: z.object({ results: z.array(AllToMainResultSchema), mainBalance: z.string() }),
});

export const reconcileVendorTransfers = defineRoute({
  operationId: 'reconcileVendorTransfers',
  method: 'POST',
  path: '/api/ops/vendor-transfers/reconcile',
  summary: 'Ask vendors what became of pending transfers; complete or reverse each one the vendor answers.',
  tags: ['ops'],
  audience: 'operator',
  body: z.object({ olderThanSeconds: z.number().int().min(0).max(86_400).optional() }),
  value: z.object({
    checked: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    stillPending: z.number().int(),
  }),
});
