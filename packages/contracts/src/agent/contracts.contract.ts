import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { AGENT_CENTRE } from '../limits.ts';
import { pageOf, pageQuery } from '../paging.ts';
import { MemberIdSchema } from './agent.contract.ts';

/**
 * Salary and dividend contracts (spec §1, §3, §4, §7, §9; issue 16).
 *
 * - Four kinds: daily salary, hourly salary, real-time salary (settled every 5 minutes) and dividend
 *   (per period: daily, weekly, semimonthly or monthly). Periods are in the site's time zone.
 * - A contract is a list of tiers. A tier applies when the holder's team (every member below it, any
 *   depth) reaches the tier's thresholds in the period: the valid bet (salary kinds) or the team's loss
 *   (dividend), and the number of active members (members with a valid bet in the period). The highest
 *   tier reached applies; the amount paid is floor(base × rate), base = valid bet (salary) or loss
 *   (dividend), in minor units.
 * - Amounts are minor units as decimal strings; rates are exact decimal fractions as strings
 *   (`"0.005"` is 0.5 %), never floats.
 * - Life cycle: OFFERED → ACCEPTED | REJECTED; an ACCEPTED contract is in force from the start of the
 *   next period (`effectiveFrom`) until it is TERMINATED (by either side, or by the rate rule) or
 *   REPLACED by a newer accepted contract of the same kind, both from the next period on (`endsAt`).
 *   A newer offer of the same kind replaces a still-pending one (REPLACED).
 * - The rate rule: an agent never holds a rate above its upline's for the same kind (a contract's rate
 *   is its highest tier's rate). When an agent's rate drops, every contract below it with a higher rate
 *   is terminated, down the whole tree, in the same transaction, and each affected agent gets a notice.
 */

export const CONTRACT_KINDS = ['DAILY_SALARY', 'HOURLY_SALARY', 'REALTIME_SALARY', 'DIVIDEND'] as const;
export const ContractKindSchema = z.enum(CONTRACT_KINDS);
export type ContractKind = z.infer<typeof ContractKindSchema>;

/** Settlement periods. Salary kinds have a fixed one; a dividend is offered with one of DIVIDEND_PERIODS. */
export const CONTRACT_PERIODS = ['FIVE_MINUTES', 'HOURLY', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export const ContractPeriodSchema = z.enum(CONTRACT_PERIODS);
export type ContractPeriod = z.infer<typeof ContractPeriodSchema>;
export const DIVIDEND_PERIODS = ['DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY'] as const;
export const DividendPeriodSchema = z.enum(DIVIDEND_PERIODS);
/** The period of each salary kind. */
export const SALARY_PERIOD = {
  DAILY_SALARY: 'DAILY',
  HOURLY_SALARY: 'HOURLY',
  REALTIME_SALARY: 'FIVE_MINUTES',
} as const satisfies Record<Exclude<ContractKind, 'DIVIDEND'>, ContractPeriod>;

/** Limits of an offer (server and forms). */
export const CONTRACT_LIMITS = {
  maxTiers: 10,
  /** Decimal places of a rate. */
  rateDecimals: 6,
  maxActiveMembers: 100_000,
  pageSizeMax: 100,
  defaultPageSize: 20,
} as const;

/** The paging of contract lists and statements (the agent centre's and the back office's). */
export const CONTRACT_PAGING = {
  maxPage: AGENT_CENTRE.maxPage,
  maxPageSize: CONTRACT_LIMITS.pageSizeMax,
  defaultPageSize: CONTRACT_LIMITS.defaultPageSize,
};

export const CONTRACT_STATUSES = ['OFFERED', 'ACCEPTED', 'REJECTED', 'TERMINATED', 'REPLACED'] as const;
export const ContractStatusSchema = z.enum(CONTRACT_STATUSES);
export type ContractStatus = z.infer<typeof ContractStatusSchema>;

/** Who ended a contract: its holder, the upline that offered it, the operator, or the rate rule. */
export const TERMINATED_BY = ['HOLDER', 'UPLINE', 'OPERATOR', 'RATE_RULE'] as const;

export const ContractId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a contract id');
/** Minor units, zero or more (a threshold). */
const MinorThreshold = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, 'a whole number of minor units');
/** A rate: an exact decimal fraction above 0 and at most 1, up to 6 decimal places ("0.005" = 0.5 %). */
export const RateSchema = z
  .string()
  .regex(/^(0\.(?=[0-9]*[1-9])[0-9]{1,6}|1(\.0{1,6})?)$/, 'a rate above 0 and at most 1, up to 6 decimals');
