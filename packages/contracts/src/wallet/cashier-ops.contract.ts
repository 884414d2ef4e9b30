import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { CASHIER } from '../limits.ts';
import { CashierAmountSchema } from './cashier.contract.ts';

/**
 * Operator calls for the cashier's settings (X-Operator-Key, used by `npm run ops -- cashier|method|withdrawals-policy`):
 * the deposit methods with their bounds, and the withdrawal rules. Amounts are whole minor units as strings.
 */
/** The account a bank-transfer deposit is paid into, shown to the player on the receipt. */
export const ReceivingAccountSchema = z.object({
  bankName: z.string().trim().min(1).max(60),
  accountHolder: z.string().trim().min(1).max(60),
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9][0-9 -]{3,38}[0-9]$/, 'digits, spaces and dashes'),
});
export type ReceivingAccount = z.infer<typeof ReceivingAccountSchema>;

export const OperatorPaymentMethodSchema = z.object({
  code: z.string(),
  kind: z.enum(['BANK_TRANSFER', 'GATEWAY']),
  name: z.string(),
  currency: z.string(),
  minAmount: z.string(),
  maxAmount: z.string(),
  enabled: z.boolean(),
  /** The player's cashier lists the methods by this order (lowest first). */
  sort: z.number().int(),
  /** Bank transfers only: where the player sends the money. */
  receivingAccount: ReceivingAccountSchema.nullable(),
});
export type OperatorPaymentMethod = z.infer<typeof OperatorPaymentMethodSchema>;

export const WithdrawalPolicySchema = z.object({
  /** A player may have only one withdrawal waiting for the operator at a time. */
  singlePendingWithdrawal: z.boolean(),
  /** Minutes after approval with no answer from the player after which the withdrawal counts as received. */
  autoReceiptMinutes: z.number().int().min(CASHIER.autoReceiptMinutesMin).max(CASHIER.autoReceiptMinutesMax),
  /** The smallest and the largest single withdrawal, minor units (min ≤ max). */
  minAmount: CashierAmountSchema,
  maxAmount: CashierAmountSchema,
});
export type WithdrawalPolicy = z.infer<typeof WithdrawalPolicySchema>;

export const getCashierSettings = defineRoute({
  operationId: 'getCashierSettings',
  method: 'GET',
  path: '/api/ops/cashier',
  summary: 'Deposit methods (enabled, minimum, maximum) and the withdrawal policy.',
  tags: ['ops'],
  audience: 'operator',
  value: z.object({ methods: z.array(OperatorPaymentMethodSchema), withdrawalPolicy: WithdrawalPolicySchema }),
});

export const setPaymentMethod = defineRoute({
  operationId: 'setPaymentMethod',
  method: 'PUT',
  path: '/api/ops/cashier/payment-method',
  summary:
    'Switch a deposit method on or off, set its minimum and maximum, its place in the cashier and, for a bank transfer, the receiving account (fields left out keep their value; min ≤ max). Effective at once.',
  tags: ['ops'],
  audience: 'operator',
  body: z.object({
    code: z.string().min(1).max(32),
    enabled: z.boolean().optional(),
    minAmount: CashierAmountSchema.optional(),
    maxAmount: CashierAmountSchema.optional(),
    sort: z.number().int().min(0).max(9999).optional(),
    /** Bank transfers only. */
    receivingAccount: ReceivingAccountSchema.optional(),
  }),
  value: OperatorPaymentMethodSchema,
});

export const setWithdrawalPolicy = defineRoute({
  operationId: 'setWithdrawalPolicy',
  method: 'PUT',
  path: '/api/ops/cashier/withdrawal-policy',
  summary:
    'One pending withdrawal at a time on or off, the minutes after which an unanswered approved withdrawal counts as received, and the smallest and largest single withdrawal (fields left out keep their value; min ≤ max).',
  tags: ['ops'],
  audience: 'operator',
  body: WithdrawalPolicySchema.partial(),
  value: WithdrawalPolicySchema,
});
