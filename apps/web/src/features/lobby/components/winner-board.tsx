import type { Winner } from '@portal/contracts/games/games.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { useImageUrl } from '../../../lib/image-host.tsx';
import { splitOddEven } from '../lib/odd-even.ts';
import { VerticalScroller } from './vertical-scroller.tsx';

function WinnerRow({ winner }: { winner: Winner }) {
  const { t } = useTranslation('games');
  const imageUrl = useImageUrl();
  return (
    <div className="winner-row">
      <img
        src={imageUrl(winner.iconUrl)}
        alt=""
        width={40}
        height={53}
        loading="lazy"
        className="winner-row__icon"
        onError={(e) => {
          // One broken icon must not leave a hole in the board.
          e.currentTarget.src = '/assets/games/fallback.svg';
        }}
      />
      <div className="winner-row__text">
        <p className="winner-row__who">{t('winners.who', { name: winner.customerName })}</p>
        <p className="winner-row__game">{winner.gameName}</p>
      </div>
      <p className="winner-row__amount">{formatMoney(winner.winAmount, winner.currency)}</p>
    </div>
  );
}

/** The latest big wins in two scrolling columns: odd items left, even items right (spec §2). */
export function WinnerBoard({ winners, loading }: { winners: Winner[]; loading: boolean }) {
  const { t } = useTranslation('games');
  const [odd, even] = splitOddEven(winners);
  return (
    <section className="board board--winners" aria-labelledby="winners-title" data-testid="winner-board">
      <h2 id="winners-title" className="board__title">
        <span className="board__icon board__icon--gold">
          <Icon name="trophy" size={18} />
        </span>
        {t('winners.title')}
      </h2>
      {loading ? (
        <div className="skeleton skeleton--block board__skeleton" aria-hidden="true" />
      ) : winners.length === 0 ? (
        <p className="no-data">
          <Icon name="trophy" size={22} />
          <span>{t('noData')}</span>
        </p>
      ) : (
        <div className="board__columns">
          {[odd, even].map((column, c) =>
            column.length > 0 ? (
              <VerticalScroller
                key={c}
                items={column}
                label={t(c === 0 ? 'winners.columnOdd' : 'winners.columnEven')}
                itemKey={(w, i) => `${w.customerId}-${w.wonAt}-${i}`}
                render={(w) => <WinnerRow winner={w} />}
              />
            ) : null,
          )}
        </div>
      )}
    </section>
  );
}
