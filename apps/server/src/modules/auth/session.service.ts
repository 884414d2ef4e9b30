import { createHash, randomBytes } from 'node:crypto';
import { SESSION } from '@portal/contracts/limits.ts';
import type { SessionRepository } from './session.repository.ts';

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
export function sessionService(repo: SessionRepository, now: () => Date = () => new Date()) {
  return {
    async create(
      memberId: string,
      ctx: { ip: string; userAgent: string | undefined },
      opts: { passwordChangeRequired?: boolean } = {},
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await repo.insert({
        memberId,
        tokenHash: hashToken(token),
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + SESSION.absoluteHours * 3_600_000),
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 300) ?? null,
        passwordChangeRequired: opts.passwordChangeRequired ?? false,
      });
      return token;
    },

    /**
     * The live session of a token, touching its idle clock unless `touch` is false; undefined when
     * unknown, expired, revoked or its member is disabled.
     */
    async resolve(token: string, { touch = true }: { touch?: boolean } = {}): Promise<SessionMember | undefined> {
      const at = now();
      const idleSince = new Date(at.getTime() - SESSION.idleMinutes * 60_000);
      const row = await repo.live(hashToken(token), at, idleSince);
      if (!row) return undefined;
      // Use keeps a session alive; recording it once a minute is enough for a 60-minute idle limit and
      // spares every call a write (and its commit) on the hot path.
      if (touch && at.getTime() - new Date(row.lastSeenAt).getTime() >= SESSION_TOUCH_MS)
        await repo.touch(row.sessionId, at);
      return {
        sessionId: row.sessionId,
        memberId: row.memberId,
        type: row.type,
        passwordChangeRequired: row.passwordChangeRequired,
      };
    },

    revoke: (sessionId: string): Promise<boolean> => repo.revoke(sessionId, now()),
  };
}
export type SessionService = ReturnType<typeof sessionService>;
