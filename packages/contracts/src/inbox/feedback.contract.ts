import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { LIMITS } from '../limits.ts';

/** Spec §3: the feedback question types. */
export const FEEDBACK_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'GAME', 'CUSTOMER_SERVICE', 'APPLICATION', 'OTHER'] as const;
export const FeedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export type FeedbackType = z.infer<typeof FeedbackTypeSchema>;
export const FeedbackStatusSchema = z.enum(['OPEN', 'REPLIED', 'CLOSED']);
export type FeedbackStatus = z.infer<typeof FeedbackStatusSchema>;

/** Body bytes of a feedback with its images as base64 (three of 5 MB, and room to refuse a fourth clearly). */
export const FEEDBACK_BODY_LIMIT = 30 * 1024 * 1024;

/**
 * Words as spec §5 counts them: a run of letters or digits between spaces, and each Chinese or
 * Japanese character on its own (those scripts write without spaces).
 */
export function countWords(text: string): number {
  return (
    text.match(
      /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu,
    )?.length ?? 0
  );
}

export const FeedbackRulesSchema = z.object({
  minWords: z.number().int(),
  maxWords: z.number().int(),
  maxChars: z.number().int(),
  maxImages: z.number().int(),
  maxImageBytes: z.number().int(),
  imageTypes: z.array(z.string()),
});
export type FeedbackRules = z.infer<typeof FeedbackRulesSchema>;

export const UploadedImageSchema = z.object({
  id: z.string(),
  /** A time-limited signed address of the re-encoded image. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const FeedbackSchema = z.object({
  id: z.string(),
  questionType: FeedbackTypeSchema,
  content: z.string(),
  images: z.array(UploadedImageSchema),
  status: FeedbackStatusSchema,
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const SubmitFeedbackBody = z.object({
  questionType: FeedbackTypeSchema,
  content: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.feedbackMaxChars * 4),
  /** png or jpg images as base64 (at most LIMITS.uploadMaxImages; more are refused with UPLOAD_TOO_MANY). */
  images: z
    .array(z.string().max(12 * 1024 * 1024))
    .max(10)
    .default([]),
  /** The client's id of this submission: a repeat answers the first feedback instead of a second one. */
  requestId: z.string().min(8).max(64),
});
export type SubmitFeedback = z.input<typeof SubmitFeedbackBody>;

export const submitFeedback = defineRoute({
  operationId: 'submitFeedback',
  method: 'PUT',
  path: '/api/feedback',
  summary:
    'Sends feedback (spec §7 feedback): a question type, content within the word and character bounds, up to 3 png/jpg images of 5 MB each, checked by content and re-encoded.',
  tags: ['feedback'],
  audience: 'realMember',
  rateLimit: { perMinute: 10 },
  body: SubmitFeedbackBody,
  value: FeedbackSchema,
});

export const listMyFeedback = defineRoute({
  operationId: 'listMyFeedback',
  method: 'GET',
  path: '/api/feedback',
  summary: "The member's feedback, newest first, with staff replies and status; and the form's bounds.",
  tags: ['feedback'],
  audience: 'realMember',
  value: z.object({ items: z.array(FeedbackSchema), rules: FeedbackRulesSchema }),
});
