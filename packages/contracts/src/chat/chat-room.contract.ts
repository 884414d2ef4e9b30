import { z } from 'zod';
import { defineRoute } from '../http.ts';

/**
 * The public chat room (issue 18, decision 056): signed-in players write, everyone reads. Guests and
 * trial accounts read only. Plain text, shown as text; links are neutralised by the server; `@name`
 * mentions a member. Staff moderate it in the back office (delete a message, mute a member).
 */
export const CHAT_ROOM_PATH = '/chatRoom';
/** The room's live socket (guests too); first message `{"type":"join"}` or `{"type":"join","token"}`. */
export const CHAT_SOCKET_PATH = '/ws/chat';

export const CHAT_LIMITS = {
  /** Messages the room loads on join (the newest). */
  history: 50,
  /** The ceiling of the configurable message length (characters). */
  maxCharsCeiling: 500,
  /** Members one message can mention. */
  mentionsMax: 5,
  /** Longest mute a moderator can give (one year, in minutes). */
  muteMinutesMax: 60 * 24 * 365,
  muteReasonMaxChars: 200,
} as const;

/** The room's rules, kept in the `chat_room` site setting (the back office changes them). */
export const ChatRoomSettingsSchema = z.object({
  /** Characters of one message. */
  maxChars: z.number().int().min(1).max(CHAT_LIMITS.maxCharsCeiling).default(200),
  /** A member may send `rateCount` messages per `rateWindowSeconds`. */
  rateCount: z.number().int().min(1).max(60).default(5),
  rateWindowSeconds: z.number().int().min(1).max(3600).default(10),
});
export type ChatRoomSettings = z.infer<typeof ChatRoomSettingsSchema>;

export const ChatMessageSchema = z.object({
  id: z.string(),
  /** The author's name in the room (nickname, else account). */
  name: z.string(),
  /** Plain text, shown as text (never as markup); links already neutralised. */
  body: z.string(),
  /** The `@handles` of the body that call a member (account or nickname), as written. */
  mentions: z.array(z.string()),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatMuteNoticeSchema = z.object({ until: z.string(), reason: z.string() });
export type ChatMuteNotice = z.infer<typeof ChatMuteNoticeSchema>;

/** Who reads the room and whether they may write: a guest (`me` null), a trial account, a muted member. */
export const ChatRoomSchema = z.object({
  messages: z.array(ChatMessageSchema),
  me: z
    .object({
      name: z.string(),
      /** What a mention calls me by (my account, and my nickname if I have one): the page marks those messages. */
      handles: z.array(z.string()),
      /** TRIAL: a trial account reads only; MUTED: a moderator muted the member (see `mute`). */
      readOnly: z.enum(['TRIAL', 'MUTED']).nullable(),
      mute: ChatMuteNoticeSchema.nullable(),
    })
    .nullable(),
  rules: ChatRoomSettingsSchema,
});
export type ChatRoom = z.infer<typeof ChatRoomSchema>;

export const getChatRoom = defineRoute({
  operationId: 'getChatRoom',
  method: 'GET',
  path: '/api/chat-room',
  summary:
    'The chat room on join: its newest 50 messages, the rules, and whether the caller may write (a guest and a trial account read only; a muted member is told why and until when).',
  tags: ['chat'],
  audience: 'guest',
  value: ChatRoomSchema,
});

export const SendChatMessageBody = z.object({
  body: z.string().max(CHAT_LIMITS.maxCharsCeiling * 4),
  /** The client's id of this message: a repeat answers the first message instead of a second one. */
  requestId: z.string().min(8).max(64),
});
export type SendChatMessage = z.input<typeof SendChatMessageBody>;

export const sendChatMessage = defineRoute({
  operationId: 'sendChatMessage',
  method: 'POST',
  path: '/api/chat-room/messages',
  summary:
    'A member (not a trial account) writes to the chat room: plain text with emoji, within the length and the per-member rate; links neutralised; every reader sees it live.',
  tags: ['chat'],
  audience: 'realMember',
  rateLimit: { perMinute: 60 },
  body: SendChatMessageBody,
  value: ChatMessageSchema,
});

/** What the room's socket carries, typed once for the server and both apps. */
export const ChatEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** A new message. */
  z.object({ type: z.literal('message'), message: ChatMessageSchema }),
  /** A moderator removed a message: it disappears. */
  z.object({ type: z.literal('deleted'), id: z.string() }),
  /** The member's own standing changed (muted, unmuted): read the room again. */
  z.object({ type: z.literal('status') }),
]);
export type ChatEvent = z.infer<typeof ChatEventSchema>;

export const ChatJoinSchema = z.object({ type: z.literal('join'), token: z.string().min(1).max(200).optional() });

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
export const readChatJoin = (text: string) => ChatJoinSchema.safeParse(json(text)).data;
export const readChatEvent = (text: string): ChatEvent | undefined => ChatEventSchema.safeParse(json(text)).data;
