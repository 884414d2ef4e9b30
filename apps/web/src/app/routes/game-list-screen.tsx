import type { GameCategory } from '@portal/contracts/limits.ts';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { gameListQuery, gameMenuQuery } from '../../features/games/api/games-api.ts';
import { gameVendorsQuery, useGameVendors } from '../../features/games/api/use-game-vendors.ts';
import { GameLobby } from '../../features/games/components/game-lobby.tsx';
import { VendorGrid } from '../../features/games/components/vendor-grid.tsx';
import { VendorTabs } from '../../features/games/components/vendor-tabs.tsx';
import { lobbyListFilter } from '../../features/games/lib/lobby-filter.ts';
import { vendorFilterFrom, vendorsOf } from '../../features/games/lib/vendor-lanes.ts';
import { sectionTitleFor } from '../../features/lobby/lib/section-title.ts';
import { useScreenTitle } from '../use-screen-title.ts';
import { CATEGORY_ICON, CATEGORY_TONE } from './category-look.ts';
import { GamePlayScope } from './game-play-scope.tsx';

/** The mini games have no page of their own: they are listed with the slots. */
const EXTRA_CATEGORIES: Partial<Record<GameCategory, GameCategory[]>> = { RNG: ['MINI'] };

/** The queries this screen's first view makes (app/route-prefetch.ts asks for them before it renders). */
export function prefetchGameList(client: QueryClient, category: GameCategory, vendor: string | null, language: string) {
  void client.prefetchQuery(gameVendorsQuery(language));
  void client.prefetchQuery(gameMenuQuery);
  // The lobby's first view: its own category, no classification, no search.
  void client.prefetchInfiniteQuery(
    gameListQuery(lobbyListFilter({ gameType: category, classify: null }, vendor, ''), language),
  );
}

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
  const { pathname } = useLocation();
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
      {vendors.isPending ? (
        // The tabs' row is kept while the vendors load, so the games below do not jump when they arrive.
        <div className="vendor-tabs" aria-hidden="true">
          <div className="vendor-tabs__list">
            <span className="chip chip--placeholder" />
          </div>
        </div>
      ) : all.length > 0 ? (
        <VendorTabs basePath={basePath} vendors={all} active={filter} />
      ) : null}
      <GamePlayScope>
        {/* Keyed by vendor and path: a new filter starts from the first page, chip and search. */}
        <GameLobby
          key={`${pathname}:${filter ?? ''}`}
          category={category}
          extraCategories={EXTRA_CATEGORIES[category] ?? []}
          vendor={filter}
          title={t(`sections.${sectionTitleFor(pathname)}`)}
        />
      </GamePlayScope>
      <section className="lobby-providers" aria-labelledby="providers-title">
        <h2 id="providers-title" className="section-title">
          {t('centre.vendors')}
        </h2>
        <VendorGrid vendors={shown} loading={vendors.isPending} />
      </section>
    </div>
  );
}
