import type { GameCard, LaunchMode } from '@portal/contracts/games/games.contract.ts';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';
import { openGameSession } from '../api/games-api.ts';
import { GamePlayContext, type GamePlay } from '../hooks/game-play-context.ts';
import { useFavourites } from '../hooks/use-favourites.ts';
import { launchDecision, launchTarget } from '../lib/card-rules.ts';

type Notice = { kind: 'register-first' } | { kind: 'message'; title: string; text: string };

const TOAST_MS = 4000;
/** Codes with which the server refuses a trial account real money. */
const TRIAL_REFUSALS: ReadonlySet<string> = new Set(['REGISTER_FIRST', 'TRIAL_NOT_ALLOWED']);

/**
 * The launch rules and favourites for every game card below it (spec §4). The screen tells it who is
 * signed in and how to ask for a login or a registration; it shows its own dialogs.
 */
export function GamePlayProvider({
  token,
  isTrial,
  onRequireLogin,
  onRegister,
  navigateTo = (url) => window.location.assign(url),
  children,
}: {
  token: string | null;
  isTrial: boolean;
  onRequireLogin: () => void;
  onRegister: () => void;
  /** How the browser goes to a launched game; a full page navigation for now. */
  navigateTo?: (url: string) => void;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('games');
  const { t: tc } = useTranslation();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [launching, setLaunching] = useState<number | null>(null);
  const loggedIn = token !== null;

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const favourites = useFavourites({ token, onRequireLogin, onError: setToast });

  const play = useCallback(
    (game: GameCard, mode: LaunchMode) => {
      const decision = launchDecision({ loggedIn, isTrial }, game, mode);
      if (decision === 'login') return onRequireLogin();
      if (decision === 'register-first') return setNotice({ kind: 'register-first' });
      if (decision === 'maintenance')
        return setNotice({ kind: 'message', title: game.displayName, text: t('errors:GAME_MAINTENANCE') });
      if (decision === 'coming')
        return setNotice({ kind: 'message', title: game.displayName, text: t('card.comingText') });
      if (launching !== null) return;
      setLaunching(game.nodeId);
      openGameSession(game, mode, i18n.language)
        .then((session) => {
          const target = launchTarget(session.url);
          if (!target) throw new Error('unusable game address');
          navigateTo(target);
          // Outside clients load in this tab; a same-origin client may be a screen of this app.
          window.setTimeout(() => setLaunching(null), 1500);
        })
        .catch((error: unknown) => {
          setLaunching(null);
          if (isApiError(error) && TRIAL_REFUSALS.has(error.code)) return setNotice({ kind: 'register-first' });
          if (isApiError(error) && (error.code === 'NOT_LOGGED_IN' || error.code === 'SESSION_EXPIRED'))
            return onRequireLogin();
          setNotice({ kind: 'message', title: game.displayName, text: localizeError(error) });
        });
    },
    [loggedIn, isTrial, onRequireLogin, launching, i18n.language, navigateTo, t],
  );

  const value = useMemo<GamePlay>(
    () => ({
      player: { loggedIn, isTrial },
      play,
      launching,
      isFavourite: favourites.isFavourite,
      toggleFavourite: favourites.toggleFavourite,
    }),
    [loggedIn, isTrial, play, launching, favourites.isFavourite, favourites.toggleFavourite],
  );

  return (
    <GamePlayContext.Provider value={value}>
      {children}
      <AlertDialog
        open={notice?.kind === 'register-first'}
        icon="user"
        tone="info"
        title={t('errors:REGISTER_FIRST')}
        confirmLabel={t('play.register')}
        cancelLabel={t('play.later')}
        closeLabel={tc('actions.close')}
        onConfirm={() => {
          setNotice(null);
          onRegister();
        }}
        onCancel={() => setNotice(null)}
        testId="register-first-dialog"
      >
        <p>{t('play.registerFirstText')}</p>
      </AlertDialog>
      <AlertDialog
        open={notice?.kind === 'message'}
        icon="warning"
        title={notice?.kind === 'message' ? notice.title : ''}
        confirmLabel={t('play.ok')}
        closeLabel={tc('actions.close')}
        onConfirm={() => setNotice(null)}
        testId="game-message"
      >
        <p>{notice?.kind === 'message' ? notice.text : ''}</p>
      </AlertDialog>
      <div className="games-toast-region" aria-live="assertive">
        {toast ? (
          <p className="games-toast" role="alert" data-testid="games-toast">
            {toast}
          </p>
        ) : null}
      </div>
    </GamePlayContext.Provider>
  );
}
