import type { getMessages, InboxMessage } from '@portal/contracts/inbox/inbox.contract.ts';
import type { SendMessage, SendMessageBody, SentMessage } from '@portal/contracts/backoffice/inbox.contract.ts';
import { INBOX_PAGE_SIZE } from '@portal/contracts/inbox/inbox.contract.ts';
import type { RouteValue } from '@portal/contracts/http.ts';
import { isAgentType } from '@portal/contracts/limits.ts';
import type { z } from 'zod';
import type { InTransaction } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import { hasVisibleContent, sanitizeContentHtml } from '../content/sanitize-html.ts';
import type { InboxRepository, InboxRow, SentRow } from './inbox.repository.ts';

type Page = RouteValue<typeof getMessages>;
type Send = z.output<typeof SendMessageBody>;
export type { SendMessage };

const SENT_PAGE_SIZE = 20;
const iso = (d: Date | string) => new Date(d).toISOString();
const SCOPE = { MEMBER: 'PERSONAL', MEMBER_TYPE: 'GROUP', DOWNLINE: 'GROUP', ALL: 'SITE' } as const;

const toMessage = (r: InboxRow): InboxMessage => ({
  id: String(r.id),
  kind: r.kind,
  sender: r.sender,
  scope: SCOPE[r.audience],
  title: r.title,
  content: r.content,
  params: Object.fromEntries(
    Object.entries(r.params ?? {}).map(([k, v]) => [k, v === null || v === undefined ? null : String(v)]),
  ),
  read: r.read,
  createdAt: iso(r.createdAt),
});

const toSent = (r: SentRow): SentMessage => ({
  id: r.id,
  audience: r.audience,
  target: r.memberAccount ?? (r.memberType === null ? '' : String(r.memberType)),
  title: r.title,
  content: r.content,
  staffUsername: r.staffUsername,
  reads: r.reads,
  createdAt: iso(r.createdAt),
});

/**
 * The inbox (issue 18, decision 053): what a member reads, and what staff send. Group and site-wide
 * messages are one row each; a member's read or deleted state is created when they first act on it.
 */
export function inboxService({ repo, transaction }: { repo: InboxRepository; transaction: InTransaction }) {
  return {
    async page(memberId: string, q: { pageNum: number; unreadOnly: boolean }): Promise<Page> {
      const { rows, total, unread } = await repo.page(memberId, {
        limit: INBOX_PAGE_SIZE,
        offset: (q.pageNum - 1) * INBOX_PAGE_SIZE,
        unreadOnly: q.unreadOnly,
      });
      const listed = q.unreadOnly ? unread : total;
      return {
        content: rows.map(toMessage),
        pageNum: q.pageNum,
        totalPages: Math.max(1, Math.ceil(listed / INBOX_PAGE_SIZE)),
        total,
        unread,
      };
    },

    unreadCount: (memberId: string) => repo.unreadCount(memberId),

    async read(memberId: string, ids: string[] | 'ALL'): Promise<{ unread: number }> {
      await repo.markRead(memberId, ids);
      return { unread: await repo.unreadCount(memberId) };
    },

    async remove(memberId: string, ids: string[]): Promise<{ deleted: number; unread: number }> {
      const deleted = await repo.remove(memberId, ids);
      return { deleted, unread: await repo.unreadCount(memberId) };
    },

    /** Staff send: sanitized HTML, the target checked, the message and its audit row committed together. */
    async send(actor: Actor, body: Send): Promise<SentMessage> {
      const content = sanitizeContentHtml(body.content);
      if (!hasVisibleContent(content))
        throw new AppError('MESSAGE_EMPTY', 400, 'The message has nothing to show.', 'body.content');
      const id = await transaction(async (trx) => {
        let memberId: string | null = null;
        let memberType: number | null = null;
        if (body.audience === 'MEMBER' || body.audience === 'DOWNLINE') {
          const member = await repo.memberByAccount(body.account, trx);
          if (!member || (body.audience === 'DOWNLINE' && !isAgentType(member.type)))
            throw new AppError(
              'MEMBER_NOT_FOUND',
              404,
              body.audience === 'DOWNLINE' ? 'No agent has that account.' : 'No member has that account.',
              'body.account',
            );
          memberId = member.id;
        }
        if (body.audience === 'MEMBER_TYPE') memberType = body.memberType;
        const id = await repo.insertStaffMessage(trx, {
          audience: body.audience,
          memberId,
          memberType,
          staffId: actor.staffId,
          title: body.title,
          content,
        });
        await writeAudit(trx, actor, {
          action: 'message.send',
          target: `message:${id}`,
          after: { audience: body.audience, memberId, memberType, title: body.title, content },
        });
        return id;
      });
      const { rows } = await repo.sentPage({ limit: 1, offset: 0 }, [id]);
      return toSent(rows[0]!);
    },

    async sent(pageNum: number): Promise<{ content: SentMessage[]; pageNum: number; totalPages: number }> {
      const { rows, total } = await repo.sentPage({ limit: SENT_PAGE_SIZE, offset: (pageNum - 1) * SENT_PAGE_SIZE });
      return { content: rows.map(toSent), pageNum, totalPages: Math.max(1, Math.ceil(total / SENT_PAGE_SIZE)) };
    },
  };
}
export type InboxService = ReturnType<typeof inboxService>;
