import { LIMITS } from '@portal/contracts/limits.ts';

/** Decision 007: only the username and the SMS number with its dialing code, for one day; never a password. */
export const REMEMBER_STORAGE_KEY = 'portal.remember';

export interface Remembered {
  username?: string | undefined;
  mobileNum?: string | undefined;
  countryDialingCode?: string | undefined;
}

interface Stored extends Remembered {
  expiresAt: number;
}

export function readRemembered(now: number = Date.now()): Remembered | null {
  try {
    const raw = window.localStorage.getItem(REMEMBER_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<Stored>;
    if (typeof stored.expiresAt !== 'number' || stored.expiresAt <= now) {
      window.localStorage.removeItem(REMEMBER_STORAGE_KEY);
      return null;
    }
    const pick = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    return {
      username: pick(stored.username),
      mobileNum: pick(stored.mobileNum),
      countryDialingCode: pick(stored.countryDialingCode),
    };
  } catch {
    return null;
  }
}

/** Merges with what is kept (a username login keeps the phone, and the other way round) and restarts the day. */
export function writeRemembered(values: Remembered, now: number = Date.now()): void {
  const previous = readRemembered(now) ?? {};
  const next: Stored = {
    username: values.username ?? previous.username,
    mobileNum: values.mobileNum ?? previous.mobileNum,
    countryDialingCode: values.countryDialingCode ?? previous.countryDialingCode,
    expiresAt: now + LIMITS.rememberCookieMs,
  };
  try {
    window.localStorage.setItem(REMEMBER_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Not kept when storage is blocked.
  }
}

export function clearRemembered(): void {
  try {
    window.localStorage.removeItem(REMEMBER_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
