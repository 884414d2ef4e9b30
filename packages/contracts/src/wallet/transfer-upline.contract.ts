import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { CASHIER } from '../limits.ts';
import { CashierAmountSchema, RequestIdSchema } from './cashier.contract.ts';

/** What the transferUpline page needs before the form: whether it may be used, and to whom it pays. */
export const UplineTransferInfoSchema = z.object({
  /** The site allows it (module TRANSFER_UPLINE), the member is a real member and has an active upline. */
  available: z.boolean(),
  /** Why not, when not: the error code the transfer itself would answer. */
  unavailableReason: z
    .enum(['FEATURE_DISABLED', 'TRIAL_NOT_ALLOWED', 'UPLINE_NOT_SET', 'UPLINE_UNAVAILABLE'])
    .nullable(),
  /** The upline agent's account name, or null without one. */
  uplineAccount: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  /** Main wallet balance in minor units. */
  balance: z.string(),
  currency: z.string(),
});
export type UplineTransferInfo = z.infer<typeof UplineTransferInfoSchema>;

export const UplineTransferSchema = z.object({
  /** The ledger transfer's id; also the reference the history pages show. */
  transferId: z.string(),
  amount: z.string(),
  currency: z.string(),
  uplineAccount: z.string(),
  /** The member's main wallet balance right after this transfer (for a replay: the balance now). */
  balance: z.string(),
  createdAt: z.string(),
});
export type UplineTransfer = z.infer<typeof UplineTransferSchema>;

export const getUplineTransferInfo = defineRoute({
  operationId: 'getUplineTransferInfo',
  method: 'GET',
  path: '/api/wallet/transfer-upline',
  summary: 'Whether the signed-in member may transfer to the upline agent, the upline, and the main wallet balance.',
  tags: ['wallet'],
  audience: 'member',
  value: UplineTransferInfoSchema,
});

export const transferUpline = defineRoute({
  operationId: 'transferUpline',
  method: 'POST',
  path: '/api/wallet/transfer-upline',
  summary:
    "Move money from the member's main wallet to the upline agent's main wallet (when the site allows it). Payment password required; idempotent by requestId.",
  tags: ['wallet'],
  audience: 'member',
  rateLimit: { perMinute: CASHIER.uplineTransfersPerMinute },
  body: z.object({
    amount: CashierAmountSchema,
    paymentPassword: z.string().min(1).max(64),
    requestId: RequestIdSchema,
  }),
  value: UplineTransferSchema,
});
