import { z } from 'zod';
import type { RouteDef } from '../http.ts';
import { MAX_MINOR_AMOUNT, VENDOR } from '../limits.ts';

/**
 * The seamless (single-wallet) protocol of DESIGN.md §3: the vendor calls the operator. Every call is
 * POST JSON with `X-Operator-Id`, `X-Timestamp` (unix seconds, ±60 s) and `X-Signature` = hex
 * HMAC-SHA256(vendor secret, raw body). Answers are not the portal's envelope but the protocol's own
 * `{ status, balance, currency, request_id }`, with `status` one of SEAMLESS_STATUSES.
 */
export const SEAMLESS_STATUSES = [
  'OK',
  'INVALID_SIGNATURE',
  'INVALID_TOKEN',
  'TOKEN_EXPIRED',
  'INSUFFICIENT_FUNDS',
  'USER_BLOCKED',
  'LIMIT_REACHED',
  'WRONG_CURRENCY',
  'INVALID_GAME',
  'DUPLICATE_TRANSACTION',
  'TRANSACTION_NOT_FOUND',
  'BET_ALREADY_SETTLED',
  'TEMPORARY_ERROR',
  // Not a business answer: a signed body the operator cannot read (bad JSON or fields). HTTP 400.
  'INVALID_REQUEST',
] as const;
export type SeamlessStatus = (typeof SEAMLESS_STATUSES)[number];

export const SEAMLESS_HEADERS = {
  operatorId: 'x-operator-id',
  timestamp: 'x-timestamp',
  signature: 'x-signature',
} as const;

/**
 * Minor units as a decimal string, or a whole JSON number: never a float, never an exponent (the
 * raw body's number tokens are checked too, see `jsonNumbersArePlainIntegers`), never above
 * MAX_MINOR_AMOUNT, so the database never meets an amount it cannot store.
 */
const Amount = z.union([
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/)
    .refine((s) => /^[0-9]+$/.test(s) && BigInt(s) <= MAX_MINOR_AMOUNT),
  z.number().int().nonnegative().max(Number(MAX_MINOR_AMOUNT)),
]);
const Id = z.string().min(1).max(128);
const Token = z.string().min(16).max(256);
const Currency = z.string().regex(/^[A-Z]{3,5}$/);

const base = { request_id: Id.optional(), token: Token };

export const SeamlessAuthenticateSchema = z.object(base);
export const SeamlessBalanceSchema = z.object(base);
export const SeamlessBetSchema = z.object({
  ...base,
  transaction_id: Id,
  round_id: Id,
  game_code: Id,
  amount: Amount,
  currency: Currency,
});
/** A win settles the round (amount 0 settles a lost one); it is accepted after the token expired. */
export const SeamlessWinSchema = SeamlessBetSchema;
/** Reverses one bet (`reference_transaction_id`) in full; accepted after the token expired. */
export const SeamlessRollbackSchema = z.object({
  ...base,
  transaction_id: Id,
  reference_transaction_id: Id,
  round_id: Id.optional(),
  game_code: Id.optional(),
});
/**
 * Many wins in one signed call (decision 104): a settler paying a draw or a match sends its tickets'
 * wins up to VENDOR.seamlessBatchMax at a time. Each item is judged, applied and answered exactly as
 * the `win` call alone would be (its own claim of its transaction id, its own transaction), and one
 * item's refusal changes nothing of the others; the answer's `results` are the items' answers in
 * order. A transaction id may appear once per call.
 */
export const SeamlessWinsSchema = z.object({
  request_id: Id.optional(),
  wins: z
    .array(SeamlessWinSchema.omit({ request_id: true }))
    .min(1)
    .max(VENDOR.seamlessBatchMax)
    .refine((ws) => new Set(ws.map((w) => w.transaction_id)).size === ws.length),
});
export type SeamlessAuthenticate = z.infer<typeof SeamlessAuthenticateSchema>;
export type SeamlessBet = z.infer<typeof SeamlessBetSchema>;
export type SeamlessWin = z.infer<typeof SeamlessWinSchema>;
export type SeamlessRollback = z.infer<typeof SeamlessRollbackSchema>;
export type SeamlessWins = z.infer<typeof SeamlessWinsSchema>;

export const SeamlessAnswerSchema = z.object({
  status: z.enum(SEAMLESS_STATUSES),
  /** Minor units after the call, as a decimal string; null when no wallet could be named. */
  balance: z.string().nullable(),
  currency: z.string().nullable(),
  request_id: z.string().nullable(),
  /** authenticate only: the player as the vendor should know them (no personal data). */
  player_id: z.string().optional(),
  game_code: z.string().optional(),
  /** Bet, win and rollback: the operator's transfer id for the vendor's records. */
  operator_transaction_id: z.string().optional(),
});
export type SeamlessAnswer = z.infer<typeof SeamlessAnswerSchema>;
/** The answer to `wins`: OK with each item's own answer, in the items' order. */
export const SeamlessWinsAnswerSchema = SeamlessAnswerSchema.extend({
  results: z.array(SeamlessAnswerSchema).optional(),
});
export type SeamlessWinsAnswer = z.infer<typeof SeamlessWinsAnswerSchema>;

export const SEAMLESS_PREFIX = '/api/vendor/seamless';
/** Who calls the seamless endpoints and how often: a signed vendor, limited per vendor (X-Operator-Id). */
const SEAMLESS_POLICY = {
  audience: 'vendor',
  rateLimit: { perMinute: VENDOR.seamlessCallsPerMinute },
} as const satisfies Pick<RouteDef, 'audience' | 'rateLimit'>;
export const SEAMLESS_CALLS = [
  { action: 'authenticate', operationId: 'seamlessAuthenticate', body: SeamlessAuthenticateSchema, ...SEAMLESS_POLICY },
  { action: 'balance', operationId: 'seamlessBalance', body: SeamlessBalanceSchema, ...SEAMLESS_POLICY },
  { action: 'bet', operationId: 'seamlessBet', body: SeamlessBetSchema, ...SEAMLESS_POLICY },
  { action: 'win', operationId: 'seamlessWin', body: SeamlessWinSchema, ...SEAMLESS_POLICY },
  { action: 'rollback', operationId: 'seamlessRollback', body: SeamlessRollbackSchema, ...SEAMLESS_POLICY },
  {
    action: 'wins',
    operationId: 'seamlessWins',
    body: SeamlessWinsSchema,
    ...SEAMLESS_POLICY,
    answer: SeamlessWinsAnswerSchema,
    bodyLimit: VENDOR.seamlessBatchBodyLimit,
  },
] as const;
export type SeamlessAction = (typeof SEAMLESS_CALLS)[number]['action'];

/**
 * Whether every number in a JSON text is written as a plain integer. `1e3` and `100.0` parse to whole
 * numbers, but a vendor that writes amounts that way has a float somewhere: the call is refused as
 * INVALID_REQUEST (decision 012) rather than read as 1000 or 100. Call it on text JSON.parse accepted.
 */
export function jsonNumbersArePlainIntegers(json: string): boolean {
  const outsideStrings = json.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return (outsideStrings.match(/-?[0-9][0-9.eE+-]*/g) ?? []).every((n) => /^-?(0|[1-9][0-9]*)$/.test(n));
}
