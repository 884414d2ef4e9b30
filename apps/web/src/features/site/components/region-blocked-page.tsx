import type { SystemStatus } from '@portal/contracts/site/site.contract.ts';
import { useTranslation } from 'react-i18next';
import { StatusScreen } from './status-screen.tsx';

export function RegionBlockedPage({
  status,
  logoUrl,
  siteName,
  illustration,
  onCustomerService,
}: {
  status: SystemStatus;
  logoUrl?: string | undefined;
  siteName?: string | undefined;
  illustration: string;
  onCustomerService?: (() => void) | undefined;
}) {
  const { t } = useTranslation('pages');
  return (
    <StatusScreen
      illustration={illustration}
      logoUrl={logoUrl}
      siteName={siteName}
      title={t('region.title')}
      onCustomerService={onCustomerService}
    >
      <p className="status-card__meta">
        <span>{t('region.yourIp')}</span>{' '}
        <strong className="status-card__ip" data-testid="visitor-ip">
          {status.location.ip}
        </strong>
      </p>
      <p className="status-card__info">{t('region.info')}</p>
    </StatusScreen>
  );
}
