import { z } from 'zod';
import { defineRoute } from '../http.ts';
import {
  SendSupportMessageBody,
  SupportConversationSchema,
  SupportMessageSchema,
  SupportRulesSchema,
} from '../support/support.contract.ts';
import { staff } from './staff.contract.ts';

/**
 * The back office's support console (issue 18, decision 057): the queue of conversations, the chat,
 * read receipts and typing, close and hand over, canned replies, and where the live chat points.
 */
export const SUPPORT_STAFF_SOCKET_PATH = '/api/bo/support/live';

const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');

export const SupportQueueItemSchema = SupportConversationSchema.extend({
  /** The member's id and account, or the guest's name. */
  memberId: z.string().nullable(),
  memberAccount: z.string().nullable(),
  guestName: z.string().nullable(),
  assignedStaffId: z.string().nullable(),
  lastMessageAt: z.string(),
  /** The newest message, shortened, and who wrote it. */
  lastMessage: z.string(),
  lastAuthor: z.enum(['PLAYER', 'STAFF', 'SYSTEM']).nullable(),
  /** Player messages staff have not read yet. */
  unread: z.number().int(),
});
export type SupportQueueItem = z.infer<typeof SupportQueueItemSchema>;

export const listSupportConversations = defineRoute({
  operationId: 'boListSupportConversations',
  method: 'GET',
  path: '/api/bo/support/conversations',
  summary: 'Back office: open conversations (waiting first), or the latest closed ones; `mine` for those I hold.',
  tags: ['backoffice'],
  audience: staff('support.chat'),
  query: z.object({
    status: z.enum(['OPEN', 'CLOSED']).default('OPEN'),
    mine: z.enum(['true', 'false']).default('false'),
  }),
  value: z.object({ conversations: z.array(SupportQueueItemSchema) }),
});

export const getSupportConversation = defineRoute({
  operationId: 'boGetSupportConversation',
  method: 'GET',
  path: '/api/bo/support/conversation',
  summary: 'Back office: one conversation with its messages.',
  tags: ['backoffice'],
  audience: staff('support.chat'),
  query: z.object({ id: Id }),
  value: z.object({
    conversation: SupportQueueItemSchema,
    messages: z.array(SupportMessageSchema),
    rules: SupportRulesSchema,
  }),
});

export const sendStaffSupportMessage = defineRoute({
  operationId: 'boSendSupportMessage',
  method: 'POST',
  path: '/api/bo/support/messages',
  summary:
    'Back office: answers a conversation (text and up to 3 images); an unheld conversation becomes mine, one another staff member holds is refused.',
  tags: ['backoffice'],
  audience: staff('support.chat'),
  body: SendSupportMessageBody.extend({ conversationId: Id }),
  value: SupportMessageSchema,
});

export const markStaffSupportRead = defineRoute({
  operationId: 'boMarkSupportRead',
  method: 'POST',
  path: '/api/bo/support/read',
  summary: "Back office: staff have seen the player's messages up to this id (the player sees the read receipt).",
  tags: ['backoffice'],
  audience: staff('support.chat'),
  body: z.object({ conversationId: Id, upTo: Id }),
  value: z.object({ staffReadUpTo: z.string() }),
});

export const sendStaffSupportTyping = defineRoute({
  operationId: 'boSupportTyping',
  method: 'POST',
  path: '/api/bo/support/typing',
  summary: 'Back office: staff are typing in a conversation (the player sees "staff is typing").',
  tags: ['backoffice'],
  audience: staff('support.chat'),
  rateLimit: { perMinute: 120 },
  body: z.object({ conversationId: Id }),
  value: z.object({ ok: z.boolean() }),
});

export const closeSupportConversation = defineRoute({
  operationId: 'boCloseSupportConversation',
  method: 'POST',
  path: '/api/bo/support/close',
  summary: 'Back office: closes a conversation (the player sees it closed; writing again opens a new one). Audited.',
  tags: ['backoffice'],
  audience: staff('support.chat'),
  body: z.object({ conversationId: Id }),
  value: SupportQueueItemSchema,
});

export const handOverSupportConversation = defineRoute({
  operationId: 'boHandOverSupportConversation',
  method: 'POST',
  path: '/api/bo/support/hand-over',
  summary:
    'Back office: gives a conversation to another staff member who holds support (or takes it oneself). Audited.',
  tags: ['backoffice'],
  audience: staff('support.chat'),
  body: z.object({ conversationId: Id, staffId: Id }),
  value: SupportQueueItemSchema,
});

export const SupportAgentSchema = z.object({ id: z.string(), displayName: z.string(), username: z.string() });

export const listSupportAgents = defineRoute({
  operationId: 'boListSupportAgents',
  method: 'GET',
  path: '/api/bo/support/agents',
  summary: 'Back office: the active staff members who may take a conversation (their role holds support).',
  tags: ['backoffice'],
  audience: staff('support.chat'),
  value: z.object({ agents: z.array(SupportAgentSchema) }),
});

export const CannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof CannedReplySchema>;

export const listCannedReplies = defineRoute({
  operationId: 'boListCannedReplies',
  method: 'GET',
  path: '/api/bo/support/canned-replies',
  summary: "Back office: staff's canned replies, by title.",
  tags: ['backoffice'],
  audience: staff('support.chat'),
  value: z.object({ replies: z.array(CannedReplySchema) }),
});

export const saveCannedReply = defineRoute({
  operationId: 'boSaveCannedReply',
  method: 'POST',
  path: '/api/bo/support/canned-replies',
  summary: 'Back office: adds a canned reply, or changes one (with its id). Plain text. Audited.',
  tags: ['backoffice'],
  audience: staff('support.chat'),
  body: z.object({
    id: Id.optional(),
    title: z.string().trim().min(1).max(60),
    body: z.string().trim().min(1).max(1000),
  }),
  value: CannedReplySchema,
});

export const deleteCannedReply = defineRoute({
  operationId: 'boDeleteCannedReply',
  method: 'POST',
  path: '/api/bo/support/canned-replies/delete',
  summary: 'Back office: removes a canned reply. Audited.',
  tags: ['backoffice'],
  audience: staff('support.chat'),
  body: z.object({ id: Id }),
  value: z.object({ deleted: z.boolean() }),
});

/** Where the customer-service window's chat lives: the built-in support desk, or an outside product. */
export const LiveChatSettingSchema = z.object({
  /** An https address of an outside chat product; empty for the built-in live support. */
  externalUrl: z.string().trim().max(500),
});
export type LiveChatSetting = z.infer<typeof LiveChatSettingSchema>;

export const getLiveChatSetting = defineRoute({
  operationId: 'boGetLiveChatSetting',
  method: 'GET',
  path: '/api/bo/support/live-chat',
  summary: 'Back office: whether the live chat launch points to the built-in support or an outside chat product.',
  tags: ['backoffice'],
  audience: staff('site.read'),
  value: LiveChatSettingSchema,
});

export const setLiveChatSetting = defineRoute({
  operationId: 'boSetLiveChatSetting',
  method: 'POST',
  path: '/api/bo/support/live-chat',
  summary:
    'Back office: points the live chat launch to an outside chat product (https), or back to the built-in one (empty). Audited.',
  tags: ['backoffice'],
  audience: staff('site.manage'),
  body: LiveChatSettingSchema,
  value: LiveChatSettingSchema,
});
