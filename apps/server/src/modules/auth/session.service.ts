import { createHash, randomBytes } from 'node:crypto';
import { SESSION } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface SessionMember {
  sessionId: string;
  memberId: string;
  type: number;
  /** Issued at a sign-in on the default or an expired password: only the calls that change it answer. */
  passwordChangeRequired: boolean;
}

/** How stale a session's last use may be before a call records it again. */
const SESSION_TOUCH_MS = 60_000;

/** Bearer sessions: 256 random bits, stored only as a hash, idle and absolute expiry, revocable. */
export function sessionService(db: Db, now: () => Date = () => new Date()) {
  return {
    async create(
      memberId: string,
      ctx: { ip: string; userAgent: string | undefined },
      opts: { passwordChangeRequired?: boolean } = {},
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await db
        .insertInto('memberSession')
        .values({
          memberId,
          tokenHash: hashToken(token),
          createdAt: at,
          lastSeenAt: at,
          expiresAt: new Date(at.getTime() + SESSION.absoluteHours * 3_600_000),
          ip: ctx.ip,
          userAgent: ctx.userAgent?.slice(0, 300) ?? null,
          passwordChangeRequired: opts.passwordChangeRequired ?? false,
        })
        .execute();
      return token;
    },

    /**
     * The live session of a token, touching its idle clock unless `touch` is false; undefined when
     * unknown, expired, revoked or its member is disabled.
     */
    async resolve(token: string, { touch = true }: { touch?: boolean } = {}): Promise<SessionMember | undefined> {
      const at = now();
      const idleSince = new Date(at.getTime() - SESSION.idleMinutes * 60_000);
      // Every signed-in call runs this query: written as SQL so the builder's per-call work is spared.
      const { rows } = await sql<{
        sessionId: string;
        memberId: string;
        type: number;
        lastSeenAt: Date;
        passwordChangeRequired: boolean;
      }>`
        SELECT s.id AS session_id, s.member_id, m.type, s.last_seen_at, s.password_change_required
          FROM member_session s JOIN member m ON m.id = s.member_id
         WHERE s.token_hash = ${hashToken(token)} AND s.revoked_at IS NULL AND s.expires_at > ${at}
           AND s.last_seen_at > ${idleSince} AND m.status = 'ACTIVE'`.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      // Use keeps a session alive; recording it once a minute is enough for a 60-minute idle limit and
      // spares every call a write (and its commit) on the hot path.
      if (touch && at.getTime() - new Date(row.lastSeenAt).getTime() >= SESSION_TOUCH_MS)
        await db.updateTable('memberSession').set({ lastSeenAt: at }).where('id', '=', row.sessionId).execute();
      return {
        sessionId: row.sessionId,
        memberId: row.memberId,
        type: row.type,
        passwordChangeRequired: row.passwordChangeRequired,
      };
    },

    async revoke(sessionId: string): Promise<boolean> {
      const r = await db
        .updateTable('memberSession')
        .set({ revokedAt: now() })
        .where('id', '=', sessionId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** On password change: every session of the member ends, but the one that made the change may be re-issued. */
    async revokeAll(memberId: string): Promise<number> {
      const r = await db
        .updateTable('memberSession')
        .set({ revokedAt: now() })
        .where('memberId', '=', memberId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
