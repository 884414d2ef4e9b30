import type { SystemStatus } from '@portal/contracts/site/site.contract.ts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { StatusScreen } from './status-screen.tsx';

export function MaintenancePage({
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
  const info = status.maintenanceInfo;
  const endTime = formatDateTime(info?.endTime);
  return (
    <StatusScreen
      illustration={illustration}
      logoUrl={logoUrl}
      siteName={siteName}
      title={info?.title || t('maintenance.title')}
      onCustomerService={onCustomerService}
    >
      {endTime ? (
        <p className="status-card__meta" data-testid="maintenance-end">
          <span>{t('maintenance.until')}</span> <time dateTime={info?.endTime ?? undefined}>{endTime}</time>
        </p>
      ) : null}
      <p className="status-card__info">{info?.info || t('maintenance.info')}</p>
    </StatusScreen>
  );
}
