import { SESSION_TOKEN_STORAGE_KEY } from '@portal/contracts/limits.ts';

/** The session token lives in sessionStorage (spec §3: client storage); it is gone when the tab closes. */
export function readSessionToken(): string | null {
  try {
    const token = window.sessionStorage.getItem(SESSION_TOKEN_STORAGE_KEY);
    return token && token.trim() !== '' ? token : null;
  } catch {
    return null;
  }
}

export function writeSessionToken(token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(SESSION_TOKEN_STORAGE_KEY, token);
    else window.sessionStorage.removeItem(SESSION_TOKEN_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode); the app then behaves as a guest.
  }
}
