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
