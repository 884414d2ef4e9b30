import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useHotGames } from '../api/games-api.ts';
import { GameIcon } from './game-icons.tsx';
import { GameGrid } from './game-grid.tsx';
import { JackpotCounter } from './jackpot-counter.tsx';

/** Popular hot games of the home page (spec §2: up to 12) under the jackpot counter. */
export function HotGames({ title }: { title: string }) {
  const { t } = useTranslation('games');
  const hot = useHotGames();
  return (
    <section className="home-section hot-games" aria-labelledby="hot-games-title" data-testid="hot-games">
      <div className="games-heading">
        <h2 id="hot-games-title" className="games-heading__title">
          <span className="games-heading__icon games-heading__icon--hot">
            <GameIcon name="flame" size={18} />
          </span>
          {title}
        </h2>
      </div>
      <JackpotCounter />
      <GameGrid
        games={hot.data ?? []}
        loading={hot.isPending}
        skeletons={6}
        testId="hot-games-grid"
        empty={
          <EmptyState icon="clock" title={t('noData')}>
            {t('hot.empty')}
          </EmptyState>
        }
      />
    </section>
  );
}