export const Day = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'a date YYYY-MM-DD');

/**
 * One tier. Salary kinds give `minValidBet`, a dividend gives `minLoss` (the team's loss: valid bets −
 * payouts, when positive). Tiers of one offer have strictly rising thresholds and rates that do not fall.
 */
export const ContractTierSchema = z.object({
  minValidBet: MinorThreshold.optional(),
  minLoss: MinorThreshold.optional(),
  minActiveMembers: z.number().int().min(0).max(CONTRACT_LIMITS.maxActiveMembers),
  rate: RateSchema,
});
export type ContractTier = z.infer<typeof ContractTierSchema>;

const MemberRef = z.object({ id: MemberIdSchema, account: z.string(), nickname: z.string().nullable() });

export const ContractSchema = z.object({
  id: ContractId,
  kind: ContractKindSchema,
  period: ContractPeriodSchema,
  status: ContractStatusSchema,
  tiers: z.array(ContractTierSchema),
  /** The highest tier's rate: what the rate rule compares. */
  rate: z.string(),
  holder: MemberRef,
  /** The upline that offered it; null when the operator did (a top-level agent's contract). */
  offeredBy: MemberRef.nullable(),
  createdAt: z.string(),
  /** When it was accepted or rejected. */
  decidedAt: z.string().nullable(),
  /** Accepted: the start of the first period it pays. */
  effectiveFrom: z.string().nullable(),
  /** Terminated or replaced: the end of the last period it pays (the next period boundary). */
  endsAt: z.string().nullable(),
  terminatedBy: z.enum(TERMINATED_BY).nullable(),
  /** In force now (accepted, effectiveFrom ≤ now < endsAt). */
  inForce: z.boolean(),
});
export type Contract = z.infer<typeof ContractSchema>;

/** What the site enables and what the agent holds or may offer, per kind. */
export const ContractKindFlagsSchema = z.object({
  kind: ContractKindSchema,
  /** The site runs this kind. */
  enabled: z.boolean(),
  /** The agent holds an accepted contract of this kind (in force or from the next period). */
  holds: z.boolean(),
  /** The agent may offer this kind to its downline (it holds one, or is top-level and the operator lets it). */
  mayOffer: z.boolean(),
  /** The highest rate it may offer (its own rate), null when it may not offer. */
  maxRate: z.string().nullable(),
});

/**
 * Consolidated info (spec §3, §7): the four type fields the web reads to show each menu item only
 * when its kind is enabled by the site and the agent holds or may offer that kind.
 */
export const getContractConsolidated = defineRoute({
  operationId: 'getContractConsolidated',
  method: 'GET',
  path: '/api/agent/contracts/consolidated',
  summary:
    'Consolidated info: dailysalreqtype, divtypereq, contracthoursalreq and realtimesalreqtype (true when the menu item shows), the per-kind flags, and whether manual claiming is allowed.',
  tags: ['agent', 'contracts'],
  audience: 'agent',
  value: z.object({
    dailysalreqtype: z.boolean(),
    divtypereq: z.boolean(),
    contracthoursalreq: z.boolean(),
    realtimesalreqtype: z.boolean(),
    kinds: z.array(ContractKindFlagsSchema),
    /** The site lets agents ask for a pending settlement to be paid now (claimContracts). */
    manualClaim: z.boolean(),
    /** The site's time zone (periods are in it), e.g. Asia/Seoul. */
    timeZone: z.string(),
  }),
});

/** My contract of one kind: the one in force, the next one (accepted, from the next period), a pending offer, and the history. */
export const getMyContract = defineRoute({
  operationId: 'getMyContract',
  method: 'GET',
  path: '/api/agent/contracts/mine',
  summary:
    "The signed-in agent's contract of one kind from its upline: in force now, accepted for the next period, a pending offer, and every earlier contract (newest first).",
  tags: ['agent', 'contracts'],
  audience: 'agent',
  query: z.object({ kind: ContractKindSchema }),
  value: z.object({
    kind: ContractKindSchema,
    current: ContractSchema.nullable(),
    next: ContractSchema.nullable(),
    pending: ContractSchema.nullable(),
    history: z.array(ContractSchema),
  }),
});

