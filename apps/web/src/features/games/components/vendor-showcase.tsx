import type { VendorLane } from '@portal/contracts/games/vendors.contract.ts';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { uniqueVendors } from '../lib/vendor-lanes.ts';
import { VendorCard } from './vendor-card.tsx';

/** Every vendor of the site once, with all the categories it serves. */
export function VendorShowcase({ lanes, loading }: { lanes: VendorLane[] | undefined; loading: boolean }) {
  const { t } = useTranslation('home');
  const vendors = uniqueVendors(lanes);
  const categoriesOf = (id: string) =>
    (lanes ?? []).filter((l) => l.cards.some((c) => c.vendorId === id)).map((l) => l.title);
  return (
    <section className="home-section" aria-labelledby="vendors-title">
      <SectionHeading id="vendors-title" icon="layers" title={t('sections.vendors')} />
      {loading ? (
        <ul className="vendor-grid" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="skeleton skeleton--card" />
          ))}
        </ul>
      ) : (
        <ul className="vendor-grid vendor-grid--showcase" data-testid="vendor-showcase">
          {vendors.map((vendor) => (
            <li key={vendor.vendorId}>
              <VendorCard vendor={vendor} categories={categoriesOf(vendor.vendorId)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
