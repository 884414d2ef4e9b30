import { z } from 'zod';
import { defineRoute } from '../http.ts';

export const MessageChannelSchema = z.enum(['SMS', 'EMAIL']);
export type MessageChannel = z.infer<typeof MessageChannelSchema>;

/** What a one-time code proves: the flow that asked for it. A code of one purpose never passes another. */
export const VerificationPurposeSchema = z.enum(['LOGIN', 'REGISTER', 'RESET', 'NEW_IP']);
export type VerificationPurpose = z.infer<typeof VerificationPurposeSchema>;

export const OUTBOX_PAGE_MAX = 100;

export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: MessageChannelSchema,
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  purpose: z.string(),
  status: z.enum(['PENDING', 'SENT', 'FAILED']),
  /** OUTBOX: no outside transport is configured; the row is the delivery. */
  transport: z.enum(['OUTBOX', 'SMTP', 'SMS_GATEWAY']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const listOutbox = defineRoute({
  operationId: 'listOutbox',
  method: 'GET',
  path: '/api/dev/outbox',
  summary:
    'Developer page: the SMS and e-mail the server sent, newest first, so a login by SMS code can be finished ' +
    'locally. Not served when NODE_ENV=production.',
  tags: ['dev'],
  audience: 'guest',
  query: z.object({
    channel: MessageChannelSchema.optional(),
    limit: z.coerce.number().int().min(1).max(OUTBOX_PAGE_MAX).default(20),
  }),
  value: z.object({ messages: z.array(OutboxMessageSchema) }),
});
