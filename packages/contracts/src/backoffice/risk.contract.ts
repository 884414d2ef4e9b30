import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { PageQuery, staff } from './staff.contract.ts';

const Day = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'a date YYYY-MM-DD');

export const SHARED_KINDS = ['BANK', 'IP', 'DEVICE'] as const;
export const SharedKindSchema = z.enum(SHARED_KINDS);
export type SharedKind = z.infer<typeof SharedKindSchema>;

export const RiskMemberSchema = z.object({
  id: z.string(),
  account: z.string(),
  type: z.number().int(),
  status: z.enum(['ACTIVE', 'DISABLED']),
});

export const SharedClusterSchema = z.object({
  kind: SharedKindSchema,
  /** The shared value: the address, the device id, or `bank name · account digits`. */
  value: z.string(),
  memberCount: z.number().int(),
  /** The latest time any member of the cluster was seen with the value (registered it, for a bank account). */
  lastSeenAt: z.string(),
  /** The members, up to 50, oldest account first. */
  members: z.array(RiskMemberSchema),
});
export type SharedCluster = z.infer<typeof SharedClusterSchema>;

export const riskSharedClusters = defineRoute({
  operationId: 'riskSharedClusters',
  method: 'GET',
  path: '/api/bo/risk/shared',
  summary:
    'Back office: values more than one member shares — a bank account (same bank, same account digits), a sign-in address or a browser device id — largest clusters first; trial accounts aside.',
  tags: ['backoffice'],
  audience: staff('risk.read'),
  query: PageQuery.extend({
    kind: SharedKindSchema,
    /** Only values that contain this text (an address, an account number's digits, a bank). */
    q: z.string().trim().max(64).optional(),
  }),
  value: z.object({ clusters: z.array(SharedClusterSchema), total: z.number().int() }),
});

export const LargeWinSchema = z.object({
  vendorId: z.string(),
  /** The vendor's name (its id when the vendor is gone). */
  vendorName: z.string(),
  transactionId: z.string(),
  roundId: z.string().nullable(),
  memberId: z.string().nullable(),
  memberAccount: z.string().nullable(),
  currency: z.string().nullable(),
  win: z.string(),
  /** What the round staked (its BET rows), '0' when the round has none here. */
  bet: z.string(),
  at: z.string(),
});
export type LargeWin = z.infer<typeof LargeWinSchema>;

export const riskLargeWins = defineRoute({
  operationId: 'riskLargeWins',
  method: 'GET',
  path: '/api/bo/risk/large-wins',
  summary:
    "Back office: wins paid through the seamless wallet at or above a threshold (minor units) in a date range of site days, the largest first, with the round's bet.",
  tags: ['backoffice'],
  audience: staff('risk.read'),
  query: PageQuery.extend({
    from: Day.optional(),
    to: Day.optional(),
    minWin: z
      .string()
      .regex(/^[1-9][0-9]{0,15}$/, 'a positive whole number of minor units')
      .default('1000000'),
  }),
  value: z.object({
    wins: z.array(LargeWinSchema),
    total: z.number().int(),
    /** Every matching win's count, wins and round bets per currency (not only the page's). */
    totals: z.array(
      z.object({ currency: z.string().nullable(), count: z.number().int(), win: z.string(), bet: z.string() }),
    ),
    from: Day,
    to: Day,
    minWin: z.string(),
  }),
});

export const NewAddressSignInSchema = z.object({
  memberId: z.string(),
  memberAccount: z.string(),
  ip: z.string(),
  method: z.enum(['SMS', 'EMAIL', 'BANK']),
  portal: z.string(),
  state: z.enum(['VERIFIED', 'PENDING', 'EXPIRED']),
  attempts: z.number().int(),
  askedAt: z.string(),
  verifiedAt: z.string().nullable(),
});
export type NewAddressSignIn = z.infer<typeof NewAddressSignInSchema>;

export const riskNewAddressSignIns = defineRoute({
  operationId: 'riskNewAddressSignIns',
  method: 'GET',
  path: '/api/bo/risk/new-address-sign-ins',
  summary:
    'Back office: sign-ins from an address the account had not used (the new-address checks), newest first, with how each ended, in a date range of site days.',
  tags: ['backoffice'],
  audience: staff('risk.read'),
  query: PageQuery.extend({
    from: Day.optional(),
    to: Day.optional(),
    account: z.string().trim().max(64).optional(),
  }),
  value: z.object({ events: z.array(NewAddressSignInSchema), total: z.number().int(), from: Day, to: Day }),
});
