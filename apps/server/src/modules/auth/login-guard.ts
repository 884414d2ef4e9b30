import { LOGIN_GUARD } from '@portal/contracts/limits.ts';
import type { LoginFailureRepository } from './sign-in-protection.repository.ts';

/**
 * Failed sign-ins, per account and per IP. A failure makes the captcha required for that account and
 * that IP; an IP with many failures is refused for the window. An account is never locked, so an
 * attacker cannot lock a real player out: each of their guesses costs a captcha instead.
 */
export function loginGuard(failures: LoginFailureRepository, now: () => Date = () => new Date()) {
  const since = () => new Date(now().getTime() - LOGIN_GUARD.windowMinutes * 60_000);
  const count = (scope: 'ACCOUNT' | 'IP', key: string) => failures.count(scope, key, since());
  return {
    async state(account: string, ip: string) {
      const [byAccount, byIp] = await Promise.all([count('ACCOUNT', account.toLowerCase()), count('IP', ip)]);
      return {
        captchaRequired: byAccount + byIp >= LOGIN_GUARD.captchaAfterFailures,
        ipBlocked: byIp >= LOGIN_GUARD.maxFailuresPerIp,
      };
    },
    async fail(account: string, ip: string) {
      await failures.record(account.toLowerCase(), ip, now());
    },
    async succeed(account: string) {
      await failures.clearAccount(account.toLowerCase());
    },
  };
}
export type LoginGuard = ReturnType<typeof loginGuard>;
