import { useTranslation } from 'react-i18next';
import { StatusScreen, type StatusPageProps } from './status-screen.tsx';

export function RegionBlockedPage({ status, ...frame }: StatusPageProps) {
  const { t } = useTranslation('pages');
  return (
    <StatusScreen {...frame} title={t('region.title')}>
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
