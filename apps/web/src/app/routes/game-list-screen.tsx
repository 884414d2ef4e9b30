import type { GameCategory } from '@portal/contracts/limits.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useGameVendors } from '../../features/games/api/use-game-vendors.ts';
import { VendorGrid } from '../../features/games/components/vendor-grid.tsx';
import { VendorTabs } from '../../features/games/components/vendor-tabs.tsx';
import { vendorFilterFrom, vendorsOf } from '../../features/games/lib/vendor-lanes.ts';
import { useScreenTitle } from '../use-screen-title.ts';
import { CATEGORY_ICON, CATEGORY_TONE } from './category-look.ts';

/**
 * Game-list centre (lazy group GameListCenter): /pvp, /fish, /rng, /live and the more-lists.
 * `?vassalage=X` or `?page=X` narrows it to one vendor.
 */
export function GameListScreen({
  category,
  basePath,
  more = false,
}: {
  category: GameCategory;
  basePath: string;
  more?: boolean;
}) {
  const { t } = useTranslation('games');
  const vendors = useGameVendors();
  const [search] = useSearchParams();
  const filter = vendorFilterFrom(search);
  const all = vendorsOf(vendors.data?.lanes, category);
  const shown = filter ? all.filter((v) => v.vendorId === filter) : all;
  const title = more ? t('moreTitle', { category: t(`category.${category}`) }) : t(`category.${category}`);
  useScreenTitle(title);
  return (
    <div className="page">
      <PageHero icon={CATEGORY_ICON[category]} tone={CATEGORY_TONE[category]} eyebrow={t('list.eyebrow')} title={title}>
        {t(`lead.${category}`)}
      </PageHero>
      {all.length > 0 ? <VendorTabs basePath={basePath} vendors={all} active={filter} /> : null}
      <VendorGrid vendors={shown} loading={vendors.isPending} />
      <section className="game-list" aria-labelledby="game-list-title">
        <h2 id="game-list-title" className="section-title">
          {t('list.games')}
        </h2>
        <EmptyState icon="clock" title={t('gamesArriving')}>
          {t('list.noGamesYet')}
        </EmptyState>
      </section>
    </div>
  );
}