/** One direct downline agent and the contracts of one kind the signed-in agent gave it. */
export const GivenContractRowSchema = z.object({
  member: MemberRef,
  current: ContractSchema.nullable(),
  next: ContractSchema.nullable(),
  pending: ContractSchema.nullable(),
});

/** Contracts I gave: one row per direct downline agent (agents without a contract included). */
export const getGivenContracts = defineRoute({
  operationId: 'getGivenContracts',
  method: 'GET',
  path: '/api/agent/contracts/given',
  summary:
    "Contracts of one kind the signed-in agent gave: one row per direct downline agent (with or without a contract), and the agent's own rate (the most it may offer).",
  tags: ['agent', 'contracts'],
  audience: 'agent',
  query: z.object({
    kind: ContractKindSchema,
    search: z.string().trim().max(64).optional(),
    ...pageQuery(CONTRACT_PAGING),
  }),
  value: pageOf(GivenContractRowSchema, {
    kind: ContractKindSchema,
    /** The signed-in agent's own rate of this kind; null when it holds none (it may not offer). */
    maxRate: z.string().nullable(),
  }),
});

/** The body of an offer: agent to a direct downline agent (memberId) or operator to a top-level agent (account). */
export const OfferTerms = {
  kind: ContractKindSchema,
  /** Required for a dividend; ignored for salary kinds (their period is fixed). */
  period: DividendPeriodSchema.optional(),
  tiers: z.array(ContractTierSchema).min(1).max(CONTRACT_LIMITS.maxTiers),
};

/** Offer (or edit, as a new offer) a contract to a direct downline agent. */
export const offerContract = defineRoute({
  operationId: 'offerContract',
  method: 'POST',
  path: '/api/agent/contracts/offer',
  summary:
    "Offer a contract of one kind to a direct downline agent. Its rate may not be above the agent's own rate of that kind. A pending offer of the same kind to that agent is replaced.",
  tags: ['agent', 'contracts'],
  audience: 'agent',
  rateLimit: { perMinute: 30 },
  body: z.object({ memberId: MemberIdSchema, ...OfferTerms }),
  value: ContractSchema,
});

/** Accept an offer made to me. */
export const acceptContract = defineRoute({
  operationId: 'acceptContract',
  method: 'POST',
  path: '/api/agent/contracts/accept',
  summary:
    'Accept an offer made to the signed-in agent. In force from the next period; replaces the contract of that kind it held. A lower rate than before terminates the higher contracts it gave, down the whole tree.',
  tags: ['agent', 'contracts'],
  audience: 'agent',
  body: z.object({ contractId: ContractId }),
  value: ContractSchema,
});

/** Reject an offer made to me. */
export const rejectContract = defineRoute({
  operationId: 'rejectContract',
  method: 'POST',
  path: '/api/agent/contracts/reject',
  summary: 'Reject an offer made to the signed-in agent.',
  tags: ['agent', 'contracts'],
  audience: 'agent',
  body: z.object({ contractId: ContractId }),
  value: ContractSchema,
});

/** Terminate a contract I hold or gave (or withdraw an offer I made), from the next period on. */
export const terminateContract = defineRoute({
  operationId: 'terminateContract',
  method: 'POST',
  path: '/api/agent/contracts/terminate',
  summary:
    'Terminate a contract the signed-in agent holds or gave, from the next period on (a pending offer it made ends at once). Ending its own contract ends the contracts of that kind it gave, down the tree.',
  tags: ['agent', 'contracts'],
  audience: 'agent',
  body: z.object({ contractId: ContractId }),
  value: ContractSchema,
});

/** A notice to an agent about its contracts (the popup shows the unread ones). */
export const ContractNoticeSchema = z.object({
  id: z.string(),
  kind: ContractKindSchema,
  contractId: ContractId,
  /** OFFERED: a new offer; TERMINATED: a contract of the agent ended (by whom in `terminatedBy`). */
  event: z.enum(['OFFERED', 'TERMINATED', 'REPLACED']),
  terminatedBy: z.enum(TERMINATED_BY).nullable(),
  createdAt: z.string(),
});

/** The home contract popup: offers waiting for my answer, and unread notices. */
export const getPendingContracts = defineRoute({
  operationId: 'getPendingContracts',
  method: 'GET',
  path: '/api/agent/contracts/pending',
  summary:
    'What the home contract popup shows on sign-in: offers waiting for the agent (every tier), and unread notices such as contracts ended by the rate rule.',
  tags: ['agent', 'contracts'],
  audience: 'agent',
  value: z.object({ offers: z.array(ContractSchema), notices: z.array(ContractNoticeSchema) }),
});

