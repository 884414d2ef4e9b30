import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { CASHIER } from '../limits.ts';

/**
 * An amount the player types: a positive whole number of minor units as a decimal string. No sign,
 * no leading zero, no fraction, no exponent, at most 18 digits (fits a bigint with room to spare),
 * so it never passes through a float and "0100" or "1e5" cannot mean something else.
 */
export const CashierAmountSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a positive whole number of minor units');
/** Minor units in answers. */
const AmountOut = z.string();

/** The client's idempotency key: a repeat with the same id returns the first answer. */
export const RequestIdSchema = z
  .string()
  .min(CASHIER.requestIdMinLength)
  .max(CASHIER.requestIdMaxLength)
  .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _');

const IdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');
const Name = z.string().trim().min(1).max(64);

export const PaymentMethodSchema = z.object({
  code: z.string(),
  kind: z.enum(['BANK_TRANSFER', 'GATEWAY']),
  name: z.string(),
  currency: z.string(),
  minAmount: AmountOut,
  maxAmount: AmountOut,
  /** Bank transfer: the operator's account the player pays into; null for other methods. */
  receivingAccount: z.object({ bankName: z.string(), accountHolder: z.string(), accountNumber: z.string() }).nullable(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const DEPOSIT_STATUSES = ['PENDING', 'CONFIRMED', 'REJECTED', 'CANCELLED'] as const;
export const DepositSchema = z.object({
  id: z.string(),
  methodCode: z.string(),
  methodKind: z.enum(['BANK_TRANSFER', 'GATEWAY']),
  amount: AmountOut,
  currency: z.string(),
  payerName: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.enum(DEPOSIT_STATUSES),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Where to send the browser to pay (gateway deposits that are still pending), else null. */
  redirectUrl: z.string().nullable(),
});
export type Deposit = z.infer<typeof DepositSchema>;

export const BankAccountSchema = z.object({
  id: z.string(),
  payeeName: z.string(),
  bankName: z.string(),
  /** Only the last four digits are shown back. */
  accountNumberMasked: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const WITHDRAWAL_RESULTS = ['RECEIVED', 'NOT_RECEIVED', 'FULL_PAYMENT'] as const;
export const WithdrawalSchema = z.object({
  id: z.string(),
  bankAccountId: z.string(),
  amount: AmountOut,
  currency: z.string(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  confirmation: z.enum(WITHDRAWAL_RESULTS).nullable(),
  /** PLAYER when the player answered, AUTO when the timeout counted it as received. */
  confirmedBy: z.enum(['PLAYER', 'AUTO']).nullable(),
  confirmedAt: z.string().nullable(),
  hasProof: z.boolean(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** Operator answers: `changed` is false when the same decision had already been made. */
export const DepositDecision = z.object({ changed: z.boolean(), deposit: DepositSchema });
export const WithdrawalDecision = z.object({ changed: z.boolean(), withdrawal: WithdrawalSchema });
export const OperatorDeposit = DepositSchema.extend({ memberId: z.string(), memberAccount: z.string() });
export const OperatorWithdrawal = WithdrawalSchema.extend({
  memberId: z.string(),
  memberAccount: z.string(),
  payeeName: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
});

// ---- member calls

export const getPaymentMethods = defineRoute({
  operationId: 'getPaymentMethods',
  method: 'GET',
  path: '/api/cashier/payment-methods',
  summary: 'Deposit methods the operator has enabled, with their minimum and maximum amounts.',
  tags: ['cashier'],
  audience: 'realMember',
  value: z.object({ methods: z.array(PaymentMethodSchema) }),
});

export const createDeposit = defineRoute({
  operationId: 'createDeposit',
  method: 'POST',
  path: '/api/cashier/deposits',
  summary:
    'Start a deposit. A bank transfer waits for the operator; a gateway deposit answers the redirectUrl of the payment page.',
  tags: ['cashier'],
  audience: 'realMember',
  rateLimit: { perMinute: CASHIER.depositsPerMinute },
  body: z.object({
    methodCode: z.string().min(1).max(32),
    amount: CashierAmountSchema,
    /** Required for a bank transfer: the name on the paying account. */
    payerName: Name.optional(),
    reference: z.string().trim().max(64).optional(),
    requestId: RequestIdSchema,
  }),
  value: DepositSchema,
});

export const listDeposits = defineRoute({
  operationId: 'listDeposits',
  method: 'GET',
  path: '/api/cashier/deposits',
  summary: "The signed-in member's latest deposits, newest first.",
  tags: ['cashier'],
  audience: 'realMember',
  value: z.object({ deposits: z.array(DepositSchema) }),
});

export const setPaymentPassword = defineRoute({
  operationId: 'setPaymentPassword',
  method: 'POST',
  path: '/api/cashier/payment-password',
  summary: 'Set the payment password: freely when none is set, otherwise with the current one.',
  tags: ['cashier'],
  audience: 'realMember',
  rateLimit: { perMinute: CASHIER.paymentPasswordChangesPerMinute },
  body: z.object({
    currentPassword: z.string().max(64).optional(),
    newPassword: z.string().min(6).max(32),
  }),
  value: z.object({ hasPaymentPassword: z.literal(true) }),
});

export const listBankAccounts = defineRoute({
  operationId: 'listBankAccounts',
  method: 'GET',
  path: '/api/cashier/bank-accounts',
  summary:
    "The signed-in member's bank accounts for withdrawals, whether a payment password is set, and the smallest and largest single withdrawal.",
  tags: ['cashier'],
  audience: 'realMember',
  value: z.object({
    accounts: z.array(BankAccountSchema),
    hasPaymentPassword: z.boolean(),
    withdrawalLimits: z.object({ minAmount: AmountOut, maxAmount: AmountOut, currency: z.string() }),
  }),
});

export const addBankAccount = defineRoute({
  operationId: 'addBankAccount',
  method: 'POST',
  path: '/api/cashier/bank-accounts',
  summary: `Add a bank account (payee name, bank, account number); at most ${CASHIER.maxBankAccounts}.`,
  tags: ['cashier'],
  audience: 'realMember',
  rateLimit: { perMinute: CASHIER.bankAccountAddsPerMinute },
  body: z.object({
    payeeName: Name,
    bankName: Name,
    accountNumber: z
      .string()
      .trim()
      .regex(/^[0-9][0-9-]{4,30}[0-9]$/, 'digits and dashes'),
  }),
  value: BankAccountSchema,
});

export const createWithdrawal = defineRoute({
  operationId: 'createWithdrawal',
  method: 'POST',
  path: '/api/cashier/withdrawals',
  summary: 'Request a withdrawal to one of the own bank accounts; the amount is held until the operator decides.',
  tags: ['cashier'],
  audience: 'realMember',
  rateLimit: { perMinute: CASHIER.withdrawalsPerMinute },
  body: z.object({
    bankAccountId: IdSchema,
    amount: CashierAmountSchema,
    paymentPassword: z.string().min(1).max(64),
    requestId: RequestIdSchema,
  }),
  value: WithdrawalSchema,
});

export const listWithdrawals = defineRoute({
  operationId: 'listWithdrawals',
  method: 'GET',
  path: '/api/cashier/withdrawals',
  summary: "The signed-in member's latest withdrawals, newest first (approved ones await confirmation).",
  tags: ['cashier'],
  audience: 'realMember',
  value: z.object({ withdrawals: z.array(WithdrawalSchema) }),
});

/** Base64 of a png or jpg of at most LIMITS.uploadMaxBytes; the size and type are checked on the bytes. */
export const ProofSchema = z.string().max(7_200_000);

export const confirmWithdrawal = defineRoute({
  operationId: 'confirmWithdrawal',
  method: 'POST',
  path: '/api/cashier/withdrawals/confirm',
  summary:
    'Player confirmation of an approved withdrawal: received, not received (with a proof image) or full payment.',
  tags: ['cashier'],
  audience: 'realMember',
  rateLimit: { perMinute: CASHIER.withdrawalConfirmationsPerMinute },
  body: z.object({ id: IdSchema, result: z.enum(WITHDRAWAL_RESULTS), proof: ProofSchema.optional() }),
  value: WithdrawalSchema,
});

// ---- the simulated payment gateway's hosted page (plain HTML, outside the JSON API)

/** The payment page of a pending gateway deposit: `/gateway/pay/{depositId}?token=…`. */
export const GATEWAY_PAGE_PREFIX = '/gateway/pay';
export const GatewayPageParamsSchema = z.object({ depositId: IdSchema });
/** The page's link token: hex HMAC of the deposit id, so only the player sent there can press Pay. */
export const GatewayPageTokenSchema = z.string().regex(/^[0-9a-f]{64}$/);
export const GatewayPageQuerySchema = z.object({ token: GatewayPageTokenSchema });
/** The page's form: pay or cancel, with the link's token. */
export const GatewayPageFormSchema = z.object({ token: GatewayPageTokenSchema, action: z.enum(['pay', 'cancel']) });
export const gatewayPagePath = (depositId: string, token: string) =>
  `${GATEWAY_PAGE_PREFIX}/${depositId}?token=${token}`;
/** Where the gateway sends the browser back: the member centre's deposit page, naming the deposit. */
export const DEPOSIT_RETURN_PARAM = 'deposit';
export const depositReturnPath = (depositId: string) => `/member?page=depositv2&${DEPOSIT_RETURN_PARAM}=${depositId}`;

// ---- the payment gateway's server-to-server notification

export const PaymentCallbackSchema = z.object({
  transactionId: z.string().min(1).max(64),
  depositId: IdSchema,
  amount: CashierAmountSchema,
  currency: z.string().min(3).max(5),
  status: z.enum(['PAID', 'CANCELLED']),
  /** Unix seconds when the gateway signed it. */
  timestamp: z.number().int(),
});
export type PaymentCallback = z.infer<typeof PaymentCallbackSchema>;

export const paymentCallback = defineRoute({
  operationId: 'paymentCallback',
  method: 'POST',
  path: '/api/payments/callback',
  summary:
    'Payment gateway notification. X-Signature = hex HMAC-SHA256(gateway secret, raw body); a timestamp in the body.',
  tags: ['cashier'],
  audience: 'guest',
  body: PaymentCallbackSchema,
  value: z.object({ credited: z.boolean(), status: z.enum(DEPOSIT_STATUSES) }),
});

// ---- operator calls

export const listPendingDeposits = defineRoute({
  operationId: 'listPendingDeposits',
  method: 'GET',
  path: '/api/ops/deposits/pending',
  summary: 'Deposits waiting for a decision, oldest first.',
  tags: ['ops'],
  audience: 'operator',
  value: z.object({ deposits: z.array(OperatorDeposit) }),
});

export const confirmDeposit = defineRoute({
  operationId: 'confirmDeposit',
  method: 'PUT',
  path: '/api/ops/deposits/confirm',
  summary: 'Confirm a bank-transfer deposit: credits the member once.',
  tags: ['ops'],
  audience: 'operator',
  body: z.object({ id: IdSchema }),
  value: DepositDecision,
});

export const rejectDeposit = defineRoute({
  operationId: 'rejectDeposit',
  method: 'PUT',
  path: '/api/ops/deposits/reject',
  summary: 'Reject a bank-transfer deposit: nothing is credited.',
  tags: ['ops'],
  audience: 'operator',
  body: z.object({ id: IdSchema, reason: z.string().trim().max(200).optional() }),
  value: DepositDecision,
});

export const listPendingWithdrawals = defineRoute({
  operationId: 'listPendingWithdrawals',
  method: 'GET',
  path: '/api/ops/withdrawals/pending',
  summary: 'Withdrawals waiting for a decision, oldest first, with the bank account to pay.',
  tags: ['ops'],
  audience: 'operator',
  value: z.object({ withdrawals: z.array(OperatorWithdrawal) }),
});

export const approveWithdrawal = defineRoute({
  operationId: 'approveWithdrawal',
  method: 'PUT',
  path: '/api/ops/withdrawals/approve',
  summary: 'Approve a withdrawal: the held amount is paid out.',
  tags: ['ops'],
  audience: 'operator',
  body: z.object({ id: IdSchema }),
  value: WithdrawalDecision,
});

export const rejectWithdrawal = defineRoute({
  operationId: 'rejectWithdrawal',
  method: 'PUT',
  path: '/api/ops/withdrawals/reject',
  summary: "Reject a withdrawal: the held amount returns to the member's wallet.",
  tags: ['ops'],
  audience: 'operator',
  body: z.object({ id: IdSchema, reason: z.string().trim().max(200).optional() }),
  value: WithdrawalDecision,
});
