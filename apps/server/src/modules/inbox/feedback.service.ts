import {
  countWords,
  type Feedback,
  type FeedbackRules,
  type SubmitFeedbackBody,
} from '@portal/contracts/inbox/feedback.contract.ts';
import { type StaffFeedback } from '@portal/contracts/backoffice/feedback.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import type { z } from 'zod';
import type { InTransaction } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { FeedbackRepository, FeedbackRow } from './feedback.repository.ts';
import type { InboxRepository } from './inbox.repository.ts';

type Submit = z.output<typeof SubmitFeedbackBody>;
const MY_FEEDBACK_MAX = 50;
const STAFF_PAGE_SIZE = 20;
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * Feedback (issue 18, spec §3, §5, §9): a question type, content within the configured word bounds
 * and 140 characters, up to three images through the shared uploads service, all stored together or
 * not at all; staff reply (the player also gets an inbox message) and close.
 */
export function feedbackService(deps: {
  repo: FeedbackRepository;
  inbox: InboxRepository;
  uploads: UploadsService;
  transaction: InTransaction;
  wordBounds: () => Promise<{ minWords: number; maxWords: number }>;
}) {
  const { repo, inbox, uploads, transaction, wordBounds } = deps;
  const toFeedback = (r: FeedbackRow): Feedback => ({
    id: r.id,
    questionType: r.questionType,
    content: r.content,
    images: r.images.map((i) => ({ ...i, url: uploads.url(i.id) })),
    status: r.status,
    reply: r.reply,
    repliedAt: r.repliedAt ? iso(r.repliedAt) : null,
    createdAt: iso(r.createdAt),
  });
  const toStaff = (r: FeedbackRow): StaffFeedback => ({
    ...toFeedback(r),
    memberAccount: r.memberAccount,
    repliedBy: r.repliedBy,
  });

  async function rules(): Promise<FeedbackRules> {
    const { minWords, maxWords } = await wordBounds();
    return {
      minWords,
      maxWords,
      maxChars: LIMITS.feedbackMaxChars,
      maxImages: LIMITS.uploadMaxImages,
      maxImageBytes: LIMITS.uploadMaxBytes,
      imageTypes: [...LIMITS.uploadTypes],
    };
  }

  return {
    rules,

    async submit(memberId: string, body: Submit): Promise<Feedback> {
      const repeat = await repo.byRequest(memberId, body.requestId);
      if (repeat) return toFeedback(repeat);
      const content = body.content.trim();
      const { minWords, maxWords } = await wordBounds();
      if ([...content].length > LIMITS.feedbackMaxChars)
        throw new AppError('FEEDBACK_TOO_LONG', 400, `At most ${LIMITS.feedbackMaxChars} characters.`, 'body.content', {
          max: LIMITS.feedbackMaxChars,
        });
      const words = countWords(content);
      if (words < minWords || words > maxWords)
        throw new AppError(
          words < minWords ? 'FEEDBACK_TOO_SHORT' : 'FEEDBACK_TOO_LONG',
          400,
          `The content must have between ${minWords} and ${maxWords} words.`,
          'body.content',
          { minWords, maxWords },
        );
      // Every image is checked (and re-encoded) before anything is written.
      const images = await uploads.check(body.images);
      const id = await transaction(async (trx) => {
        const id = await repo.insert(trx, {
          memberId,
          questionType: body.questionType,
          content,
          requestId: body.requestId,
        });
        if (id === undefined) return undefined; // the same request raced us and won
        await repo.attach(trx, id, await uploads.store(trx, memberId, 'FEEDBACK', images));
        return id;
      });
      const row = id === undefined ? await repo.byRequest(memberId, body.requestId) : await repo.byId(id);
      return toFeedback(row!);
    },

    async mine(memberId: string): Promise<{ items: Feedback[]; rules: FeedbackRules }> {
      const [rows, r] = await Promise.all([repo.ofMember(memberId, MY_FEEDBACK_MAX), rules()]);
      return { items: rows.map(toFeedback), rules: r };
    },

    async page(q: { status?: StaffFeedback['status'] | undefined; pageNum: number }) {
      const { rows, total } = await repo.page({
        status: q.status,
        limit: STAFF_PAGE_SIZE,
        offset: (q.pageNum - 1) * STAFF_PAGE_SIZE,
      });
      return {
        content: rows.map(toStaff),
        pageNum: q.pageNum,
        totalPages: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)),
      };
    },

    async reply(actor: Actor, id: string, reply: string): Promise<StaffFeedback> {
      await transaction(async (trx) => {
        const before = await repo.locked(trx, id);
        if (!before) throw new AppError('FEEDBACK_NOT_FOUND', 404, 'No such feedback.', 'body.id');
        await repo.setReply(trx, id, reply, actor.staffId);
        await inbox.insertSystemMessage(trx, {
          memberId: before.memberId,
          kind: 'FEEDBACK_REPLIED',
          params: { feedbackId: id },
          dedupeKey: `feedback:${id}:reply:${Date.now()}`,
        });
        await writeAudit(trx, actor, { action: 'feedback.reply', target: `feedback:${id}`, after: { reply } });
      });
      return toStaff((await repo.byId(id))!);
    },

    async close(actor: Actor, id: string): Promise<StaffFeedback> {
      await transaction(async (trx) => {
        const before = await repo.locked(trx, id);
        if (!before) throw new AppError('FEEDBACK_NOT_FOUND', 404, 'No such feedback.', 'body.id');
        await repo.close(trx, id);
        await writeAudit(trx, actor, {
          action: 'feedback.close',
          target: `feedback:${id}`,
          before: { status: before.status },
          after: { status: 'CLOSED' },
        });
      });
      return toStaff((await repo.byId(id))!);
    },
  };
}
export type FeedbackService = ReturnType<typeof feedbackService>;
