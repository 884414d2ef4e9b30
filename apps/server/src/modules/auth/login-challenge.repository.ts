import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { LoginChallengeTable } from '../../db/schema.ts';

/** The new-address challenges of sign-ins (spec §8): issued once, answered once, attempts counted. */
export function loginChallengeRepository(db: Db) {
  return {
    insert: (row: Insertable<LoginChallengeTable>) => db.insertInto('loginChallenge').values(row).execute(),

    /** A challenge not yet answered and not expired at `now`. */
    open: (id: string, now: Date) =>
      db
        .selectFrom('loginChallenge')
        .selectAll()
        .where('id', '=', id)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', now)
        .executeTakeFirst(),

    /** Counts a wrong answer; the count after it (undefined if the challenge is gone). */
    countWrongAnswer: async (id: string) =>
      (
        await db
          .updateTable('loginChallenge')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .returning('attempts')
          .executeTakeFirst()
      )?.attempts,

    /** Marks it answered; false when another request answered it first. */
    markUsed: async (id: string, now: Date) =>
      (await db
        .updateTable('loginChallenge')
        .set({ usedAt: now })
        .where('id', '=', id)
        .where('usedAt', 'is', null)
        .returning('id')
        .executeTakeFirst()) !== undefined,
  };
}
export type LoginChallengeRepository = ReturnType<typeof loginChallengeRepository>;
