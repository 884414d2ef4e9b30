import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { AGENT_CENTRE } from '../limits.ts';
import { pageOf, pageQuery } from '../paging.ts';
import { CashierAmountSchema, RequestIdSchema } from '../wallet/cashier.contract.ts';

/**
 * The agent centre (spec §2, issue 15). Every call that names a member answers MEMBER_NOT_FOUND
 * (404) unless that member is in the caller's downline: a member of another team, a sibling's
 * downline and the caller's own upline all look like members that do not exist.
 * Amounts are minor units as decimal strings.
 */

/** A member's id as the API gives it (a decimal bigint). */
export const MemberIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a member id');

export const TeamMemberSchema = z.object({
  id: MemberIdSchema,
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  isAgent: z.boolean(),
  /** Levels below the signed-in agent: 1 for its direct downline. */
  level: z.number().int(),
  /** Members below this one, any depth (0 for players). */
  teamSize: z.number().int(),
  /** Main wallet balance. */
  balance: z.string(),
  status: z.enum(['ACTIVE', 'DISABLED']),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** The signed-in agent's own note about this member. */
  remark: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const BreadcrumbSchema = z.object({ id: MemberIdSchema, account: z.string() });

export const getTeam = defineRoute({
  operationId: 'getAgentTeam',
  method: 'GET',
  path: '/api/agent/team',
  summary:
    "A page of the agent's team. Without parentId: the agent's direct downline; with it: that member's direct downline (drill-down). With search: every member below the parent whose account or nickname contains it.",
  tags: ['agent'],
  audience: 'agent',
  query: z.object({
    parentId: MemberIdSchema.optional(),
    search: z.string().trim().max(64).optional(),
    ...pageQuery(AGENT_CENTRE),
  }),
  value: pageOf(TeamMemberSchema, {
    /** From the signed-in agent down to the listed parent, both included. */
    breadcrumb: z.array(BreadcrumbSchema),
  }),
});

export const getTeamMember = defineRoute({
  operationId: 'getAgentTeamMember',
  method: 'GET',
  path: '/api/agent/team/member',
  summary: "One member of the agent's team.",
  tags: ['agent'],
  audience: 'agent',
  query: z.object({ memberId: MemberIdSchema }),
  value: TeamMemberSchema,
});

export const setTeamRemark = defineRoute({
  operationId: 'setAgentTeamRemark',
  method: 'PUT',
  path: '/api/agent/team/remark',
  summary: "Set the agent's own remark about a member of its team (empty clears it).",
  tags: ['agent'],
  audience: 'agent',
  body: z.object({ memberId: MemberIdSchema, remark: z.string().trim().max(AGENT_CENTRE.remarkMaxLength) }),
  value: TeamMemberSchema,
});

export const moveMember = defineRoute({
  operationId: 'moveMember',
  method: 'PUT',
  path: '/api/ops/agent/move-member',
  summary:
    'Operator: put a member (with its whole downline) below another agent, or at the top with uplineAccount null.',
  tags: ['ops', 'agent'],
  audience: 'operator',
  body: z.object({
    account: z.string().trim().min(1).max(64),
    uplineAccount: z.string().trim().min(1).max(64).nullable(),
  }),
  value: z.object({ memberId: MemberIdSchema, uplineId: MemberIdSchema.nullable() }),
});

/** A calendar day, YYYY-MM-DD, in the site's time zone. */
const Day = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'a date YYYY-MM-DD');

/** Today, yesterday, this week (from Monday), this month, or `from`–`to` (both included), in the site's time zone. */
export const REPORT_PERIODS = ['today', 'yesterday', 'week', 'month', 'range'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const ReportRangeQuery = z.object({
  period: z.enum(REPORT_PERIODS).default('today'),
  from: Day.optional(),
  to: Day.optional(),
});

const paging = pageQuery(AGENT_CENTRE);

/**
 * What a group of members did in a range, from the per-member daily aggregates of the ledger.
 * `validBets` are bets less those rolled back; `profitLoss` is the members' result:
 * payouts − valid bets + play at transfer-mode vendors (negative when the members lost).
 */
export const ReportFiguresSchema = z.object({
  /** Members in the group now. */
  members: z.number().int(),
  newMembers: z.number().int(),
  firstDepositors: z.number().int(),
  /** Members with a valid bet in the range. */
  activeMembers: z.number().int(),
  deposits: z.string(),
  withdrawals: z.string(),
  bets: z.string(),
  betCount: z.number().int(),
  validBets: z.string(),
  payouts: z.string(),
  profitLoss: z.string(),
  bonuses: z.string(),
});
export type ReportFigures = z.infer<typeof ReportFiguresSchema>;

export const DailyFiguresSchema = z.object({
  day: Day,
  newMembers: z.number().int(),
  firstDepositors: z.number().int(),
  deposits: z.string(),
  withdrawals: z.string(),
  validBets: z.string(),
  payouts: z.string(),
  profitLoss: z.string(),
});

export const getTeamOverview = defineRoute({
  operationId: 'getAgentTeamOverview',
  method: 'GET',
  path: '/api/agent/overview',
  summary:
    "The agent's team in a range: its direct downline and its whole team side by side, and the whole team's daily series.",
  tags: ['agent'],
  audience: 'agent',
  query: ReportRangeQuery,
  value: z.object({
    from: Day,
    to: Day,
    currency: z.string(),
    direct: ReportFiguresSchema,
    team: ReportFiguresSchema,
    series: z.array(DailyFiguresSchema),
  }),
});

export const getMemberSummary = defineRoute({
  operationId: 'getAgentMemberSummary',
  method: 'GET',
  path: '/api/agent/team/summary',
  summary: "One team member's own figures in a range and, for an agent, those of its team below it.",
  tags: ['agent'],
  audience: 'agent',
  query: ReportRangeQuery.extend({ memberId: MemberIdSchema }),
  value: z.object({
    from: Day,
    to: Day,
    currency: z.string(),
    member: TeamMemberSchema,
    own: ReportFiguresSchema,
    /** The member's downline (null for a player). */
    team: ReportFiguresSchema.nullable(),
  }),
});

export const UserLossRowSchema = z.object({
  id: MemberIdSchema,
  account: z.string(),
  nickname: z.string().nullable(),
  level: z.number().int(),
  bets: z.string(),
  validBets: z.string(),
  payouts: z.string(),
  profitLoss: z.string(),
});

export const getUserLoss = defineRoute({
  operationId: 'getAgentUserLoss',
  method: 'GET',
  path: '/api/agent/user-loss',
  summary:
    "The team's members ranked by their profit and loss in a range (biggest loss first, or biggest win with order=win).",
  tags: ['agent'],
  audience: 'agent',
  query: ReportRangeQuery.extend({ order: z.enum(['loss', 'win']).default('loss'), ...paging }),
  value: pageOf(UserLossRowSchema, {
    from: Day,
    to: Day,
    currency: z.string(),
  }),
});

export const TeamBetSchema = z.object({
  id: z.string(),
  memberId: MemberIdSchema,
  account: z.string(),
  vendorId: z.string().nullable(),
  gameType: z.string().nullable(),
  gameCode: z.string().nullable(),
  roundId: z.string().nullable(),
  amount: z.string(),
  createdAt: z.string(),
});

export const getTeamBets = defineRoute({
  operationId: 'getAgentTeamBets',
  method: 'GET',
  path: '/api/agent/team-bets',
  summary: "The team's bets in a range, by category (game type), vendor and member, with totals over every page.",
  tags: ['agent'],
  audience: 'agent',
  query: ReportRangeQuery.extend({
    memberId: MemberIdSchema.optional(),
    gameType: z.string().trim().max(32).optional(),
    vendorId: z.string().trim().max(64).optional(),
    ...paging,
  }),
  value: pageOf(TeamBetSchema, {
    from: Day,
    to: Day,
    currency: z.string(),
    totalAmount: z.string(),
  }),
});

/** Ledger kinds that are an agent's income: transfers received, and (contracts issue) commission, salary, dividend. */
export const INCOME_KINDS = ['AGENT_TRANSFER', 'UPLINE_TRANSFER', 'COMMISSION', 'SALARY', 'DIVIDEND'] as const;

/** One income record of the agent. */
export const IncomeRowSchema = z.object({
  id: z.string(),
  kind: z.enum(INCOME_KINDS),
  amount: z.string(),
  /** Who paid it, when a member did. */
  fromAccount: z.string().nullable(),
  createdAt: z.string(),
});

export const getMyIncome = defineRoute({
  operationId: 'getAgentIncome',
  method: 'GET',
  path: '/api/agent/income',
  summary: "The agent's own income records in a range: transfers received, commission, salary, dividend.",
  tags: ['agent'],
  audience: 'agent',
  query: ReportRangeQuery.extend({ kind: z.enum(INCOME_KINDS).optional(), ...paging }),
  value: pageOf(IncomeRowSchema, {
    from: Day,
    to: Day,
    currency: z.string(),
    totalAmount: z.string(),
  }),
});

/** A player (type 0) or a sub-agent (type 2) directly below the agent. */
export const ACCOUNT_KINDS = ['PLAYER', 'AGENT'] as const;

export const registerAccount = defineRoute({
  operationId: 'registerAgentAccount',
  method: 'POST',
  path: '/api/agent/register',
  summary:
    "Create a player or a sub-agent directly below the signed-in agent, under the site's field rules for username, password and nickname. The password given is a first password: the new member must change it at first sign-in.",
  tags: ['agent'],
  audience: 'agent',
  rateLimit: { perMinute: AGENT_CENTRE.registrationsPerMinute },
  body: z.object({
    kind: z.enum(ACCOUNT_KINDS),
    username: z.string().trim().max(64),
    password: z.string().max(64),
    nickname: z.string().trim().max(64).optional(),
  }),
  value: TeamMemberSchema,
});

export const getTransferInfo = defineRoute({
  operationId: 'getAgentTransferInfo',
  method: 'GET',
  path: '/api/agent/transfer',
  summary: "What the transfer form needs: the agent's main wallet balance and whether a payment password is set.",
  tags: ['agent'],
  audience: 'agent',
  value: z.object({ balance: z.string(), currency: z.string(), hasPaymentPassword: z.boolean() }),
});

export const transferToDownline = defineRoute({
  operationId: 'transferToDownline',
  method: 'POST',
  path: '/api/agent/transfer',
  summary:
    "Move money from the agent's main wallet to a member of its team. Payment password required; idempotent by requestId. Refused for a member outside the team (MEMBER_NOT_FOUND), a trial account, a wrong payment password or a low balance.",
  tags: ['agent'],
  audience: 'agent',
  rateLimit: { perMinute: AGENT_CENTRE.transfersPerMinute },
  body: z.object({
    memberId: MemberIdSchema,
    amount: CashierAmountSchema,
    paymentPassword: z.string().min(1).max(64),
    requestId: RequestIdSchema,
  }),
  value: z.object({
    transferId: z.string(),
    amount: z.string(),
    currency: z.string(),
    memberAccount: z.string(),
    /** The agent's main wallet balance right after (for a replay: now). */
    balance: z.string(),
    createdAt: z.string(),
  }),
});

export const ReferralLinkSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(ACCOUNT_KINDS),
  registrations: z.number().int(),
  firstDeposits: z.number().int(),
  createdAt: z.string(),
});
export type ReferralLink = z.infer<typeof ReferralLinkSchema>;

export const getReferral = defineRoute({
  operationId: 'getAgentReferral',
  method: 'GET',
  path: '/api/agent/referral',
  summary:
    "The agent's invitation code and referral links (register at /register?ref=CODE), each with the registrations and first deposits it brought.",
  tags: ['agent'],
  audience: 'agent',
  value: z.object({ invitationCode: z.string(), links: z.array(ReferralLinkSchema) }),
});

export const createReferralLink = defineRoute({
  operationId: 'createAgentReferralLink',
  method: 'POST',
  path: '/api/agent/referral',
  summary: 'A new referral link for registering a player or a sub-agent below the agent.',
  tags: ['agent'],
  audience: 'agent',
  rateLimit: { perMinute: 20 },
  body: z.object({ kind: z.enum(ACCOUNT_KINDS) }),
  value: ReferralLinkSchema,
});