/** Mark notices read (the popup's close); "read later" simply does not call it. */
export const readContractNotices = defineRoute({
  operationId: 'readContractNotices',
  method: 'POST',
  path: '/api/agent/contracts/notices/read',
  summary: 'Mark contract notices of the signed-in agent read (they stop showing in the popup).',
  tags: ['agent', 'contracts'],
  audience: 'agent',
  body: z.object({
    ids: z
      .array(z.string().regex(/^[1-9][0-9]{0,17}$/))
      .min(1)
      .max(100),
  }),
  value: z.object({ read: z.number().int() }),
});

/**
 * A settlement: the figures of one period of one contract, the tier reached, the rate and the amount.
 * PAID: paid through the ledger; OWED: the payer could not pay yet (paid by a retry when funds arrive);
 * CLAIMABLE: waiting for the holder's claim (sites with manual claiming); ZERO: no tier reached.
 */
export const SETTLEMENT_STATUSES = ['PAID', 'OWED', 'CLAIMABLE', 'ZERO'] as const;
export const SettlementSchema = z.object({
  id: z.string(),
  contractId: ContractId,
  kind: ContractKindSchema,
  period: ContractPeriodSchema,
  /** The period's key in the site's time zone, e.g. 2026-11-24, 2026-11-24T13, 2026-11-24T13:05, 2026-W48, 2026-11-H2, 2026-11. */
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  holder: MemberRef,
  /** Null when the house pays (an operator's contract). */
  payer: MemberRef.nullable(),
  validBet: z.string(),
  /** The team's loss (valid bets − payouts), 0 when the team won. */
  loss: z.string(),
  activeMembers: z.number().int(),
  /** Index of the tier reached (0 = first), null when none. */
  tier: z.number().int().nullable(),
  rate: z.string(),
  amount: z.string(),
  status: z.enum(SETTLEMENT_STATUSES),
  settledAt: z.string(),
  paidAt: z.string().nullable(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

export const SettlementTotalsSchema = z.object({
  validBet: z.string(),
  loss: z.string(),
  amount: z.string(),
  paid: z.string(),
  owed: z.string(),
  claimable: z.string(),
  count: z.number().int(),
});

/** Statements: received (my contract) or paid (contracts I gave), per period, with totals over every page. */
export const getContractStatements = defineRoute({
  operationId: 'getContractStatements',
  method: 'GET',
  path: '/api/agent/contracts/statements',
  summary:
    'Statements of one kind: settlements the agent received (side=received) or paid to its downline (side=paid, optionally one member), per period in a range of days, newest first, with totals over every page.',
  tags: ['agent', 'contracts'],
  audience: 'agent',
  query: z.object({
    kind: ContractKindSchema,
    side: z.enum(['received', 'paid']).default('received'),
    memberId: MemberIdSchema.optional(),
    from: Day.optional(),
    to: Day.optional(),
    ...pageQuery(CONTRACT_PAGING),
  }),
  value: pageOf(SettlementSchema, {
    kind: ContractKindSchema,
    side: z.enum(['received', 'paid']),
    from: Day,
    to: Day,
    currency: z.string(),
    totals: SettlementTotalsSchema,
  }),
});

/**
 * Process dividend / daily salary (spec §7): settle the agent's finished periods of one kind now and pay
 * its CLAIMABLE and OWED settlements where the payer can pay. Refused (CONTRACT_CLAIM_DISABLED) where the
 * site does not allow manual claiming.
 */
export const claimContract = defineRoute({
  operationId: 'claimContract',
  method: 'POST',
  path: '/api/agent/contracts/claim',
  summary:
    "Process dividend / salary: settle the signed-in agent's finished periods of one kind now and pay what is claimable or owed to it. Idempotent: each period is paid once.",
  tags: ['agent', 'contracts'],
  audience: 'agent',
  rateLimit: { perMinute: 10 },
  body: z.object({ kind: ContractKindSchema }),
  value: z.object({
    kind: ContractKindSchema,
    /** Settlements paid by this call. */
    paid: z.number().int(),
    amount: z.string(),
    /** Settlements still owed (the payer cannot pay yet). */
    owed: z.number().int(),
    owedAmount: z.string(),
  }),
});
