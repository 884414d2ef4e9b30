import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';

/** Who is on the player's side of a conversation: a member, or a guest who gave a name. */
export type SupportParty =
  { kind: 'MEMBER'; memberId: string; name: string } | { kind: 'GUEST'; guestId: string; name: string };

/** The NOTIFY channel every instance listens on for support events (decision 057). */
export const SUPPORT_CHANNEL = 'support_event';

export interface ConversationRow {
  id: string;
  memberId: string | null;
  memberAccount: string | null;
  guestId: string | null;
  guestName: string | null;
  status: 'OPEN' | 'CLOSED';
  assignedStaffId: string | null;
  staffName: string | null;
  playerReadUpto: string;
  staffReadUpto: string;
  createdAt: Date;
  lastMessageAt: Date;
  closedAt: Date | null;
  lastMessage: string | null;
  lastAuthor: 'PLAYER' | 'STAFF' | 'SYSTEM' | null;
  lastEvent: 'HANDOVER' | 'CLOSED' | null;
  lastImages: number;
  unread: number;
}

export interface MessageRow {
  id: string;
  conversationId: string;
  author: 'PLAYER' | 'STAFF' | 'SYSTEM';
  body: string;
  event: 'HANDOVER' | 'CLOSED' | null;
  staffName: string | null;
  eventStaffName: string | null;
  createdAt: Date;
  images: { id: string; width: number; height: number }[];
}

const conversationSelect = sql`
  SELECT c.id::text, c.member_id::text, m.account AS member_account, c.guest_id::text, g.name AS guest_name,
         c.status, c.assigned_staff_id::text, s.display_name AS staff_name,
         c.player_read_upto::text, c.staff_read_upto::text, c.created_at, c.last_message_at, c.closed_at,
         last.body AS last_message, last.author AS last_author, last.event AS last_event,
         coalesce(last.images, 0) AS last_images,
         (SELECT count(*)::int FROM support_message u
           WHERE u.conversation_id = c.id AND u.author = 'PLAYER' AND u.id > c.staff_read_upto) AS unread
    FROM support_conversation c
    LEFT JOIN member m ON m.id = c.member_id
    LEFT JOIN support_guest g ON g.id = c.guest_id
    LEFT JOIN staff_user s ON s.id = c.assigned_staff_id
    LEFT JOIN LATERAL (
      SELECT lm.body, lm.author, lm.event,
             (SELECT count(*)::int FROM support_message_image i WHERE i.message_id = lm.id) AS images
        FROM support_message lm WHERE lm.conversation_id = c.id ORDER BY lm.id DESC LIMIT 1
    ) last ON true`;

const messageSelect = sql`
  SELECT sm.id::text, sm.conversation_id::text, sm.author, sm.body, sm.event, sm.created_at,
         s.display_name AS staff_name, es.display_name AS event_staff_name,
         coalesce((SELECT json_agg(json_build_object('id', u.id::text, 'width', u.width, 'height', u.height)
                                   ORDER BY mi.position)
                     FROM support_message_image mi JOIN upload u ON u.id = mi.upload_id
                    WHERE mi.message_id = sm.id), '[]'::json) AS images
    FROM support_message sm
    LEFT JOIN staff_user s ON s.id = sm.staff_id
    LEFT JOIN staff_user es ON es.id = sm.event_staff_id`;

/** The player's side of a conversation as SQL: its member or its guest. */
const partyIs = (p: SupportParty) =>
  p.kind === 'MEMBER' ? sql`c.member_id = ${p.memberId}` : sql`c.guest_id = ${p.guestId}`;

