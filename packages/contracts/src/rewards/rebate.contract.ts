import { z } from 'zod';
import { defineRoute } from '../http.ts';

/**
 * Rebate (spec §2 manualRebate, issue 17, decision 071): a rate per game category on the member's
 * valid bets, accrued as the bets happen and claimed by the member in one click. Amounts are minor
 * units as decimal strings; rates are hundredths of a percent (80 = 0.80 %).
 */

const Amount = z.string();

/** Highest rate an operator may set: 10 %. */
export const REBATE_MAX_RATE_BP = 1000;

export const RebateLineSchema = z.object({
  gameType: z.string(),
  /** Valid bet since the last claim (stake of bets less their rollbacks). */
  validBet: Amount,
  /** The category's rate now, in hundredths of a percent. */
  rateBp: z.number().int(),
  /** Whole minor units a claim would pay for this category now. */
  rebate: Amount,
});
export type RebateLine = z.infer<typeof RebateLineSchema>;

export const RebateClaimSchema = z.object({
  id: z.string(),
  amount: Amount,
  currency: z.string(),
  lines: z.array(z.object({ gameType: z.string(), validBet: Amount, amount: Amount })),
  createdAt: z.string(),
});
export type RebateClaim = z.infer<typeof RebateClaimSchema>;

export const getRebate = defineRoute({
  operationId: 'getRebate',
  method: 'GET',
  path: '/api/rewards/rebate',
  summary:
    'Unclaimed rebate per game category since the last claim (valid bet, rate, amount), the total a claim pays and the last claims.',
  tags: ['rewards'],
  audience: 'realMember',
  value: z.object({
    lines: z.array(RebateLineSchema),
    total: Amount,
    currency: z.string(),
    lastClaimAt: z.string().nullable(),
    claims: z.array(RebateClaimSchema),
  }),
});

export const claimRebate = defineRoute({
  operationId: 'claimRebate',
  method: 'POST',
  path: '/api/rewards/rebate/claim',
  summary:
    'Pays the unclaimed rebate of every category to the main wallet, once: a repeat of the request id answers the first claim.',
  tags: ['rewards'],
  audience: 'realMember',
  rateLimit: { perMinute: 30 },
  body: z.object({ requestId: z.string().min(8).max(64) }),
  value: RebateClaimSchema,
});
