import type { VendorCard } from '@portal/contracts/games/vendors.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { useGamePage } from '../api/games-api.ts';
import { needsVendorArrows, slotsMorePath, splitTopRow } from '../lib/slots-rows.ts';
import { GameGrid } from './game-grid.tsx';

/**
 * The home slots section (spec §2): All plus one tab per vendor (arrows above 6 vendors), the first 4
 * games on the top row and the rest below, No data when empty, More to /rng or /rng?page={vendor}.
 */
export function SlotsSection({ vendors, title }: { vendors: VendorCard[]; title: string }) {
  const { t } = useTranslation('games');
  const [vendor, setVendor] = useState<string | null>(null);
  const strip = useRef<HTMLDivElement>(null);
  const page = useGamePage({ gameType: 'RNG', vassalage: vendor ?? undefined }, LIMITS.jackpotPageSize);
  const games = page.data?.content ?? [];
  const { top, rest } = splitTopRow(games);
  const arrows = needsVendorArrows(vendors.length);
  const scroll = (dir: 1 | -1) => strip.current?.scrollBy({ left: dir * 240, behavior: 'smooth' });
  const tabs = [{ id: null, name: t('all') }, ...vendors.map((v) => ({ id: v.vendorId, name: v.name }))];
  const loading = page.isPending || (page.isPlaceholderData && page.isFetching);

  return (
    <section className="home-section slots-section" aria-labelledby="slots-title" data-testid="slots-section">
      <div className="games-heading">
        <h2 id="slots-title" className="games-heading__title">
          <span className="games-heading__icon">
            <Icon name="slots" size={18} />
          </span>
          {title}
        </h2>
        <Link to={slotsMorePath(vendor)} className="btn btn--ghost btn--sm" data-testid="slots-more">
          {t('more')} <Icon name="arrowRight" size={16} />
        </Link>
      </div>
      <div className="tab-strip" data-arrows={arrows || undefined}>
        {arrows ? (
          <button type="button" className="icon-btn" aria-label={t('scrollLeft')} onClick={() => scroll(-1)}>
            <Icon name="chevronLeft" />
          </button>
        ) : null}
        <div ref={strip} className="tab-strip__list" role="group" aria-label={t('vendorTabs')}>
          {tabs.map((tab) => (
            <button
              key={tab.id ?? 'all'}
              type="button"
              className={tab.id === vendor ? 'chip chip--active' : 'chip'}
              aria-pressed={tab.id === vendor}
              onClick={() => setVendor(tab.id)}
              data-vendor-tab={tab.id ?? 'ALL'}
            >
              {tab.name}
            </button>
          ))}
        </div>
        {arrows ? (
          <button type="button" className="icon-btn" aria-label={t('scrollRight')} onClick={() => scroll(1)}>
            <Icon name="chevronRight" />
          </button>
        ) : null}
      </div>
      {!loading && games.length === 0 ? (
        <p className="no-data" data-testid="slots-empty">
          <Icon name="layers" size={22} />
          <span>{t('noData')}</span>
        </p>
      ) : (
        <div className="slots-rows" aria-busy={loading || undefined}>
          <GameGrid games={top} loading={loading} skeletons={LIMITS.slotsTopRow} size="lg" testId="slots-top-row" />
          {rest.length > 0 ? <GameGrid games={rest} testId="slots-rest" /> : null}
        </div>
      )}
    </section>
  );
}
