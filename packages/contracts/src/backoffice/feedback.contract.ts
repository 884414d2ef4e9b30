import { z } from 'zod';
import { staff } from './staff.contract.ts';
import { defineRoute } from '../http.ts';
import { FeedbackStatusSchema, FeedbackSchema } from '../inbox/feedback.contract.ts';

export const StaffFeedbackSchema = FeedbackSchema.extend({
  memberAccount: z.string(),
  repliedBy: z.string().nullable(),
});
export type StaffFeedback = z.infer<typeof StaffFeedbackSchema>;

const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');

export const listFeedback = defineRoute({
  operationId: 'boListFeedback',
  method: 'GET',
  path: '/api/bo/feedback',
  summary: "Back office: players' feedback, newest first, by status.",
  tags: ['backoffice'],
  audience: staff('feedback.read'),
  query: z.object({
    status: FeedbackStatusSchema.optional(),
    pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  value: z.object({ content: z.array(StaffFeedbackSchema), pageNum: z.number().int(), totalPages: z.number().int() }),
});

export const replyFeedback = defineRoute({
  operationId: 'boReplyFeedback',
  method: 'POST',
  path: '/api/bo/feedback/reply',
  summary:
    'Back office: answers a feedback (plain text); the player reads it with the feedback and in the inbox. Audited.',
  tags: ['backoffice'],
  audience: staff('feedback.reply'),
  body: z.object({ id: Id, reply: z.string().trim().min(1).max(2000) }),
  value: StaffFeedbackSchema,
});

export const closeFeedback = defineRoute({
  operationId: 'boCloseFeedback',
  method: 'POST',
  path: '/api/bo/feedback/close',
  summary: 'Back office: closes a feedback. Audited.',
  tags: ['backoffice'],
  audience: staff('feedback.reply'),
  body: z.object({ id: Id }),
  value: StaffFeedbackSchema,
});
