import { FIRST_PAGE_PICTURES } from '@portal/contracts/games/game-list-screens.ts';
import type { GameCategory } from '@portal/contracts/limits.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useMemberToken } from '../../../lib/session.ts';
import { useFavouriteList, useGameList, useGameMenu, useRecentGames } from '../api/games-api.ts';
import { useGameVendors } from '../api/use-game-vendors.ts';
import { useGamePlay } from '../hooks/game-play-context.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { filterLocal, hasGames, lobbyChips, lobbyListFilter, type LobbyChip } from '../lib/lobby-filter.ts';
import { uniqueVendors } from '../lib/vendor-lanes.ts';
import { GameIcon } from './game-icons.tsx';
import { GameGrid } from './game-grid.tsx';

/** Typing settles this long before the catalogue is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

type View = 'all' | 'favourites' | 'recent';

const chipKey = (c: LobbyChip) => `${c.gameType}:${c.classify ?? ''}`;

/** Why a vendor's list is empty, by the vendor's status: not live yet, switched off, or none of its games here. */
const VENDOR_EMPTY = {
  COMING: 'lobby.vendorComing',
  MAINTENANCE: 'lobby.vendorMaintenance',
  LIVE: 'lobby.vendorNone',
} as const;

/**
 * The games of a game-list centre (spec §2): classification chips, a search by name, paging by the
 * slots page size with "load more", and for members their favourites and recent games.
 */
export function GameLobby({
  category,
  extraCategories = [],
  vendor,
  title,
}: {
  category: GameCategory;
  extraCategories?: GameCategory[];
  /** The vendor of ?vassalage= or ?page=, if any. */
  vendor: string | null;
  title: string;
}) {
  const { t } = useTranslation('games');
  const token = useMemberToken();
  const { player } = useGamePlay();
  const menu = useGameMenu();
  const vendors = useGameVendors();
  const [view, setView] = useState<View>('all');
  const [chip, setChip] = useState<LobbyChip>({ gameType: category, classify: null });
  const [search, setSearch] = useState('');
  const gameName = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const categories = [category, ...extraCategories];
  const chips = lobbyChips(category, extraCategories, menu.data?.categories);

  const list = useGameList(lobbyListFilter(chip, vendor, gameName), view === 'all');
  const favourites = useFavouriteList(view === 'favourites' ? token : null);
  const recent = useRecentGames(token, view === 'recent');

  const pages = list.data?.pages ?? [];
  const total = pages[0]?.totalElements ?? 0;
  const games =
    view === 'all'
      ? pages.flatMap((p) => p.content)
      : filterLocal(
          (view === 'favourites' ? favourites.data?.content : recent.data?.games) ?? [],
          categories,
          search,
          vendor,
        );
  const loading = view === 'all' ? list.isPending : view === 'favourites' ? favourites.isPending : recent.isPending;
  const catalogueEmpty = menu.isSuccess && !hasGames(menu.data.categories, categories);

  const views: { key: View; label: string; icon: 'layers' | 'heart' | 'history' }[] = [
    { key: 'all', label: t('lobby.all'), icon: 'layers' },
    ...(player.loggedIn
      ? [
          { key: 'favourites' as const, label: t('lobby.favourites'), icon: 'heart' as const },
          { key: 'recent' as const, label: t('lobby.recent'), icon: 'history' as const },
        ]
      : []),
  ];

  const empty = (() => {
    if (view === 'favourites') return <EmptyState icon="star" title={t('lobby.noFavourites')} />;
    if (view === 'recent') return <EmptyState icon="clock" title={t('lobby.noRecent')} />;
    if (gameName) return <EmptyState icon="layers" title={t('lobby.noMatch', { query: gameName })} />;
    if (catalogueEmpty)
      return (
        <EmptyState icon="clock" title={t('gamesArriving')}>
          {t('list.noGamesYet')}
        </EmptyState>
      );
    return (
      <EmptyState icon="layers" title={t('noData')}>
        {vendor
          ? t(VENDOR_EMPTY[uniqueVendors(vendors.data?.lanes).find((v) => v.vendorId === vendor)?.status ?? 'LIVE'])
          : null}
      </EmptyState>
    );
  })();

  return (
    <section className="lobby" aria-labelledby="lobby-title" data-testid="game-lobby">
      <div className="lobby__head">
        <h2 id="lobby-title" className="games-heading__title">
          <span className="games-heading__icon">
            <Icon name="slots" size={18} />
          </span>
          {title}
          {view === 'all' && total > 0 ? (
            <span className="lobby__count">{t('lobby.count', { count: total })}</span>
          ) : null}
        </h2>
        <label className="lobby-search">
          <span className="sr-only">{t('lobby.search')}</span>
          <GameIcon name="search" size={18} />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('lobby.searchPlaceholder')}
            maxLength={60}
            data-testid="lobby-search"
          />
        </label>
      </div>
      <div className="lobby__bar">
        {views.length > 1 ? (
          <div className="lobby-views" role="group" aria-label={t('lobby.views')}>
            {views.map((v) => (
              <button
                key={v.key}
                type="button"
                className={v.key === view ? 'lobby-views__btn lobby-views__btn--active' : 'lobby-views__btn'}
                aria-pressed={v.key === view}
                onClick={() => setView(v.key)}
                data-view={v.key}
              >
                {v.icon === 'layers' ? <Icon name="layers" size={16} /> : <GameIcon name={v.icon} size={16} />}
                {v.label}
              </button>
            ))}
          </div>
        ) : null}
        {view === 'all' && menu.isPending ? (
          // The chips' row is kept while the menu loads, so the list below does not jump when it arrives.
          <div className="lobby-chips" aria-hidden="true">
            <span className="chip chip--placeholder" />
          </div>
        ) : view === 'all' && chips.length > 1 ? (
          <div className="lobby-chips" role="group" aria-label={t('lobby.classifications')}>
            {chips.map((c) => {
              const active = chipKey(c) === chipKey(chip);
              const label = c.classify
                ? t(`classify.${c.classify}`, { defaultValue: c.classify.replace(/_/g, ' ').toLowerCase() })
                : t(`category.${c.gameType}`);
              return (
                <button
                  key={chipKey(c)}
                  type="button"
                  className={active ? 'chip chip--active' : 'chip'}
                  aria-pressed={active}
                  onClick={() => setChip(c)}
                >
                  {label}
                </button>
              );
            })}
          </div>
        ) : null}
      </div>
      <div aria-live="polite" aria-busy={loading || undefined}>
        <GameGrid
          games={games}
          loading={loading}
          skeletons={12}
          eagerPictures={FIRST_PAGE_PICTURES}
          empty={<div data-testid="lobby-empty">{empty}</div>}
        />
      </div>
      {view === 'all' && list.hasNextPage ? (
        <div className="lobby__more">
          <p className="muted">{t('lobby.shown', { shown: games.length, total })}</p>
          <Button
            variant="outline"
            onClick={() => void list.fetchNextPage()}
            disabled={list.isFetchingNextPage}
            data-testid="lobby-load-more"
          >
            {list.isFetchingNextPage ? <span className="spinner" aria-hidden="true" /> : null}
            {t('lobby.loadMore')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
