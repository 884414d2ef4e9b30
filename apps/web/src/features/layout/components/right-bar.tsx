import type { Resource } from '@portal/contracts/site/site.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { absoluteUrl, appLinks, type AppType } from '../lib/resource-links.ts';

const APP_ICONS: Record<AppType, IconName> = { APP_IOS: 'apple', APP_IOS_LITE: 'apple', APP_ANDROID: 'android' };

export function RightBar({
  resources,
  onCustomerService,
  onAnnouncements,
}: {
  resources?: Resource[] | undefined;
  onCustomerService?: (() => void) | undefined;
  onAnnouncements: () => void;
}) {
  const { t } = useTranslation();
  const [qrOpen, setQrOpen] = useState(false);
  const apps = appLinks(resources);
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

  return (
    <aside className="right-bar" aria-label={t('rightBar.label')}>
      <ul className="right-bar__list">
        {apps.length > 0 ? (
          <li
            className="right-bar__item right-bar__item--apps"
            onMouseEnter={() => setQrOpen(true)}
            onMouseLeave={() => setQrOpen(false)}
          >
            <button
              type="button"
              className="right-bar__btn"
              aria-expanded={qrOpen}
              aria-controls="right-bar-qr"
              onClick={() => setQrOpen((v) => !v)}
            >
              <Icon name="phone" size={22} />
              <span>{t('rightBar.app')}</span>
            </button>
            <div id="right-bar-qr" className={qrOpen ? 'qr-flyout qr-flyout--open' : 'qr-flyout'}>
              <p className="qr-flyout__title">{t('rightBar.scanToDownload')}</p>
              <ul className="qr-flyout__list" data-testid="app-qr-list">
                {apps.map((app) => (
                  <li key={app.type} data-app={app.type} className="qr-flyout__item">
                    <QrCode
                      value={absoluteUrl(app.url, origin)}
                      label={t('rightBar.qrFor', { app: t(`apps.${app.type}`) })}
                      size={104}
                    />
                    <span className="qr-flyout__name">
                      <Icon name={APP_ICONS[app.type]} size={14} /> {t(`apps.${app.type}`)}
                    </span>
                  </li>
                ))}
              </ul>
              <Link to="/download" className="qr-flyout__more">
                {t('rightBar.installGuide')} <Icon name="arrowRight" size={14} />
              </Link>
            </div>
          </li>
        ) : null}
        <li className="right-bar__item">
          <button
            type="button"
            className="right-bar__btn"
            onClick={onCustomerService}
            disabled={!onCustomerService}
            data-testid="right-bar-cs"
          >
            <Icon name="headset" size={22} />
            <span>{t('rightBar.customerService')}</span>
          </button>
        </li>
        <li className="right-bar__item">
          <button type="button" className="right-bar__btn" onClick={onAnnouncements} data-testid="right-bar-notices">
            <Icon name="megaphone" size={22} />
            <span>{t('rightBar.announcements')}</span>
          </button>
        </li>
      </ul>
    </aside>
  );
}
