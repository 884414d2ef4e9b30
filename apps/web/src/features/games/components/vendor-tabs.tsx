import type { VendorCard as Vendor } from '@portal/contracts/games/vendors.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';

/** "All" plus one tab per vendor as links (?vassalage=); arrows when more than LIMITS.vendorArrowsAbove. */
export function VendorTabs({
  basePath,
  vendors,
  active,
}: {
  basePath: string;
  vendors: Vendor[];
  active: string | null;
}) {
  const { t } = useTranslation('games');
  const strip = useRef<HTMLUListElement>(null);
  const arrows = vendors.length > LIMITS.vendorArrowsAbove;
  const scroll = (dir: 1 | -1) => strip.current?.scrollBy({ left: dir * 240, behavior: 'smooth' });
  return (
    <nav className="vendor-tabs" aria-label={t('vendorTabs')}>
      <span className="vendor-tabs__caption" aria-hidden="true">
        {t('vendorTabs')}
      </span>
      {arrows ? (
        <button type="button" className="icon-btn" aria-label={t('scrollLeft')} onClick={() => scroll(-1)}>
          <Icon name="chevronLeft" />
        </button>
      ) : null}
      <ul ref={strip} className="vendor-tabs__list">
        <li>
          <Link
            to={basePath}
            className={active === null ? 'chip chip--active' : 'chip'}
            aria-current={active === null ? 'page' : undefined}
          >
            {t('all')}
          </Link>
        </li>
        {vendors.map((v) => (
          <li key={v.vendorId}>
            <Link
              to={`${basePath}?vassalage=${encodeURIComponent(v.vendorId)}`}
              className={active === v.vendorId ? 'chip chip--active' : 'chip'}
              aria-current={active === v.vendorId ? 'page' : undefined}
            >
              {v.name}
            </Link>
          </li>
        ))}
      </ul>
      {arrows ? (
        <button type="button" className="icon-btn" aria-label={t('scrollRight')} onClick={() => scroll(1)}>
          <Icon name="chevronRight" />
        </button>
      ) : null}
    </nav>
  );
}
