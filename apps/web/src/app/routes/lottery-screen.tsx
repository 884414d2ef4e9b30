import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { DailyLottery } from '../../features/lottery/components/daily-lottery.tsx';
import { LotteryGame } from '../../features/lottery/components/lottery-game.tsx';
import { LotteryHub } from '../../features/lottery/components/lottery-hub.tsx';
import { balanceQueryKey } from '../../features/wallet/api/wallet-queries.ts';
import { useScreenTitle } from '../use-screen-title.ts';

export type LotteryKind = 'lottery' | 'seaLottery' | 'vnLottery';

/** The fast draws of the built-in lottery vendor (decision 090); the daily draws have their own pages (092). */
const FAST_DRAWS = /^lotto-(5d|k3|pk10)-(1|3|5)m$/;

/**
 * Lottery pages (lazy group Lottery, session required): /lottery is the lottery lobby (games, my
 * tickets, results and their proofs), and with a gameCode of the built-in vendor it is that game.
 * /vnLottery is the Vietnam lottery (gameCode picks the region, north by default) and /seaLottery
 * the SEA draw (decision 092).
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
            <LotteryHub />
          </>
        )}
      </div>
    );
  return (
    <div className="page">
      <DailyLottery kind={kind} gameCode={gameCode} onMoneyMoved={moneyMoved} />
    </div>
  );
}
