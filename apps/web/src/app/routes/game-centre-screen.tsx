import type { GameCategory } from '@portal/contracts/limits.ts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useGameVendors } from '../../features/games/api/use-game-vendors.ts';
import { VendorGrid } from '../../features/games/components/vendor-grid.tsx';
import { vendorFilterFrom, vendorsOf } from '../../features/games/lib/vendor-lanes.ts';
import { useScreenTitle } from '../use-screen-title.ts';
import { CATEGORY_ICON, CATEGORY_TONE } from './category-look.ts';

/** Game centre (lazy group GameCenter): /sports, /esports, /lott, /elott. */
export function GameCentreScreen({ category, morePath }: { category: GameCategory; morePath: string }) {
  const { t } = useTranslation('games');
  const vendors = useGameVendors();
  const [search] = useSearchParams();
  const filter = vendorFilterFrom(search);
  const all = vendorsOf(vendors.data?.lanes, category);
  const shown = filter ? all.filter((v) => v.vendorId === filter) : all;
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
      <p className="coming-band">
        <Icon name="clock" size={18} /> {t('gamesArriving')}
      </p>
    </div>
  );
}
