import type { MessageAudience, MessageKind } from '@portal/contracts/inbox/inbox.contract.ts';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';

export interface InboxRow {
  id: string;
  kind: MessageKind;
  sender: 'STAFF' | 'SYSTEM';
  audience: MessageAudience;
  title: string;
  content: string;
  params: Record<string, string | null>;
  read: boolean;
  createdAt: Date;
}

export interface SentRow {
  id: string;
  audience: MessageAudience;
  memberAccount: string | null;
  memberType: number | null;
  title: string;
  content: string;
  staffUsername: string | null;
  reads: number;
  createdAt: Date;
}

/**
 * The messages a member may see: their personal ones, and the group and site-wide messages sent
 * since they registered to a group they are in now (their member type, an agent above them).
 * Minus those they deleted; `read` from their receipt. Group messages need no row per member.
 */
const visible = (memberId: string) => sql`
  WITH me AS (SELECT id, type, created_at FROM member WHERE id = ${memberId}),
  msg AS (
    SELECT m.* FROM inbox_message m WHERE m.audience = 'MEMBER' AND m.member_id = ${memberId}
    UNION ALL
    SELECT m.* FROM inbox_message m, me
     WHERE m.audience <> 'MEMBER' AND m.created_at >= me.created_at
       AND (m.audience = 'ALL'
         OR (m.audience = 'MEMBER_TYPE' AND m.member_type = me.type)
         OR (m.audience = 'DOWNLINE' AND EXISTS (
               SELECT 1 FROM member_tree t
                WHERE t.ancestor_id = m.member_id AND t.descendant_id = me.id AND t.depth >= 1)))
  ),
  visible AS (
    SELECT msg.*, r.read_at IS NOT NULL AS read
      FROM msg LEFT JOIN inbox_receipt r ON r.message_id = msg.id AND r.member_id = ${memberId}
     WHERE r.deleted_at IS NULL
  )`;

/** The inbox tables: a member's view, their receipts, and the back office's sends. */
export function inboxRepository(db: Db) {
  return {
    async page(
      memberId: string,
      q: { limit: number; offset: number; unreadOnly: boolean },
    ): Promise<{ rows: InboxRow[]; total: number; unread: number }> {
      const { rows } = await sql<InboxRow & { total: number; unread: number }>`
        ${visible(memberId)}
        SELECT v.id::text, v.kind, v.sender, v.audience, v.title, v.content, v.params, v.read, v.created_at,
               (SELECT count(*)::int FROM visible) AS total,
               (SELECT count(*)::int FROM visible WHERE NOT read) AS unread
          FROM visible v
         WHERE ${q.unreadOnly ? sql`NOT v.read` : sql`true`}
         ORDER BY v.id DESC
         LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
      if (rows.length > 0) return { rows, total: rows[0]!.total, unread: rows[0]!.unread };
      const counts = await sql<{ total: number; unread: number }>`
        ${visible(memberId)}
        SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT read)::int AS unread FROM visible`.execute(db);
      return { rows: [], ...counts.rows[0]! };
    },

    async unreadCount(memberId: string, executor: Executor = db): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        ${visible(memberId)}
        SELECT count(*)::int AS n FROM visible WHERE NOT read`.execute(executor);
      return rows[0]!.n;
    },

    /** Marks read the named (or all) unread messages the member can see; others' messages are never touched. */
    async markRead(memberId: string, ids: string[] | 'ALL'): Promise<void> {
      await sql`
        ${visible(memberId)}
        INSERT INTO inbox_receipt (message_id, member_id, read_at)
        SELECT id, ${memberId}, now() FROM visible
         WHERE NOT read ${ids === 'ALL' ? sql`` : sql`AND id = ANY(${ids}::bigint[])`}
        ON CONFLICT (member_id, message_id) DO UPDATE SET read_at = coalesce(inbox_receipt.read_at, excluded.read_at)`.execute(
        db,
      );
    },

    /** Deletes for this member only the named messages they can see; answers how many. */
    async remove(memberId: string, ids: string[]): Promise<number> {
      const result = await sql`
        ${visible(memberId)}
        INSERT INTO inbox_receipt (message_id, member_id, deleted_at)
        SELECT id, ${memberId}, now() FROM visible WHERE id = ANY(${ids}::bigint[])
        ON CONFLICT (member_id, message_id) DO UPDATE SET deleted_at = excluded.deleted_at`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    async memberByAccount(
      account: string,
      executor: Executor = db,
    ): Promise<{ id: string; account: string; type: number } | undefined> {
      const { rows } = await sql<{ id: string; account: string; type: number }>`
        SELECT id::text, account, type FROM member WHERE account_key = ${account.toLowerCase()}`.execute(executor);
      return rows[0];
    },

    async insertStaffMessage(
      trx: Executor,
      m: {
        audience: MessageAudience;
        memberId: string | null;
        memberType: number | null;
        staffId: string | null;
        title: string;
        content: string;
      },
    ): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO inbox_message (audience, member_id, member_type, sender, staff_id, kind, title, content)
        VALUES (${m.audience}, ${m.memberId}, ${m.memberType}, 'STAFF', ${m.staffId}, 'STAFF', ${m.title}, ${m.content})
        RETURNING id::text`.execute(trx);
      return rows[0]!.id;
    },

    /** A system message to one member, once per `dedupeKey` (the same function the cashier triggers use). */
    async insertSystemMessage(
      trx: Executor,
      m: { memberId: string; kind: MessageKind; params: Record<string, string | null>; dedupeKey: string },
    ): Promise<void> {
      await sql`SELECT inbox_system_message(${m.memberId}, ${m.kind}, ${JSON.stringify(m.params)}::jsonb, ${m.dedupeKey})`.execute(
        trx,
      );
    },

    async sentPage(q: { limit: number; offset: number }, ids?: string[]): Promise<{ rows: SentRow[]; total: number }> {
      const { rows } = await sql<SentRow & { total: number }>`
        SELECT m.id::text, m.audience, mem.account AS member_account, m.member_type, m.title, m.content,
               s.username AS staff_username, m.created_at,
               (SELECT count(*)::int FROM inbox_receipt r WHERE r.message_id = m.id AND r.read_at IS NOT NULL) AS reads,
               count(*) OVER ()::int AS total
          FROM inbox_message m
          LEFT JOIN member mem ON mem.id = m.member_id
          LEFT JOIN staff_user s ON s.id = m.staff_id
         WHERE m.sender = 'STAFF' ${ids ? sql`AND m.id = ANY(${ids}::bigint[])` : sql``}
         ORDER BY m.id DESC
         LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
      return { rows, total: rows[0]?.total ?? 0 };
    },
  };
}
export type InboxRepository = ReturnType<typeof inboxRepository>;
