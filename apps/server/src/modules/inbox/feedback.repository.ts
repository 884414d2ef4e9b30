import type { FeedbackStatus, FeedbackType } from '@portal/contracts/inbox/feedback.contract.ts';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';

export interface FeedbackRow {
  id: string;
  memberId: string;
  memberAccount: string;
  questionType: FeedbackType;
  content: string;
  status: FeedbackStatus;
  reply: string | null;
  repliedAt: Date | null;
  repliedBy: string | null;
  createdAt: Date;
  /** Image upload ids with their size, in order. */
  images: { id: string; width: number; height: number }[];
}

const select = sql`
  SELECT f.id::text, f.member_id::text, m.account AS member_account, f.question_type, f.content, f.status,
         f.reply, f.replied_at, s.username AS replied_by, f.created_at,
         coalesce((SELECT json_agg(json_build_object('id', u.id::text, 'width', u.width, 'height', u.height)
                                   ORDER BY fi.position)
                     FROM feedback_image fi JOIN upload u ON u.id = fi.upload_id
                    WHERE fi.feedback_id = f.id), '[]'::json) AS images
    FROM feedback f
    JOIN member m ON m.id = f.member_id
    LEFT JOIN staff_user s ON s.id = f.replied_by`;

/** The feedback tables: a member's own, the back office's queue, replies. */
export function feedbackRepository(db: Db) {
  return {
    async byRequest(memberId: string, requestId: string, executor: Executor = db): Promise<FeedbackRow | undefined> {
      const { rows } = await sql<FeedbackRow>`${select}
        WHERE f.member_id = ${memberId} AND f.request_id = ${requestId}`.execute(executor);
      return rows[0];
    },

    async byId(id: string, executor: Executor = db): Promise<FeedbackRow | undefined> {
      const { rows } = await sql<FeedbackRow>`${select} WHERE f.id = ${id}`.execute(executor);
      return rows[0];
    },

    /** Inserts the feedback unless this request id was already used; answers its id, or undefined for a repeat. */
    async insert(
      trx: Executor,
      f: { memberId: string; questionType: FeedbackType; content: string; requestId: string },
    ): Promise<string | undefined> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO feedback (member_id, question_type, content, request_id)
        VALUES (${f.memberId}, ${f.questionType}, ${f.content}, ${f.requestId})
        ON CONFLICT (member_id, request_id) DO NOTHING
        RETURNING id::text`.execute(trx);
      return rows[0]?.id;
    },

    async attach(trx: Executor, feedbackId: string, uploadIds: string[]): Promise<void> {
      for (const [position, uploadId] of uploadIds.entries())
        await sql`INSERT INTO feedback_image (feedback_id, position, upload_id)
                  VALUES (${feedbackId}, ${position}, ${uploadId})`.execute(trx);
    },

    async ofMember(memberId: string, limit: number): Promise<FeedbackRow[]> {
      const { rows } = await sql<FeedbackRow>`${select}
        WHERE f.member_id = ${memberId} ORDER BY f.id DESC LIMIT ${limit}`.execute(db);
      return rows;
    },

    async page(q: { status?: FeedbackStatus | undefined; limit: number; offset: number }) {
      const { rows } = await sql<FeedbackRow & { total: number }>`
        SELECT x.*, count(*) OVER ()::int AS total FROM (${select}
          WHERE ${q.status ? sql`f.status = ${q.status}` : sql`true`}) x
        ORDER BY x.id::bigint DESC LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
      return { rows, total: rows[0]?.total ?? 0 };
    },

    /** Locks the row for a decision. */
    async locked(trx: Executor, id: string): Promise<{ memberId: string; status: FeedbackStatus } | undefined> {
      const { rows } = await sql<{ memberId: string; status: FeedbackStatus }>`
        SELECT member_id::text, status FROM feedback WHERE id = ${id} FOR UPDATE`.execute(trx);
      return rows[0];
    },

    async setReply(trx: Executor, id: string, reply: string, staffId: string | null): Promise<void> {
      await sql`UPDATE feedback SET reply = ${reply}, replied_at = now(), replied_by = ${staffId},
                  status = CASE WHEN status = 'CLOSED' THEN 'CLOSED' ELSE 'REPLIED' END
                WHERE id = ${id}`.execute(trx);
    },

    async close(trx: Executor, id: string): Promise<void> {
      await sql`UPDATE feedback SET status = 'CLOSED' WHERE id = ${id}`.execute(trx);
    },
  };
}
export type FeedbackRepository = ReturnType<typeof feedbackRepository>;
