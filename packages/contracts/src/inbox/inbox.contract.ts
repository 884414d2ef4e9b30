import { z } from 'zod';
import { defineRoute } from '../http.ts';

/** The inbox's page size (the member centre's messageV2 page lists as many as the notice popup). */
export const INBOX_PAGE_SIZE = 9;
/** Ids one delete may name. */
export const INBOX_DELETE_MAX = 50;

const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');

/**
 * What a message is about. STAFF: written by the operator (title and sanitized HTML); the others are
 * the system's, worded in the reader's language from `params` by the web app.
 */
export const MESSAGE_KINDS = [
  'STAFF',
  'DEPOSIT_CREDITED',
  'DEPOSIT_REJECTED',
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_REJECTED',
  'CONTRACT_OFFERED',
  'CONTRACT_ENDED',
  'FEEDBACK_REPLIED',
  /** Rewards (issue 17, decision 070). */
  'BONUS_ISSUED',
  'BONUS_RELEASED',
  'BONUS_FORFEITED',
  'BONUS_EXPIRED',
  'APPLICATION_REJECTED',
] as const;
export const MessageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKindSchema>;

/** Who a message reaches: one member, a member type, an agent's downline, every member of the site. */
export const MessageAudienceSchema = z.enum(['MEMBER', 'MEMBER_TYPE', 'DOWNLINE', 'ALL']);
export type MessageAudience = z.infer<typeof MessageAudienceSchema>;

export const InboxMessageSchema = z.object({
  id: z.string(),
  kind: MessageKindSchema,
  sender: z.enum(['STAFF', 'SYSTEM']),
  /** PERSONAL: to this member only; GROUP: to a member type or a downline; SITE: to every member. */
  scope: z.enum(['PERSONAL', 'GROUP', 'SITE']),
  /** Staff messages: the title and the HTML as the server sanitized it; '' for system messages. */
  title: z.string(),
  content: z.string(),
  /** System messages: what the web words the message with (amounts in minor units, as text). */
  params: z.record(z.string(), z.string().nullable()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

export const getMessages = defineRoute({
  operationId: 'getMessages',
  method: 'GET',
  path: '/api/inbox/messages',
  summary: "The member's inbox (messageV2): personal, group and site-wide messages, newest first, paged.",
  tags: ['inbox'],
  audience: 'realMember',
  query: z.object({
    pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
    unreadOnly: z.enum(['true', 'false']).default('false'),
  }),
  value: z.object({
    content: z.array(InboxMessageSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    unread: z.number().int(),
  }),
});

export const getUnreadMessageCount = defineRoute({
  operationId: 'getUnreadMessageCount',
  method: 'GET',
  path: '/api/inbox/unread-count',
  summary: 'The unread message count (spec §7): the red counter of the member centre, account menu and agent menu.',
  tags: ['inbox'],
  audience: 'realMember',
  value: z.object({ count: z.number().int() }),
});

export const readMessage = defineRoute({
  operationId: 'readMessage',
  method: 'POST',
  path: '/api/inbox/messages/read',
  summary: 'Marks messages of the member read: the ones named, or every message when `all` is true.',
  tags: ['inbox'],
  audience: 'realMember',
  body: z.union([z.object({ ids: z.array(Id).min(1).max(INBOX_DELETE_MAX) }), z.object({ all: z.literal(true) })]),
  value: z.object({ unread: z.number().int() }),
});

export const deleteMessages = defineRoute({
  operationId: 'deleteMessages',
  method: 'POST',
  path: '/api/inbox/messages/delete',
  summary: "Removes messages from the member's inbox (a group or site-wide message only for this member).",
  tags: ['inbox'],
  audience: 'realMember',
  body: z.object({ ids: z.array(Id).min(1).max(INBOX_DELETE_MAX) }),
  value: z.object({ deleted: z.number().int(), unread: z.number().int() }),
});
