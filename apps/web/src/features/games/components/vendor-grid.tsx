import type { VendorCard as Vendor } from '@portal/contracts/games/vendors.contract.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { VendorCard } from './vendor-card.tsx';

export function VendorGrid({ vendors, loading }: { vendors: Vendor[]; loading: boolean }) {
  const { t } = useTranslation('games');
  if (loading) {
    return (
      <ul className="vendor-grid" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="skeleton skeleton--card" />
        ))}
      </ul>
    );
  }
  if (vendors.length === 0) return <EmptyState title={t('noVendors')} />;
  return (
    <ul className="vendor-grid" data-testid="vendor-grid">
      {vendors.map((vendor) => (
        <li key={vendor.vendorId}>
          <VendorCard vendor={vendor} />
        </li>
      ))}
    </ul>
  );
}
