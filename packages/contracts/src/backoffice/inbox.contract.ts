import { z } from 'zod';
import { staff } from './staff.contract.ts';
import { defineRoute } from '../http.ts';
import { MessageAudienceSchema } from '../inbox/inbox.contract.ts';

/** Rich text from the editor, as HTML; the server keeps only what its sanitizer allows. */
const Html = z.string().max(20_000);

export const SendMessageTargetSchema = z.discriminatedUnion('audience', [
  z.object({ audience: z.literal('MEMBER'), account: z.string().trim().min(1).max(64) }),
  z.object({ audience: z.literal('MEMBER_TYPE'), memberType: z.number().int().min(0).max(99) }),
  z.object({ audience: z.literal('DOWNLINE'), account: z.string().trim().min(1).max(64) }),
  z.object({ audience: z.literal('ALL') }),
]);

export const SendMessageBody = z.intersection(
  SendMessageTargetSchema,
  z.object({ title: z.string().trim().min(1, 'a title').max(200), content: Html }),
);
export type SendMessage = z.input<typeof SendMessageBody>;

export const SentMessageSchema = z.object({
  id: z.string(),
  audience: MessageAudienceSchema,
  /** MEMBER and DOWNLINE: the member's account; MEMBER_TYPE: the type; ALL: ''. */
  target: z.string(),
  title: z.string(),
  content: z.string(),
  staffUsername: z.string().nullable(),
  /** Members who opened it so far. */
  reads: z.number().int(),
  createdAt: z.string(),
});
export type SentMessage = z.infer<typeof SentMessageSchema>;

export const sendMessage = defineRoute({
  operationId: 'sendMessage',
  method: 'POST',
  path: '/api/bo/messages',
  summary:
    "Back office: sends a message to one member, a member type, an agent's downline or every member; the HTML is sanitized and the send audited.",
  tags: ['backoffice'],
  audience: staff('messages.send'),
  body: SendMessageBody,
  value: SentMessageSchema,
});

export const listSentMessages = defineRoute({
  operationId: 'listSentMessages',
  method: 'GET',
  path: '/api/bo/messages',
  summary: 'Back office: the messages staff sent, newest first, with how many members read each.',
  tags: ['backoffice'],
  audience: staff('messages.read'),
  query: z.object({ pageNum: z.coerce.number().int().min(1).max(100_000).default(1) }),
  value: z.object({ content: z.array(SentMessageSchema), pageNum: z.number().int(), totalPages: z.number().int() }),
});
