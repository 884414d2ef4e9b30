import { SESSION_TOKEN_STORAGE_KEY } from '@portal/contracts/limits.ts';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

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
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored token, re-rendering when sign-in or sign-out changes it. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, readSessionToken, () => null);
}

/**
 * A session that must change its password first (default or expired password) may only change it,
 * read who it is and sign out: the server answers every other member call 403. The flag (with what
 * the forced dialog needs) survives a reload like the token, so nothing asks for what it may not have.
 */
const FORCED_CHANGE_KEY = 'portal.mustChangePassword';

export function readForcedPasswordChange(): string | null {
  try {
    return window.sessionStorage.getItem(FORCED_CHANGE_KEY);
  } catch {
    return null;
  }
}

export function writeForcedPasswordChange(value: string | null): void {
  try {
    if (value) window.sessionStorage.setItem(FORCED_CHANGE_KEY, value);
    else window.sessionStorage.removeItem(FORCED_CHANGE_KEY);
  } catch {
    // The dialog then shows only until a reload.
  }
  for (const listener of listeners) listener();
}

/**
 * The token for member data (balance, favourites, cashier, history, live channel): null while
 * signed out and while the session must change its password first.
 */
export function useMemberToken(): string | null {
  const token = useSessionToken();
  const forced = useSyncExternalStore(subscribe, readForcedPasswordChange, () => null);
  return forced ? null : token;
}
