import '../../../styles/house-games.css';
import type { HouseRound } from '@portal/contracts/house/house-vendor.contract.ts';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { HouseGameContext } from '../hooks/house-game-context.ts';
import { useHouseSession } from '../hooks/use-house-session.ts';
import { currencySymbol, formatMinor } from '../lib/money.ts';
import { BaccaratGame } from './baccarat/baccarat-game.tsx';
import { DiceGame } from './dice/dice-game.tsx';
import { FairnessPanel } from './fairness-panel.tsx';
import { FishGame } from './fish/fish-game.tsx';
import { LimboGame } from './limbo/limbo-game.tsx';
import { MinesGame } from './mines/mines-game.tsx';
import { RoundHistory } from './round-history.tsx';
import { SlotGame } from './slot/slot-game.tsx';
import { VerifyDialog } from './verify-dialog.tsx';

const TOAST_MS = 4500;

/** The games this client plays, by code; the catalogue's other codes are not house games. */
export const HOUSE_CLIENTS: Record<string, () => ReactNode> = {
  'slot-aurora-gems': () => <SlotGame code="slot-aurora-gems" />,
  'slot-dragon-lantern': () => <SlotGame code="slot-dragon-lantern" />,
  'slot-neon-fruits': () => <SlotGame code="slot-neon-fruits" />,
  'mini-dice': () => <DiceGame />,
  'mini-mines': () => <MinesGame />,
  'mini-limbo': () => <LimboGame />,
  'rng-baccarat': () => <BaccaratGame />,
  'fish-ocean-bounty': () => <FishGame />,
};

function StatusCard({
  title,
  text,
  onBack,
  backLabel,
}: {
  title: string;
  text: string;
  onBack: () => void;
  backLabel: string;
}) {
  return (
    <div className="hg-status-card" role="alert" data-testid="game-status">
      <Icon name="warning" size={36} />
      <h1>{title}</h1>
      <p>{text}</p>
      <Button onClick={onBack}>{backLabel}</Button>
    </div>
  );
}

/**
 * A house game in the browser: opens the vendor session from the launch fragment, then shows the
 * game with its balance, round history and fairness view. Sound-free by design.
 */
export function HouseGameApp({
  gameCode,
  onBack,
  onRoundSettled,
  toolbar,
}: {
  gameCode: string;
  onBack: () => void;
  onRoundSettled?: () => void;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation('house');
  const [toast, setToast] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [verifying, setVerifying] = useState<HouseRound | null>(null);
  const onError = useCallback((error: unknown) => setToast(localizeError(error)), []);
  const { phase, game } = useHouseSession({
    gameCode,
    onRoundSettled,
    onError,
    onAnnounce: setAnnouncement,
  });
  const client = HOUSE_CLIENTS[gameCode];
  const name = t(`games.${gameCode}`, { defaultValue: gameCode });

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  useEffect(() => {
    document.title = name;
  }, [name]);

  const category = game?.info.game.category ?? 'loading';
  let body: ReactNode;
  if (!client) {
    body = (
      <StatusCard
        title={t('status.unknownTitle')}
        text={t('status.unknownText')}
        onBack={onBack}
        backLabel={t('backToLobby')}
      />
    );
  } else if (phase.kind === 'opening') {
    body = (
      <div className="hg-loading" role="status">
        <span className="hg-spinner" aria-hidden="true" />
        {t('status.opening')}
      </div>
    );
  } else if (phase.kind === 'expired') {
    body = (
      <StatusCard
        title={t('status.expiredTitle')}
        text={t('status.expiredText')}
        onBack={onBack}
        backLabel={t('backToLobby')}
      />
    );
  } else if (phase.kind === 'missing') {
    body = (
      <StatusCard
        title={t('status.missingTitle')}
        text={t('status.missingText')}
        onBack={onBack}
        backLabel={t('backToLobby')}
      />
    );
  } else if (phase.kind === 'error') {
    body = (
      <StatusCard
        title={t('status.errorTitle')}
        text={localizeError(phase.error)}
        onBack={onBack}
        backLabel={t('backToLobby')}
      />
    );
  } else if (game) {
    body = (
      <>
        <HouseGameContext.Provider value={game}>{client()}</HouseGameContext.Provider>
        <div className="hg-panels">
          <section className="hg-panel hg-panel--history" aria-labelledby="hg-history-title">
            <h2 id="hg-history-title" className="hg-panel__title">
              <Icon name="clock" size={18} /> {t('history.title')}
            </h2>
            <RoundHistory rounds={game.rounds} loading={game.roundsLoading} onVerify={setVerifying} />
          </section>
          <section className="hg-panel hg-panel--fair" aria-labelledby="hg-fair-title">
            <h2 id="hg-fair-title" className="hg-panel__title">
              <Icon name="shield" size={18} /> {t('fair.title')}
            </h2>
            <FairnessPanel
              fairness={game.fairness}
              onRotate={(seed) =>
                game.rotate(seed).catch((error: unknown) => {
                  game.fail(error);
                  throw error;
                })
              }
            />
          </section>
        </div>
        <VerifyDialog round={verifying} onClose={() => setVerifying(null)} />
      </>
    );
  }

  return (
    <div className={`hg hg--${category} hg--${gameCode}`} data-testid="house-game">
      <header className="hg-top">
        <button type="button" className="hg-back" onClick={onBack} data-testid="back-to-lobby">
          <Icon name="chevronLeft" size={18} />
          <span>{t('backToLobby')}</span>
        </button>
        <div className="hg-top__title">
          <h1 className="hg-top__name">{name}</h1>
          {game?.info.demo ? (
            <span className="hg-badge hg-badge--demo" data-testid="demo-badge">
              {t('demo')}
            </span>
          ) : null}
          {game ? (
            <span className="hg-badge hg-badge--rtp">
              {t('rtp', { value: (game.info.game.rtpBasisPoints / 100).toFixed(2) })}
            </span>
          ) : null}
        </div>
        <div className="hg-top__tools">
          {game ? (
            <div className="hg-balance" aria-live="off">
              <span className="hg-balance__label">{game.info.demo ? t('balanceDemo') : t('balance')}</span>
              <span className="hg-balance__value" data-testid="game-balance">
                {currencySymbol(game.info.currency)}
                {formatMinor(game.balance)}
              </span>
            </div>
          ) : null}
          {toolbar}
        </div>
      </header>
      <main className="hg-main" id="main">
        {body}
      </main>
      <div className="sr-only" aria-live="polite" data-testid="game-announcer">
        {announcement}
      </div>
      <div className="hg-toast-region" aria-live="assertive">
        {toast ? (
          <p className="hg-toast" role="alert" data-testid="game-error">
            <Icon name="warning" size={18} /> {toast}
          </p>
        ) : null}
      </div>
    </div>
  );
}
