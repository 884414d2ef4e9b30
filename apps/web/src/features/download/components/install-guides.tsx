import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';

export type Platform = 'APP_IOS' | 'APP_IOS_LITE' | 'APP_ANDROID';
const PLATFORMS: { type: Platform; icon: IconName; badge: string; steps: number }[] = [
  { type: 'APP_IOS', icon: 'apple', badge: '/assets/badges/app-store.svg', steps: 4 },
  { type: 'APP_IOS_LITE', icon: 'apple', badge: '/assets/badges/ios-lite.svg', steps: 4 },
  { type: 'APP_ANDROID', icon: 'android', badge: '/assets/badges/android.svg', steps: 4 },
];

/** Install guides for iOS, the iOS lite profile and Android; a QR code when the site offers that app. */
export function InstallGuides({
  links,
  highlight,
}: {
  links: Partial<Record<Platform, string>>;
  highlight?: Platform | null;
}) {
  const { t } = useTranslation('pages');
  return (
    <ul className="install-guides" data-testid="install-guides">
      {PLATFORMS.map((p) => {
        const url = links[p.type];
        return (
          <li
            key={p.type}
            className={highlight === p.type ? 'install-guide install-guide--highlight' : 'install-guide'}
            data-platform={p.type}
          >
            <header className="install-guide__head">
              <span className="install-guide__icon">
                <Icon name={p.icon} size={24} />
              </span>
              <h2 className="install-guide__title">{t(`download.${p.type}.title`)}</h2>
            </header>
            <div className="install-guide__qr">
              {url ? (
                <>
                  <QrCode value={url} label={t('download.qrFor', { app: t(`download.${p.type}.title`) })} size={132} />
                  <a className="store-badge" href={url}>
                    <img src={p.badge} alt={t(`download.${p.type}.badge`)} width={150} height={46} />
                  </a>
                </>
              ) : (
                <p className="install-guide__na">{t('download.notOffered')}</p>
              )}
            </div>
            <ol className="install-guide__steps">
              {Array.from({ length: p.steps }, (_, i) => (
                <li key={i}>{t(`download.${p.type}.step${i + 1}`)}</li>
              ))}
            </ol>
          </li>
        );
      })}
    </ul>
  );
}
