import type { GameCategory } from '@portal/contracts/limits.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useGameMenu } from '../../features/games/api/games-api.ts';
import { useGameVendors } from '../../features/games/api/use-game-vendors.ts';
import { GameLobby } from '../../features/games/components/game-lobby.tsx';
import { VendorGrid } from '../../features/games/components/vendor-grid.tsx';
import { hasGames } from '../../features/games/lib/lobby-filter.ts';
import { SportsBook } from '../../features/sports/components/sports-book.tsx';
import { vendorFilterFrom, vendorsOf } from '../../features/games/lib/vendor-lanes.ts';
import { balanceQueryKey } from '../../features/wallet/api/wallet-queries.ts';
import { useScreenTitle } from '../use-screen-title.ts';
import { CATEGORY_ICON, CATEGORY_TONE } from './category-look.ts';
import { GamePlayScope } from './game-play-scope.tsx';

/** The categories whose page is the built-in sportsbook's client (decision 100). */
const BOOK_OF: Partial<Record<GameCategory, 'sports' | 'esports'>> = { SPORTS: 'sports', ESPORTS: 'esports' };

/**
 * Game centre (lazy group GameCenter): /sports, /esports, /lott, /elott. The vendors of the category
 * as cards; below them /sports and /esports show the Striker Sports book itself, the lottery lanes
 * their games once a vendor lists any, else word that they are coming.
 */
export function GameCentreScreen({ category, morePath }: { category: GameCategory; morePath: string }) {
  const { t } = useTranslation('games');
  const vendors = useGameVendors();
  const menu = useGameMenu();
  const [search] = useSearchParams();
  const filter = vendorFilterFrom(search);
  const all = vendorsOf(vendors.data?.lanes, category);
  const shown = filter ? all.filter((v) => v.vendorId === filter) : all;
  const playable = hasGames(menu.data?.categories, [category]);
  const queryClient = useQueryClient();
  const moneyMoved = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: balanceQueryKey }),
    [queryClient],
  );
  useScreenTitle(t(`category.${category}`));
  return (
    <div className="page">
      <PageHero
        icon={CATEGORY_ICON[category]}
        tone={CATEGORY_TONE[category]}
        eyebrow={t('centre.eyebrow')}
        title={t(`category.${category}`)}
      >
        {t(`lead.${category}`)}
      </PageHero>
      <div className="page-toolbar">
        <h2 className="section-title">{t('centre.vendors')}</h2>
        <Link to={morePath} className="btn btn--ghost btn--sm">
          {t('more')} <Icon name="arrowRight" size={16} />
        </Link>
      </div>
      <VendorGrid vendors={shown} loading={vendors.isPending} />
      {BOOK_OF[category] && (!filter || filter === 'STRIKER') ? (
        <SportsBook group={BOOK_OF[category]} onMoneyMoved={moneyMoved} />
      ) : playable ? (
        <GamePlayScope>
          <GameLobby category={category} vendor={filter} title={t('list.games')} />
        </GamePlayScope>
      ) : menu.isSuccess ? (
        <p className="coming-band" data-testid="category-coming">
          <Icon name="clock" size={18} /> {t('gamesArriving')}
        </p>
      ) : null}
    </div>
  );
}
