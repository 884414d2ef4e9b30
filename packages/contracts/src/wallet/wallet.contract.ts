import { z } from 'zod';
import { defineRoute } from '../http.ts';

/** Minor units as a decimal string: money never passes through a float. */
export const MinorAmountSchema = z.string().regex(/^-?(0|[1-9][0-9]{0,18})$/);

export const BalanceSchema = z.object({
  /** Minor units of the main wallet (for a trial account, its trial credit). */
  balance: MinorAmountSchema,
  currency: z.string(),
  currencySymbol: z.string(),
  /** Digits after the decimal point when shown (spec §9: 2). */
  decimals: z.number().int(),
  isTrial: z.boolean(),
});
export type Balance = z.infer<typeof BalanceSchema>;

export const getBalance = defineRoute({
  operationId: 'getBalance',
  method: 'GET',
  path: '/api/wallet/balance',
  summary: "The signed-in member's main wallet balance (trial credit for a trial account).",
  tags: ['wallet'],
  audience: 'member',
  value: BalanceSchema,
});

export const getMerchantWallet = defineRoute({
  operationId: 'getMerchantWallet',
  method: 'GET',
  path: '/api/wallet/merchant',
  summary: 'Whether this site runs a single wallet, or transfer wallets at some vendors as well.',
  tags: ['wallet'],
  audience: 'guest',
  value: z.object({ isSingle: z.boolean(), transferVendors: z.array(z.string()) }),
});
