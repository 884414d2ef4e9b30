import type { SystemStatus } from '@portal/contracts/site/site.contract.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';

/** What the root views that stand in for the site (maintenance, region blocked) are given. */
export interface StatusPageProps {
  status: SystemStatus;
  logoUrl?: string | undefined;
  siteName?: string | undefined;
  illustration: string;
  onCustomerService?: (() => void) | undefined;
}

/** Shared frame of the maintenance and region-blocked root views. */
export function StatusScreen({
  illustration,
  logoUrl,
  siteName,
  title,
  children,
  onCustomerService,
}: {
  illustration: string;
  logoUrl?: string | undefined;
  siteName?: string | undefined;
  title: ReactNode;
  children: ReactNode;
  onCustomerService?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <main className="status-screen" id="main">
      <div className="status-screen__aurora" aria-hidden="true" />
      <div className="status-card">
        {logoUrl ? <img className="status-card__logo" src={logoUrl} alt={siteName ?? ''} height={40} /> : null}
        <img className="status-card__art" src={illustration} alt="" width={280} height={180} />
        <h1 className="status-card__title">{title}</h1>
        <div className="status-card__body">{children}</div>
        <Button size="lg" onClick={onCustomerService} disabled={!onCustomerService}>
          <Icon name="headset" />
          {t('actions.customerService')}
        </Button>
      </div>
    </main>
  );
}
