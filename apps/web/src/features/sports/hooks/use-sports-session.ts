import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../../lib/api-error.ts';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { launchSports, sportsApi, type SportsGroup } from '../api/sports-api.ts';

const storageKey = (group: SportsGroup) => `sports.session.${group}`;
const ENDED = new Set(['GAME_SESSION_EXPIRED', 'SESSION_EXPIRED']);
export const isSessionEnded = (error: unknown) => isApiError(error) && ENDED.has(error.code);

function kept(group: SportsGroup): string | null {
  try {
    return window.sessionStorage.getItem(storageKey(group));
  } catch {
    return null;
  }
}
function keep(group: SportsGroup, session: string | null) {
  try {
    if (session) window.sessionStorage.setItem(storageKey(group), session);
    else window.sessionStorage.removeItem(storageKey(group));
  } catch {
    // Without storage the book launches again on reload.
  }
}

/** One launch token opens one session: StrictMode's second effect run must not open another. */
const opening = new Map<string, Promise<string>>();
const openOnce = (token: string) => {
  let p = opening.get(token);
  if (!p) {
    p = sportsApi.open(token).then((o) => o.session);
    opening.set(token, p);
  }
  return p;
};

/**
 * The book's vendor session: from the launch URL's fragment (a game card), the tab's kept session, or
 * a launch through the portal when a signed-in member first needs it. Guests see the book without one.
 */
export function useSportsSession(group: SportsGroup) {
  const signedIn = useSessionToken() !== null;
  const [session, setSession] = useState<string | null>(() => kept(group));
  const [error, setError] = useState<unknown>(null);

  const launch = useCallback(async (): Promise<string | null> => {
    try {
      const s = await openOnce(await launchSports(group, i18n.language));
      keep(group, s);
      setSession(s);
      setError(null);
      return s;
    } catch (e) {
      setError(e);
      return null;
    }
  }, [group]);

  useEffect(() => {
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const token = params.get('t');
    if (!token) {
      setSession(kept(group));
      return;
    }
    // The token is spent on opening; keep it out of the address bar, history and bookmarks.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    const lang = params.get('lang');
    if (lang) void changeLanguage(lang);
    openOnce(token)
      .then((s) => {
        keep(group, s);
        setSession(s);
      })
      .catch((e) => setError(e));
  }, [group]);

  useEffect(() => {
    if (!signedIn) {
      keep(group, null);
      setSession(null);
    }
  }, [signedIn, group]);

  /** The session, launched now if there is none (null for a guest or when the launch failed). */
  const ensure = useCallback(async () => session ?? (signedIn ? launch() : null), [session, signedIn, launch]);

  /** A call answered that the session ended: forget it, the next bet launches again. */
  const ended = useCallback(() => {
    keep(group, null);
    setSession(null);
  }, [group]);

  return { session, signedIn, error, ensure, ended };
}
