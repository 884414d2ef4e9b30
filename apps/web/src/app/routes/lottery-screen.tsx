import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

export type LotteryKind = 'lottery' | 'seaLottery' | 'vnLottery';

/** Lottery pages (lazy group Lottery, session required): /lottery, /seaLottery, /vnLottery?gameCode=. */
export function LotteryScreen({ kind }: { kind: LotteryKind }) {
  const { t } = useTranslation('pages');
  const [search] = useSearchParams();
  const gameCode = search.get('gameCode');
  useScreenTitle(t(`lottery.${kind}`));
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
