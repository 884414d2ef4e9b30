import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error.ts';
import { changeLanguage, i18n } from '../../../lib/i18n.ts';
import { launchLottery, lotteryApi } from '../api/lottery-api.ts';

export type LotteryPhase = { kind: 'opening' } | { kind: 'ready'; session: string } | { kind: 'error'; error: unknown };

const key = (gameCode: string) => `lottery.session.${gameCode}`;
const ENDED = new Set(['GAME_SESSION_EXPIRED', 'SESSION_EXPIRED']);

function readKept(gameCode: string): string | null {
  try {
    return window.sessionStorage.getItem(key(gameCode));
  } catch {
    return null;
  }
}
function keep(gameCode: string, session: string | null) {
  try {
    if (session) window.sessionStorage.setItem(key(gameCode), session);
    else window.sessionStorage.removeItem(key(gameCode));
  } catch {
    // Without storage the page launches the game again on reload.
  }
}

/** One launch token opens one session: StrictMode's second effect run must not open another. */
const opening = new Map<string, Promise<string>>();
function openOnce(token: string): Promise<string> {
  let p = opening.get(token);
  if (!p) {
    p = lotteryApi.open(token).then((o) => o.session);
    opening.set(token, p);
  }
  return p;
}

/**
 * A game whose vendor session this tab keeps, else `fallback`: any of the player's lottery sessions
 * answers for pages about every game (the ticket history), so none is opened when one is kept.
 */
export function keptLotteryGame(fallback: string): string {
  try {
    for (let i = 0; i < window.sessionStorage.length; i++) {
      const name = window.sessionStorage.key(i);
      if (name?.startsWith(key(''))) return name.slice(key('').length);
    }
  } catch {
    // Without storage the fallback game is launched.
  }
  return fallback;
}

export const isSessionEnded = (error: unknown) => isApiError(error) && ENDED.has(error.code);

/**
 * The vendor session of one lottery game: from the launch URL's fragment (a game card), from the
 * tab's kept session, or by launching the game through the portal (the page is for signed-in members).
 * A session that has ended is replaced by a new launch once.
 */
export function useLotterySession(gameCode: string) {
  const [phase, setPhase] = useState<LotteryPhase>({ kind: 'opening' });
  const relaunched = useRef(false);

  const launch = useCallback(async () => {
    setPhase({ kind: 'opening' });
    try {
      const token = await launchLottery(gameCode, i18n.language);
      const session = await openOnce(token);
      keep(gameCode, session);
      setPhase({ kind: 'ready', session });
    } catch (error) {
      setPhase({ kind: 'error', error });
    }
  }, [gameCode]);

  useEffect(() => {
    const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const token = params.get('t');
    if (token) {
      // The token is spent on opening; keep it out of the address bar, history and bookmarks.
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      const lang = params.get('lang');
      if (lang) void changeLanguage(lang);
      openOnce(token)
        .then((session) => {
          keep(gameCode, session);
          setPhase({ kind: 'ready', session });
        })
        .catch(() => void launch());
      return;
    }
    const kept = readKept(gameCode);
    if (kept) setPhase({ kind: 'ready', session: kept });
    else void launch();
  }, [gameCode, launch]);

  /** A call answered that the session ended: open a new one (once per page). */
  const ended = useCallback(() => {
    keep(gameCode, null);
    if (relaunched.current) return;
    relaunched.current = true;
    void launch();
  }, [gameCode, launch]);

  return { phase, retry: launch, ended };
}
