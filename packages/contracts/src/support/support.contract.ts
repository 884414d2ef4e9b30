import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { UploadedImageSchema } from '../inbox/feedback.contract.ts';
import { LIMITS } from '../limits.ts';

/**
 * Live support (issue 18, decision 057): a player — a member, or a guest who gave a name — chats with
 * staff in the customer-service window. The player's calls answer a member by the bearer token and a
 * guest by the `X-Support-Token` header (the token `startGuestSupport` gave, kept in the browser).
 */
export const SUPPORT_LIMITS = {
  /** Characters of one chat message. */
  messageMaxChars: 1000,
  /** Characters of a guest's name. */
  guestNameMaxChars: 40,
  /** Messages of a conversation one read answers (the newest). */
  threadMessages: 200,
  /** How often a client says "typing" while the person types, and how long the other side shows it. */
  typingEveryMs: 2500,
  typingShowsMs: 6000,
  /** Body bytes of a message with its images as base64 (three of 5 MB, and room to refuse a fourth clearly). */
  bodyLimit: 30 * 1024 * 1024,
} as const;

/** The header that carries a guest's support token. */
export const SUPPORT_GUEST_HEADER = 'x-support-token';
/** Where the browser keeps a guest's token (localStorage: a reload or a new tab of the same browser continues the chat). */
export const SUPPORT_GUEST_STORAGE_KEY = 'portal.supportGuest';
export { LIVE_CHAT_BUILT_IN_PATH, LIVE_CHAT_PATH } from './live-chat-paths.ts';
/** The player's live socket of the support chat (guests too); first message `{"type":"auth",…}`. */
export const SUPPORT_SOCKET_PATH = '/ws/support';
/** The player's support calls answer during maintenance and from blocked regions (their pages offer customer service). */
export const SUPPORT_UNGATED_PATHS = [
  '/api/livechat/launch',
  '/api/support/guest',
  '/api/support/thread',
  '/api/support/messages',
  '/api/support/read',
  '/api/support/typing',
] as const;

const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');
const RequestId = z.string().min(8).max(64);

export const SupportAuthorSchema = z.enum(['PLAYER', 'STAFF', 'SYSTEM']);
export const SupportStatusSchema = z.enum(['OPEN', 'CLOSED']);
export type SupportStatus = z.infer<typeof SupportStatusSchema>;

