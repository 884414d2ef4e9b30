import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { HISTORY } from '../limits.ts';
import { pageOf, pageQuery } from '../paging.ts';

/**
 * The member centre's history pages (spec §2: transactionHistory, personalHistoryCopy = account
 * record, bonusDetails, personalProfit). Dates are calendar days in the site's time zone
 * (SITE_TIME_ZONE, KST); `from` and `to` are both included, `from ≤ to`, at most HISTORY.maxRangeDays
 * days apart (DATE_RANGE_INVALID / DATE_RANGE_TOO_LONG otherwise). Without dates: the last
 * HISTORY.defaultRangeDays days, today included. Every answer echoes the range it used.
 * Amounts are minor units as decimal strings; a signed amount is negative when money left the wallet.
 */

/** A calendar day, YYYY-MM-DD, in the site's time zone. */
export const HistoryDateSchema = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'a date YYYY-MM-DD');

const paging = pageQuery(HISTORY);
const dateRange = { from: HistoryDateSchema.optional(), to: HistoryDateSchema.optional() };

/** The range that was used, on every history answer (beside its page info). */
const UsedRange = { from: HistoryDateSchema, to: HistoryDateSchema };

const Amount = z.string();
const SignedAmount = z.string();

/**
 * Transaction types: the ledger's transfer kinds. VENDOR_TRANSFER is main ↔ a transfer-mode vendor's
 * wallet (the sign tells the direction); UPLINE_TRANSFER (member → upline) and AGENT_TRANSFER (agent → downline) are negative for the member who sent it and
 * positive for the agent who received it; OTHER is any kind this list does not know yet.
 */
export const TRANSACTION_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL',
  'WITHDRAWAL_RETURN',
  'VENDOR_TRANSFER',
  'UPLINE_TRANSFER',
  'AGENT_TRANSFER',
  'BET',
  'WIN',
  'ROLLBACK',
  'BONUS',
  'TRIAL_CREDIT',
  'ADJUSTMENT',
  'OTHER',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * The member's wallets: main, the amount held for pending withdrawals, vendor wallets, trial credit,
 * points, and bonus money waiting for its wagering (decision 070).
 */
export const WALLETS = ['MAIN', 'HOLD', 'VENDOR', 'TRIAL', 'POINTS', 'BONUS'] as const;

export const TransactionSchema = z.object({
  /** The ledger transfer's id: the reference a player quotes to customer service. */
  id: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  wallet: z.enum(WALLETS),
  /** Signed: positive into this wallet, negative out of it. */
  amount: SignedAmount,
  currency: z.string(),
  /** This wallet's balance right after the transfer. */
  balanceAfter: z.string().nullable(),
  createdAt: z.string(),
  /** What the transfer was for, where known. */
  reference: z.object({
    depositId: z.string().optional(),
    withdrawalId: z.string().optional(),
    vendorId: z.string().optional(),
    gameCode: z.string().optional(),
    gameType: z.string().optional(),
    roundId: z.string().optional(),
    /** The other member of an upline transfer (the agent for the sender, the member for the agent). */
    counterpartyAccount: z.string().optional(),
  }),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const getTransactionHistory = defineRoute({
  operationId: 'getTransactionHistory',
  method: 'GET',
  path: '/api/wallet/history/transactions',
  summary:
    "The signed-in member's wallet entries, newest first, with type, signed amount and balance after; filters by type and date range (KST), paged.",
  tags: ['wallet'],
  audience: 'member',
  query: z.object({ type: z.enum(TRANSACTION_TYPES).optional(), ...dateRange, ...paging }),
  value: pageOf(TransactionSchema, UsedRange),
});

export const ACCOUNT_RECORD_TYPES = ['DEPOSIT', 'WITHDRAWAL'] as const;
export const ACCOUNT_RECORD_STATUSES = ['PENDING', 'CONFIRMED', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;

export const AccountRecordSchema = z.object({
  /** The deposit's or withdrawal's id (unique within its type). */
  id: z.string(),
  type: z.enum(ACCOUNT_RECORD_TYPES),
  amount: Amount,
  currency: z.string(),
  /** Deposits: PENDING, CONFIRMED, REJECTED or CANCELLED. Withdrawals: PENDING, APPROVED or REJECTED. */
  status: z.enum(ACCOUNT_RECORD_STATUSES),
  /** Deposits: the payment method's code. Withdrawals: the bank's name. */
  method: z.string(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Withdrawals: the player's (or the timeout's) confirmation after approval; null otherwise. */
  confirmation: z.enum(['RECEIVED', 'NOT_RECEIVED', 'FULL_PAYMENT']).nullable(),
});
export type AccountRecord = z.infer<typeof AccountRecordSchema>;

export const getAccountRecord = defineRoute({
  operationId: 'getAccountRecord',
  method: 'GET',
  path: '/api/wallet/history/account-record',
  summary:
    "The signed-in member's deposits and withdrawals with their status, newest first; filters by type, status and date range (KST), paged.",
  tags: ['wallet'],
  audience: 'member',
  query: z.object({
    type: z.enum(ACCOUNT_RECORD_TYPES).optional(),
    status: z.enum(ACCOUNT_RECORD_STATUSES).optional(),
    ...dateRange,
    ...paging,
  }),
  value: pageOf(AccountRecordSchema, UsedRange),
});

export const BonusSchema = z.object({
  /** The ledger transfer's id. */
  id: z.string(),
  amount: Amount,
  currency: z.string(),
  /** What granted it (a promotion's id or code, a mission…), where known. */
  source: z.string().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type Bonus = z.infer<typeof BonusSchema>;

export const getBonusDetails = defineRoute({
  operationId: 'getBonusDetails',
  method: 'GET',
  path: '/api/wallet/history/bonuses',
  summary: 'Bonuses credited to the signed-in member, newest first, in a date range (KST), paged, with their total.',
  tags: ['wallet'],
  audience: 'member',
  query: z.object({ ...dateRange, ...paging }),
  value: pageOf(BonusSchema, { totalAmount: Amount, currency: z.string(), ...UsedRange }),
});

export const ProfitRowSchema = z.object({
  /** The KST calendar day. */
  day: HistoryDateSchema,
  /** The game type the vendor reported (LIVE, RNG, SPORTS…). */
  gameType: z.string(),
  /** Sum of bets. */
  betAmount: Amount,
  /** Sum of wins. */
  winAmount: Amount,
  /** Sum of rollbacks, signed for the member (a refunded bet is positive). */
  rollbackAmount: SignedAmount,
  /** wins + rollbacks − bets: positive when the member is ahead. */
  netAmount: SignedAmount,
  betCount: z.number().int(),
});
export type ProfitRow = z.infer<typeof ProfitRowSchema>;

export const getPersonalProfit = defineRoute({
  operationId: 'getPersonalProfit',
  method: 'GET',
  path: '/api/wallet/history/profit',
  summary:
    "The signed-in member's profit and loss by KST day and game type (bets, wins, rollbacks, net), newest day first, paged, with totals over the range.",
  tags: ['wallet'],
  audience: 'member',
  query: z.object({ gameType: z.string().trim().min(1).max(32).optional(), ...dateRange, ...paging }),
  value: pageOf(ProfitRowSchema, {
    totals: z.object({ betAmount: Amount, winAmount: Amount, rollbackAmount: SignedAmount, netAmount: SignedAmount }),
    currency: z.string(),
    ...UsedRange,
  }),
});
