import type { Db } from '../../db/client.ts';

/** Failed sign-ins (`login_failure`), one row per failure per scope: the account and the address. */
export function loginFailureRepository(db: Db) {
  return {
    /** Failures of `key` in `scope` after `since`. */
    count: async (scope: 'ACCOUNT' | 'IP', key: string, since: Date): Promise<number> => {
      const r = await db
        .selectFrom('loginFailure')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** One failure of the account and one of the address, at `at`. */
    record: (accountKey: string, ip: string, at: Date) =>
      db
        .insertInto('loginFailure')
        .values([
          { scope: 'ACCOUNT', key: accountKey, at },
          { scope: 'IP', key: ip, at },
        ])
        .execute(),

    /** Forgets the account's failures (a good sign-in); the address keeps its own. */
    clearAccount: (accountKey: string) =>
      db.deleteFrom('loginFailure').where('scope', '=', 'ACCOUNT').where('key', '=', accountKey).execute(),
  };
}
export type LoginFailureRepository = ReturnType<typeof loginFailureRepository>;

/** Image captchas (`captcha_challenge`): the answer's hash, single use, with an expiry. */
export function captchaRepository(db: Db) {
  return {
    insert: (row: { id: string; answerHash: string; expiresAt: Date }) =>
      db.insertInto('captchaChallenge').values(row).execute(),

    /** Marks an unused, unexpired captcha used at `at` and answers its answer's hash; undefined when none. */
    consume: async (id: string, at: Date): Promise<string | undefined> =>
      (
        await db
          .updateTable('captchaChallenge')
          .set({ usedAt: at })
          .where('id', '=', id)
          .where('usedAt', 'is', null)
          .where('expiresAt', '>', at)
          .returning('answerHash')
          .executeTakeFirst()
      )?.answerHash,
  };
}
export type CaptchaRepository = ReturnType<typeof captchaRepository>;

/** Bot-check solutions already accepted (`bot_challenge_used`), kept until their challenge expires. */
export function botChallengeRepository(db: Db) {
  return {
    /** Records a solution's signature; false when it was recorded before (a replay). */
    markUsed: async (signature: string, expiresAt: Date): Promise<boolean> =>
      (await db
        .insertInto('botChallengeUsed')
        .values({ signature, expiresAt })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst()) !== undefined,
  };
}
export type BotChallengeRepository = ReturnType<typeof botChallengeRepository>;