export const SupportMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  author: SupportAuthorSchema,
  /** Plain text, shown as text (never as markup). */
  body: z.string(),
  images: z.array(UploadedImageSchema),
  /** The staff member's display name on STAFF messages. */
  staffName: z.string().nullable(),
  /** SYSTEM rows: what happened, and the staff member it names (the new holder of a hand-over). */
  event: z.enum(['HANDOVER', 'CLOSED']).nullable(),
  eventStaffName: z.string().nullable(),
  createdAt: z.string(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportConversationSchema = z.object({
  id: z.string(),
  status: SupportStatusSchema,
  /** Who answers: the display name of the staff member holding the conversation, if anyone does yet. */
  staffName: z.string().nullable(),
  /** Read receipts: the last message id each side has seen ('0' for none). */
  playerReadUpTo: z.string(),
  staffReadUpTo: z.string(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type SupportConversation = z.infer<typeof SupportConversationSchema>;

export const SupportRulesSchema = z.object({
  maxChars: z.number().int(),
  maxImages: z.number().int(),
  maxImageBytes: z.number().int(),
  imageTypes: z.array(z.string()),
});
export type SupportRules = z.infer<typeof SupportRulesSchema>;

export const SUPPORT_RULES: SupportRules = {
  maxChars: SUPPORT_LIMITS.messageMaxChars,
  maxImages: LIMITS.uploadMaxImages,
  maxImageBytes: LIMITS.uploadMaxBytes,
  imageTypes: [...LIMITS.uploadTypes],
};

/** What the window shows: who the player is, the latest conversation (or none yet) and its messages. */
export const SupportThreadSchema = z.object({
  player: z.object({ kind: z.enum(['MEMBER', 'GUEST']), name: z.string() }),
  conversation: SupportConversationSchema.nullable(),
  messages: z.array(SupportMessageSchema),
  rules: SupportRulesSchema,
});
export type SupportThread = z.infer<typeof SupportThreadSchema>;

/** Spec §7 live chat launch: its query (b2c 1, header colour, title, template v2). */
export const LiveChatLaunchQuery = z.object({
  b2c: z.coerce.number().int().min(0).max(1).default(1),
  headerColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #1a2b3c')
    .optional(),
  title: z.string().trim().max(60).optional(),
  template: z.enum(['v1', 'v2']).default('v2'),
});

export const getLiveChatUrl = defineRoute({
  operationId: 'getLiveChatUrl',
  method: 'GET',
  path: '/api/livechat/launch',
  summary:
    "Spec §7 live chat launch: the chat's address for the customer-service window — the built-in live support, or the outside chat product the operator configured.",
  tags: ['support'],
  audience: 'guest',
  query: LiveChatLaunchQuery,
  value: z.object({ chatUrl: z.string(), provider: z.enum(['BUILT_IN', 'EXTERNAL']) }),
});

export const startGuestSupport = defineRoute({
  operationId: 'startGuestSupport',
  method: 'POST',
  path: '/api/support/guest',
  summary:
    'A visitor without an account starts live support with a name; answers the token the browser keeps (X-Support-Token) and the empty thread.',
  tags: ['support'],
  audience: 'guest',
  rateLimit: { perMinute: 5 },
  body: z.object({ name: z.string().max(200) }),
  value: z.object({ token: z.string(), thread: SupportThreadSchema }),
});

export const getSupportThread = defineRoute({
  operationId: 'getSupportThread',
  method: 'GET',
  path: '/api/support/thread',
  summary:
    "The player's live-support thread (a member by session, a guest by X-Support-Token): the latest conversation and its messages, on any device.",
  tags: ['support'],
  audience: 'guest',
  value: SupportThreadSchema,
});

export const SendSupportMessageBody = z.object({
  body: z
    .string()
    .max(SUPPORT_LIMITS.messageMaxChars * 4)
    .default(''),
  /** png or jpg images as base64 (at most LIMITS.uploadMaxImages; more are refused with UPLOAD_TOO_MANY). */
  images: z
    .array(z.string().max(12 * 1024 * 1024))
    .max(10)
    .default([]),
  /** The client's id of this message: a repeat answers the first message instead of a second one. */
  requestId: RequestId,
});
export type SendSupportMessage = z.input<typeof SendSupportMessageBody>;

export const sendSupportMessage = defineRoute({
  operationId: 'sendSupportMessage',
  method: 'POST',
  path: '/api/support/messages',
  summary:
    'The player writes to staff (text and up to 3 png/jpg images of 5 MB, checked by content); opens a conversation when none is open.',
  tags: ['support'],
  audience: 'guest',
  rateLimit: { perMinute: 30 },
  body: SendSupportMessageBody,
  value: SupportMessageSchema,
});

export const markSupportRead = defineRoute({
  operationId: 'markSupportRead',
  method: 'POST',
  path: '/api/support/read',
  summary: "The player has seen the conversation's messages up to this id (staff see the read receipt).",
  tags: ['support'],
  audience: 'guest',
  rateLimit: { perMinute: 120 },
  body: z.object({ upTo: Id }),
  value: z.object({ playerReadUpTo: z.string() }),
});

export const sendSupportTyping = defineRoute({
  operationId: 'sendSupportTyping',
  method: 'POST',
  path: '/api/support/typing',
  summary: 'The player is typing (staff see it for a few seconds).',
  tags: ['support'],
  audience: 'guest',
  rateLimit: { perMinute: 60 },
  body: z.object({}).default({}),
  value: z.object({ ok: z.boolean() }),
});

/** What the support sockets (the player's and staff's) carry, typed once for the server and both apps. */
export const SupportEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** A new message of a conversation the socket follows. */
  z.object({ type: z.literal('message'), message: SupportMessageSchema }),
  /** The other side is typing in this conversation. */
  z.object({ type: z.literal('typing'), conversationId: z.string(), by: z.enum(['PLAYER', 'STAFF']) }),
  /** One side has read up to a message. */
  z.object({
    type: z.literal('read'),
    conversationId: z.string(),
    by: z.enum(['PLAYER', 'STAFF']),
    upTo: z.string(),
  }),
  /** The conversation changed hands, closed or opened: read it again. */
  z.object({ type: z.literal('conversation'), conversationId: z.string() }),
]);
export type SupportEvent = z.infer<typeof SupportEventSchema>;

/** The player socket's first message: a member's session token or a guest's support token. */
export const SupportAuthSchema = z.union([
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('auth'), guestToken: z.string().min(1).max(200) }),
]);

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
export const readSupportAuth = (text: string) => SupportAuthSchema.safeParse(json(text)).data;
export const readSupportEvent = (text: string): SupportEvent | undefined =>
  SupportEventSchema.safeParse(json(text)).data;