/** The support tables: guests, conversations, messages and their images, canned replies. */
export function supportRepository(db: Db) {
  return {
    async insertGuest(g: { name: string; tokenHash: string; ip: string | null }): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO support_guest (name, token_hash, ip) VALUES (${g.name}, ${g.tokenHash}, ${g.ip})
        RETURNING id::text`.execute(db);
      return rows[0]!.id;
    },

    async guestByToken(tokenHash: string): Promise<{ id: string; name: string } | undefined> {
      const { rows } = await sql<{ id: string; name: string }>`
        SELECT id::text, name FROM support_guest WHERE token_hash = ${tokenHash}`.execute(db);
      return rows[0];
    },

    async memberName(memberId: string): Promise<string> {
      const { rows } = await sql<{ name: string }>`
        SELECT coalesce(nullif(nickname, ''), account) AS name FROM member WHERE id = ${memberId}`.execute(db);
      return rows[0]?.name ?? '';
    },

    /** The party's newest conversation (open or closed). */
    async latestOf(p: SupportParty, executor: Executor = db): Promise<ConversationRow | undefined> {
      const { rows } = await sql<ConversationRow>`${conversationSelect}
        WHERE ${partyIs(p)} ORDER BY c.id DESC LIMIT 1`.execute(executor);
      return rows[0];
    },

    async byId(id: string, executor: Executor = db): Promise<ConversationRow | undefined> {
      const { rows } = await sql<ConversationRow>`${conversationSelect} WHERE c.id = ${id}`.execute(executor);
      return rows[0];
    },

    /** The party's open conversation, opened now when there is none (two at once open one). Answers its id. */
    async openFor(trx: Executor, p: SupportParty): Promise<string> {
      const column = p.kind === 'MEMBER' ? sql`member_id` : sql`guest_id`;
      const value = p.kind === 'MEMBER' ? p.memberId : p.guestId;
      await sql`
        INSERT INTO support_conversation (${column}) VALUES (${value})
        ON CONFLICT (${column}) WHERE status = 'OPEN' DO NOTHING`.execute(trx);
      const { rows } = await sql<{ id: string }>`
        SELECT id::text FROM support_conversation c WHERE ${partyIs(p)} AND status = 'OPEN'`.execute(trx);
      return rows[0]!.id;
    },

    /** Locks the conversation for a decision. */
    async locked(
      trx: Executor,
      id: string,
    ): Promise<
      { id: string; status: 'OPEN' | 'CLOSED'; assignedStaffId: string | null; partyKey: string } | undefined
    > {
      const { rows } = await sql<{
        id: string;
        status: 'OPEN' | 'CLOSED';
        assignedStaffId: string | null;
        partyKey: string;
      }>`
        SELECT id::text, status, assigned_staff_id::text,
               CASE WHEN member_id IS NOT NULL THEN 'm:' || member_id ELSE 'g:' || guest_id END AS party_key
          FROM support_conversation WHERE id = ${id} FOR UPDATE`.execute(trx);
      return rows[0];
    },

    /** Adds a message unless this author already sent this request id here; answers its id, or undefined for a repeat. */
    async insertMessage(
      trx: Executor,
      m: {
        conversationId: string;
        author: 'PLAYER' | 'STAFF' | 'SYSTEM';
        staffId?: string | null;
        body: string;
        event?: 'HANDOVER' | 'CLOSED' | null;
        eventStaffId?: string | null;
        requestId?: string | null;
      },
    ): Promise<string | undefined> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO support_message (conversation_id, author, staff_id, body, event, event_staff_id, request_id)
        VALUES (${m.conversationId}, ${m.author}, ${m.staffId ?? null}, ${m.body}, ${m.event ?? null},
                ${m.eventStaffId ?? null}, ${m.requestId ?? null})
        ON CONFLICT (conversation_id, author, request_id) WHERE request_id IS NOT NULL DO NOTHING
        RETURNING id::text`.execute(trx);
      if (rows[0])
        await sql`UPDATE support_conversation SET last_message_at = now() WHERE id = ${m.conversationId}`.execute(trx);
      return rows[0]?.id;
    },

    async attach(trx: Executor, messageId: string, uploadIds: string[]): Promise<void> {
      for (const [position, uploadId] of uploadIds.entries())
        await sql`INSERT INTO support_message_image (message_id, position, upload_id)
                  VALUES (${messageId}, ${position}, ${uploadId})`.execute(trx);
    },

    /** A message the party (or staff, by author) sent earlier with this request id, in any of the party's conversations. */
    async playerRepeat(p: SupportParty, requestId: string): Promise<MessageRow | undefined> {
      const { rows } = await sql<MessageRow>`${messageSelect}
        JOIN support_conversation c ON c.id = sm.conversation_id
        WHERE ${partyIs(p)} AND sm.author = 'PLAYER' AND sm.request_id = ${requestId}`.execute(db);
      return rows[0];
    },

    async staffRepeat(conversationId: string, requestId: string): Promise<MessageRow | undefined> {
      const { rows } = await sql<MessageRow>`${messageSelect}
        WHERE sm.conversation_id = ${conversationId} AND sm.author = 'STAFF' AND sm.request_id = ${requestId}`.execute(
        db,
      );
      return rows[0];
    },

    async message(id: string): Promise<MessageRow | undefined> {
      const { rows } = await sql<MessageRow>`${messageSelect} WHERE sm.id = ${id}`.execute(db);
      return rows[0];
    },

    /** The newest `limit` messages of a conversation, oldest first. */
    async messages(conversationId: string, limit: number): Promise<MessageRow[]> {
      const { rows } = await sql<MessageRow>`
        SELECT * FROM (${messageSelect} WHERE sm.conversation_id = ${conversationId}
                       ORDER BY sm.id DESC LIMIT ${limit}) x
        ORDER BY x.id::bigint`.execute(db);
      return rows;
    },

    /**
     * Moves one side's read mark forward to `upTo`, never past the conversation's newest message and
     * never back. Answers the mark, and whether it moved.
     */
    async markRead(
      conversationId: string,
      side: 'PLAYER' | 'STAFF',
      upTo: string,
    ): Promise<{ upTo: string; moved: boolean }> {
      const column = side === 'PLAYER' ? sql`player_read_upto` : sql`staff_read_upto`;
      const { rows } = await sql<{ upTo: string; before: string }>`
        WITH target AS (
          SELECT least(${upTo}::bigint,
                       coalesce((SELECT max(id) FROM support_message WHERE conversation_id = ${conversationId}), 0)) AS v
        ), prev AS (SELECT ${column} AS b FROM support_conversation WHERE id = ${conversationId})
        UPDATE support_conversation c SET ${column} = greatest(c.${column}, (SELECT v FROM target))
          FROM prev
         WHERE c.id = ${conversationId}
        RETURNING c.${column}::text AS up_to, prev.b::text AS before`.execute(db);
      const row = rows[0];
      return { upTo: row?.upTo ?? '0', moved: row !== undefined && row.upTo !== row.before };
    },

    async assign(trx: Executor, id: string, staffId: string): Promise<void> {
      await sql`UPDATE support_conversation SET assigned_staff_id = ${staffId} WHERE id = ${id}`.execute(trx);
    },

    async close(trx: Executor, id: string, staffId: string): Promise<void> {
      await sql`UPDATE support_conversation SET status = 'CLOSED', closed_at = now(), closed_by = ${staffId}
                 WHERE id = ${id}`.execute(trx);
    },

    /** The queue: open conversations, the longest waiting first; or the newest closed ones. */
    async queue(q: { status: 'OPEN' | 'CLOSED'; heldBy?: string | undefined; limit: number }) {
      const { rows } = await sql<ConversationRow>`${conversationSelect}
        WHERE c.status = ${q.status} ${q.heldBy ? sql`AND c.assigned_staff_id = ${q.heldBy}` : sql``}
        ORDER BY ${q.status === 'OPEN' ? sql`c.last_message_at ASC` : sql`c.closed_at DESC`}, c.id
        LIMIT ${q.limit}`.execute(db);
      return rows;
    },

    /** Active staff whose role is one of `roles`. */
    async staffWithRoles(roles: readonly string[]) {
      const { rows } = await sql<{ id: string; displayName: string; username: string; role: string }>`
        SELECT id::text, display_name, username, role FROM staff_user
         WHERE status = 'ACTIVE' AND role = ANY(${[...roles]}::text[]) ORDER BY display_name, id`.execute(db);
      return rows;
    },

    async cannedReplies() {
      const { rows } = await sql<{
        id: string;
        title: string;
        body: string;
        updatedBy: string | null;
        updatedAt: Date;
      }>`
        SELECT r.id::text, r.title, r.body, s.username AS updated_by, r.updated_at
          FROM support_canned_reply r LEFT JOIN staff_user s ON s.id = r.updated_by
         ORDER BY lower(r.title), r.id`.execute(db);
      return rows;
    },

    async cannedReply(id: string, executor: Executor = db) {
      const { rows } = await sql<{ id: string; title: string; body: string }>`
        SELECT id::text, title, body FROM support_canned_reply WHERE id = ${id}`.execute(executor);
      return rows[0];
    },

    async insertCanned(trx: Executor, r: { title: string; body: string; staffId: string }): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO support_canned_reply (title, body, updated_by) VALUES (${r.title}, ${r.body}, ${r.staffId})
        RETURNING id::text`.execute(trx);
      return rows[0]!.id;
    },

    async updateCanned(trx: Executor, r: { id: string; title: string; body: string; staffId: string }) {
      await sql`UPDATE support_canned_reply SET title = ${r.title}, body = ${r.body}, updated_by = ${r.staffId},
                       updated_at = now() WHERE id = ${r.id}`.execute(trx);
    },

    async deleteCanned(trx: Executor, id: string): Promise<boolean> {
      const { numAffectedRows } = await sql`DELETE FROM support_canned_reply WHERE id = ${id}`.execute(trx);
      return Number(numAffectedRows ?? 0) > 0;
    },

    /** Tells every instance (after commit, when given a transaction). */
    async notify(executor: Executor, payload: SupportNotice): Promise<void> {
      await sql`SELECT pg_notify(${SUPPORT_CHANNEL}, ${JSON.stringify(payload)})`.execute(executor);
    },
  };
}
export type SupportRepository = ReturnType<typeof supportRepository>;

/**
 * What crosses instances on SUPPORT_CHANNEL: the conversation, its player's key (`m:<member>` or
 * `g:<guest>`, whose sockets hear it) and what happened. Messages travel by id (each instance reads it).
 */
export interface SupportNotice {
  c: string;
  p: string;
  e: 'message' | 'typing' | 'read' | 'conversation';
  m?: string;
  by?: 'PLAYER' | 'STAFF';
  upTo?: string;
}
