import type { VendorCard as Vendor } from '@portal/contracts/games/vendors.contract.ts';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { useImageUrl } from '../../../lib/image-host.tsx';

/** One vendor: logo, name, its category and whether its games are open, coming or paused. */
export function VendorCard({
  vendor,
  categories,
  headingLevel = 3,
}: {
  vendor: Vendor;
  categories?: string[];
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('games');
  const imageUrl = useImageUrl();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const cats = categories ?? [vendor.gameType];
  return (
    <article className={`vendor-card vendor-card--${vendor.status.toLowerCase()}`} data-vendor={vendor.vendorId}>
      <div className="vendor-card__logo">
        <img src={imageUrl(vendor.logoUrl)} alt={vendor.name} width={160} height={54} loading="lazy" />
      </div>
      <div className="vendor-card__body">
        <Heading className="vendor-card__name">{vendor.name}</Heading>
        <ul className="vendor-card__tags">
          {cats.map((c) => (
            <li key={c}>{t(`category.${c}`)}</li>
          ))}
        </ul>
      </div>
      <p className={`vendor-card__status status-pill status-pill--${vendor.status.toLowerCase()}`}>
        <Icon name={vendor.status === 'LIVE' ? 'star' : vendor.status === 'COMING' ? 'clock' : 'warning'} size={14} />
        {t(`status.${vendor.status}`)}
      </p>
    </article>
  );
}
