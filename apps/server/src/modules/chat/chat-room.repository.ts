import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';

/** The NOTIFY channel every instance listens on for chat room events (decision 056). */
export const CHAT_CHANNEL = 'chat_room';

/**
 * What crosses instances on CHAT_CHANNEL: a new message (by id: each instance reads it once), a
 * removed one, or a member whose standing changed (muted, unmuted).
 */
export type ChatNotice = { e: 'message'; id: string } | { e: 'deleted'; id: string } | { e: 'status'; m: string };

export interface ChatMessageRow {
  id: string;
  memberId: string;
  account: string;
  name: string;
  body: string;
  mentions: string[];
  createdAt: Date;
  deletedAt: Date | null;
  deletedBy: string | null;
}

export interface ChatMuteRow {
  id: string;
  memberId: string;
  account: string;
  name: string;
  reason: string;
  until: Date;
  mutedBy: string;
  createdAt: Date;
}

const messageSelect = sql`
  SELECT c.id::text, c.member_id::text, m.account, c.name, c.body, c.mentions, c.created_at, c.deleted_at,
         s.username AS deleted_by
    FROM chat_message c
    JOIN member m ON m.id = c.member_id
    LEFT JOIN staff_user s ON s.id = c.deleted_by`;

const muteSelect = sql`
  SELECT u.id::text, u.member_id::text, m.account, coalesce(nullif(m.nickname, ''), m.account) AS name,
         u.reason, u.until, s.username AS muted_by, u.created_at
    FROM chat_mute u
    JOIN member m ON m.id = u.member_id
    JOIN staff_user s ON s.id = u.created_by`;

/** The chat room's tables: messages and mutes. */
export function chatRoomRepository(db: Db) {
  return {
    /** The member's name in the room, the handles a mention may call them by, their type. */
    async member(memberId: string): Promise<{ name: string; handles: string[]; type: number } | undefined> {
      const { rows } = await sql<{ name: string; account: string; nickname: string | null; type: number }>`
        SELECT coalesce(nullif(nickname, ''), account) AS name, account, nickname, type
          FROM member WHERE id = ${memberId}`.execute(db);
      const m = rows[0];
      if (!m) return undefined;
      const handles = [m.account, ...(m.nickname && m.nickname.trim() !== '' ? [m.nickname] : [])];
      return { name: m.name, handles, type: m.type };
    },

    /** Which of these handles (lower case) call an existing member by account or nickname, and whom. */
    async mentionable(handles: string[]): Promise<{ handle: string; memberId: string }[]> {
      if (handles.length === 0) return [];
      const { rows } = await sql<{ handle: string; memberId: string }>`
        SELECT DISTINCT ON (h.handle) h.handle, m.id::text AS member_id
          FROM unnest(${handles}::text[]) AS h(handle)
          JOIN member m ON lower(m.account) = h.handle OR lower(m.nickname) = h.handle
         ORDER BY h.handle, (lower(m.account) = h.handle) DESC, m.id`.execute(db);
      return rows;
    },

    /** Serialises one member's sends (the rate limit counts, then writes). */
    async lockMember(trx: Executor, memberId: string): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`chat:${memberId}`}, 0))`.execute(trx);
    },

    /** The member's mute in force at `at`, if any. */
    async muteInForce(memberId: string, at: Date, executor: Executor = db): Promise<ChatMuteRow | undefined> {
      const { rows } = await sql<ChatMuteRow>`${muteSelect}
        WHERE u.member_id = ${memberId} AND u.lifted_at IS NULL AND u.until > ${at}
        ORDER BY u.until DESC LIMIT 1`.execute(executor);
      return rows[0];
    },

    async mutesInForce(at: Date): Promise<ChatMuteRow[]> {
      const { rows } = await sql<ChatMuteRow>`${muteSelect}
        WHERE u.lifted_at IS NULL AND u.until > ${at} ORDER BY u.until, u.id`.execute(db);
      return rows;
    },

    /** The member's messages since `since`, oldest first (their times: the rate limit). */
    async sentSince(trx: Executor, memberId: string, since: Date): Promise<Date[]> {
      const { rows } = await sql<{ createdAt: Date }>`
        SELECT created_at FROM chat_message WHERE member_id = ${memberId} AND created_at > ${since}
         ORDER BY created_at`.execute(trx);
      return rows.map((r) => r.createdAt);
    },

    async byRequest(memberId: string, requestId: string, executor: Executor = db) {
      const { rows } = await sql<ChatMessageRow>`${messageSelect}
        WHERE c.member_id = ${memberId} AND c.request_id = ${requestId}`.execute(executor);
      return rows[0];
    },

    async insert(
      trx: Executor,
      m: { memberId: string; name: string; body: string; mentions: string[]; requestId: string; at: Date },
    ): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO chat_message (member_id, name, body, mentions, request_id, created_at)
        VALUES (${m.memberId}, ${m.name}, ${m.body}, ${m.mentions}::text[], ${m.requestId}, ${m.at})
        RETURNING id::text`.execute(trx);
      return rows[0]!.id;
    },

    async message(id: string, executor: Executor = db): Promise<ChatMessageRow | undefined> {
      const { rows } = await sql<ChatMessageRow>`${messageSelect} WHERE c.id = ${id}`.execute(executor);
      return rows[0];
    },

    /** The newest `limit` messages, oldest first; removed ones only when asked. */
    async latest(limit: number, withDeleted = false): Promise<ChatMessageRow[]> {
      const { rows } = await sql<ChatMessageRow>`
        SELECT * FROM (${messageSelect} ${withDeleted ? sql`` : sql`WHERE c.deleted_at IS NULL`}
                       ORDER BY c.id DESC LIMIT ${limit}) x
        ORDER BY x.id::bigint`.execute(db);
      return rows;
    },

    /** Marks a message removed; false when it already was. */
    async markDeleted(trx: Executor, id: string, staffId: string | null, at: Date): Promise<boolean> {
      const { rows } = await sql<{ id: string }>`
        UPDATE chat_message SET deleted_at = ${at}, deleted_by = ${staffId}
         WHERE id = ${id} AND deleted_at IS NULL RETURNING id::text`.execute(trx);
      return rows.length > 0;
    },

    /** Lifts the member's mutes in force; answers how many. */
    async liftMutes(trx: Executor, memberId: string, staffId: string | null, at: Date): Promise<number> {
      const { rows } = await sql<{ id: string }>`
        UPDATE chat_mute SET lifted_at = ${at}, lifted_by = ${staffId}
         WHERE member_id = ${memberId} AND lifted_at IS NULL AND until > ${at} RETURNING id::text`.execute(trx);
      return rows.length;
    },

    async insertMute(
      trx: Executor,
      m: { memberId: string; reason: string; until: Date; staffId: string; at: Date },
    ): Promise<string> {
      const { rows } = await sql<{ id: string }>`
        INSERT INTO chat_mute (member_id, reason, until, created_by, created_at)
        VALUES (${m.memberId}, ${m.reason}, ${m.until}, ${m.staffId}, ${m.at}) RETURNING id::text`.execute(trx);
      return rows[0]!.id;
    },

    async mute(id: string, executor: Executor = db): Promise<ChatMuteRow | undefined> {
      const { rows } = await sql<ChatMuteRow>`${muteSelect} WHERE u.id = ${id}`.execute(executor);
      return rows[0];
    },

    /** Tells every instance (after commit, when given a transaction). */
    async notify(executor: Executor, payload: ChatNotice): Promise<void> {
      await sql`SELECT pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(payload)})`.execute(executor);
    },
  };
}
export type ChatRoomRepository = ReturnType<typeof chatRoomRepository>;
