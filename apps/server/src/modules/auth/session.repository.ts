import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';
import type { MemberSessionTable } from '../../db/schema.ts';

/** A live session with its member, as every signed-in call reads it. */
export interface LiveSessionRow {
  sessionId: string;
  memberId: string;
  type: number;
  lastSeenAt: Date;
  passwordChangeRequired: boolean;
}

/** Members' bearer sessions (`member_session`), found by the hash of their token. */
export function sessionRepository(db: Db) {
  return {
    insert: (row: Insertable<MemberSessionTable>) => db.insertInto('memberSession').values(row).execute(),

    /**
     * The session of a token hash that is neither revoked, expired at `at`, idle since `idleSince`,
     * nor its member disabled. Every signed-in call runs this query: written as SQL so the builder's
     * per-call work is spared.
     */
    live: async (tokenHash: string, at: Date, idleSince: Date): Promise<LiveSessionRow | undefined> => {
      const { rows } = await sql<LiveSessionRow>`
        SELECT s.id AS session_id, s.member_id, m.type, s.last_seen_at, s.password_change_required
          FROM member_session s JOIN member m ON m.id = s.member_id
         WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > ${at}
           AND s.last_seen_at > ${idleSince} AND m.status = 'ACTIVE'`.execute(db);
      return rows[0];
    },

    /** Records the session's use at `at` (its idle clock). */
    touch: (sessionId: string, at: Date) =>
      db.updateTable('memberSession').set({ lastSeenAt: at }).where('id', '=', sessionId).execute(),

    /** Ends one session; false when it had already ended. */
    revoke: async (sessionId: string, at: Date): Promise<boolean> => {
      const r = await db
        .updateTable('memberSession')
        .set({ revokedAt: at })
        .where('id', '=', sessionId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Ends every live session of a member with `trx` (a caller's transaction, or the database); how many ended. */
    revokeAllOf: async (trx: Executor, memberId: string, at: Date): Promise<number> => {
      const r = await trx
        .updateTable('memberSession')
        .set({ revokedAt: at })
        .where('memberId', '=', memberId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
export type SessionRepository = ReturnType<typeof sessionRepository>;
