import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { AGENT_CENTRE } from '../limits.ts';

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
    page: z.coerce.number().int().min(1).max(AGENT_CENTRE.maxPage).default(1),
    pageSize: z.coerce.number().int().min(1).max(AGENT_CENTRE.maxPageSize).default(AGENT_CENTRE.defaultPageSize),
  }),
  value: z.object({
    items: z.array(TeamMemberSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
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
