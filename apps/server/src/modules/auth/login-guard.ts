import { LOGIN_GUARD } from '@portal/contracts/limits.ts';
import type { Db } from '../../db/client.ts';

/**
 * Failed sign-ins, per account and per IP. A failure makes the captcha required for that account and
 * that IP; an IP with many failures is refused for the window. An account is never locked, so an
 * attacker cannot lock a real player out: each of their guesses costs a captcha instead.
 */
export function loginGuard(db: Db, now: () => Date = () => new Date()) {
  const since = () => new Date(now().getTime() - LOGIN_GUARD.windowMinutes * 60_000);
  const count = async (scope: 'ACCOUNT' | 'IP', key: string) => {
    const r = await db
      .selectFrom('loginFailure')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('at', '>', since())
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };
  return {
    async state(account: string, ip: string) {
      const [byAccount, byIp] = await Promise.all([count('ACCOUNT', account.toLowerCase()), count('IP', ip)]);
      return {
        captchaRequired: byAccount + byIp >= LOGIN_GUARD.captchaAfterFailures,
        ipBlocked: byIp >= LOGIN_GUARD.maxFailuresPerIp,
      };
    },
    async fail(account: string, ip: string) {
      await db
        .insertInto('loginFailure')
        .values([
          { scope: 'ACCOUNT', key: account.toLowerCase(), at: now() },
          { scope: 'IP', key: ip, at: now() },
        ])
        .execute();
    },
    async succeed(account: string) {
      await db
        .deleteFrom('loginFailure')
        .where('scope', '=', 'ACCOUNT')
        .where('key', '=', account.toLowerCase())
        .execute();
    },
  };
}
export type LoginGuard = ReturnType<typeof loginGuard>;
