import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { StatusScreen, type StatusPageProps } from './status-screen.tsx';

export function MaintenancePage({ status, ...frame }: StatusPageProps) {
  const { t } = useTranslation('pages');
  const info = status.maintenanceInfo;
  const endTime = formatDateTime(info?.endTime);
  return (
    <StatusScreen {...frame} title={info?.title || t('maintenance.title')}>
      {endTime ? (
        <p className="status-card__meta" data-testid="maintenance-end">
          <span>{t('maintenance.until')}</span> <time dateTime={info?.endTime ?? undefined}>{endTime}</time>
        </p>
      ) : null}
      <p className="status-card__info">{info?.info || t('maintenance.info')}</p>
    </StatusScreen>
  );
}
