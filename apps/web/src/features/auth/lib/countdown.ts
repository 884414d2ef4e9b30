import { LIMITS } from '@portal/contracts/limits.ts';

/** Seconds the SMS send button stays disabled: expiredMinutes × 60 (spec §4; default 1 minute). */
export function countdownSeconds(expiredMinutes: number | null | undefined): number {
  const minutes =
    typeof expiredMinutes === 'number' && expiredMinutes > 0 ? expiredMinutes : LIMITS.smsDefaultExpiredMinutes;
  return Math.round(minutes * LIMITS.smsCountdownSecondsPerMinute);
}

/** Seconds left of a countdown that ends at `endsAt` (ms), never below 0. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * A leading-edge throttle: `take()` answers true at most once per `ms`. Used for the SMS resend
 * (1 s) and the captcha refresh (1 s).
 */
export function createThrottle(ms: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return {
    take(): boolean {
      const t = now();
      if (t - last < ms) return false;
      last = t;
      return true;
    },
  };
}
