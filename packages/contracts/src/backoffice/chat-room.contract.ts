import { z } from 'zod';
import { CHAT_LIMITS, ChatMessageSchema, ChatRoomSettingsSchema } from '../chat/chat-room.contract.ts';
import { defineRoute } from '../http.ts';
import { staff } from './staff.contract.ts';

/**
 * The back office's chat room moderation (issue 18, decision 056): the room as staff see it, delete a
 * message (it disappears for everyone live), mute a member for a period with a reason, lift a mute,
 * and the room's rules. Every write is audited.
 */
const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');

export const StaffChatMessageSchema = ChatMessageSchema.extend({
  memberId: z.string(),
  account: z.string(),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
});
export type StaffChatMessage = z.infer<typeof StaffChatMessageSchema>;

export const ChatMuteSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  name: z.string(),
  reason: z.string(),
  until: z.string(),
  mutedBy: z.string(),
  createdAt: z.string(),
});
export type ChatMute = z.infer<typeof ChatMuteSchema>;

export const listStaffChatMessages = defineRoute({
  operationId: 'boListChatMessages',
  method: 'GET',
  path: '/api/bo/chat-room/messages',
  summary: "Back office: the chat room's newest messages with their authors, removed ones marked.",
  tags: ['backoffice'],
  audience: staff('chat.moderate'),
  value: z.object({ messages: z.array(StaffChatMessageSchema) }),
});

export const deleteChatMessage = defineRoute({
  operationId: 'boDeleteChatMessage',
  method: 'POST',
  path: '/api/bo/chat-room/messages/delete',
  summary: 'Back office: removes a chat message; it disappears for every reader at once. Audited.',
  tags: ['backoffice'],
  audience: staff('chat.moderate'),
  body: z.object({ id: Id }),
  value: z.object({ deleted: z.boolean() }),
});

export const listChatMutes = defineRoute({
  operationId: 'boListChatMutes',
  method: 'GET',
  path: '/api/bo/chat-room/mutes',
  summary: 'Back office: the members muted in the chat room now, with the reason and until when.',
  tags: ['backoffice'],
  audience: staff('chat.moderate'),
  value: z.object({ mutes: z.array(ChatMuteSchema) }),
});

export const muteChatMember = defineRoute({
  operationId: 'boMuteChatMember',
  method: 'POST',
  path: '/api/bo/chat-room/mutes',
  summary:
    'Back office: mutes a member in the chat room for a number of minutes with a reason the member is shown (replaces a mute in force). Audited.',
  tags: ['backoffice'],
  audience: staff('chat.moderate'),
  body: z.object({
    memberId: Id,
    minutes: z.number().int().min(1).max(CHAT_LIMITS.muteMinutesMax),
    reason: z.string().trim().min(1).max(CHAT_LIMITS.muteReasonMaxChars),
  }),
  value: ChatMuteSchema,
});

export const unmuteChatMember = defineRoute({
  operationId: 'boUnmuteChatMember',
  method: 'POST',
  path: '/api/bo/chat-room/mutes/lift',
  summary: "Back office: lifts a member's mute before its end. Audited.",
  tags: ['backoffice'],
  audience: staff('chat.moderate'),
  body: z.object({ memberId: Id }),
  value: z.object({ lifted: z.boolean() }),
});

export const getChatRoomSettings = defineRoute({
  operationId: 'boGetChatRoomSettings',
  method: 'GET',
  path: '/api/bo/chat-room/settings',
  summary: "Back office: the chat room's rules (message length, messages per member per window).",
  tags: ['backoffice'],
  audience: staff('chat.moderate'),
  value: ChatRoomSettingsSchema,
});

export const setChatRoomSettings = defineRoute({
  operationId: 'boSetChatRoomSettings',
  method: 'POST',
  path: '/api/bo/chat-room/settings',
  summary: "Back office: changes the chat room's rules. Audited.",
  tags: ['backoffice'],
  audience: staff('chat.moderate'),
  body: ChatRoomSettingsSchema,
  value: ChatRoomSettingsSchema,
});
