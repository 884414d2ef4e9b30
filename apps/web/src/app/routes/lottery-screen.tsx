import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { LotteryGame } from '../../features/lottery/components/lottery-game.tsx';
import { LotteryLobby } from '../../features/lottery/components/lottery-lobby.tsx';
import { balanceQueryKey } from '../../features/wallet/api/wallet-queries.ts';
import { useScreenTitle } from '../use-screen-title.ts';

export type LotteryKind = 'lottery' | 'seaLottery' | 'vnLottery';

/** The fast draws of the built-in lottery vendor (decision 090); the other lottery kinds are not built yet. */
const FAST_DRAWS = /^lotto-(5d|k3|pk10)-(1|3|5)m$/;

/**
 * Lottery pages (lazy group Lottery, session required): /lottery is the lottery lobby, and with a
 * gameCode of the built-in vendor it is that game. /seaLottery and /vnLottery are not built yet.
 */
export function LotteryScreen({ kind }: { kind: LotteryKind }) {
  const { t } = useTranslation('pages');
  const [search] = useSearchParams();
  const gameCode = search.get('gameCode');
  const queryClient = useQueryClient();
  const moneyMoved = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    [queryClient],
  );
  useScreenTitle(gameCode && FAST_DRAWS.test(gameCode) ? t(`lottery.games.${gameCode}`) : t(`lottery.${kind}`));
  if (kind === 'lottery')
    return (
      <div className="page">
        {gameCode && FAST_DRAWS.test(gameCode) ? (
          <LotteryGame key={gameCode} gameCode={gameCode} onMoneyMoved={moneyMoved} />
        ) : (
          <>
            <PageHero icon="lottery" tone="gold" eyebrow={t('lottery.eyebrow')} title={t('lottery.lottery')}>
              {t('lottery.lobbyLead')}
            </PageHero>
            <LotteryLobby />
          </>
        )}
      </div>
    );
  return (
    <div className="page">
      <PageHero icon="lottery" tone="gold" eyebrow={t('lottery.eyebrow')} title={t(`lottery.${kind}`)}>
        {t('lottery.lead')}
      </PageHero>
      <section className="card lottery-board" aria-labelledby="lottery-board-title">
        <h2 id="lottery-board-title">{t('lottery.board')}</h2>
        {gameCode ? (
          <p className="muted">
            {t('lottery.gameCode')} <code>{gameCode}</code>
          </p>
        ) : null}
        <div className="lottery-balls" aria-hidden="true">
          {[7, 12, 23, 31, 38, 45].map((n) => (
            <span key={n} className="lottery-ball">
              ?
            </span>
          ))}
        </div>
        <p className="coming-band">
          <Icon name="clock" size={18} /> {t('lottery.coming')}
        </p>
      </section>
    </div>
  );
}
