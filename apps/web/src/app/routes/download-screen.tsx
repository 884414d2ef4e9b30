import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { InstallGuides, type Platform } from '../../features/download/components/install-guides.tsx';
import { absoluteUrl, appLinks } from '../../features/layout/lib/resource-links.ts';
import { usePermission } from '../../features/site/api/site-queries.ts';
import { useScreenTitle } from '../use-screen-title.ts';

const HIGHLIGHT: Record<string, Platform> = { ios: 'APP_IOS', 'ios-lite': 'APP_IOS_LITE', android: 'APP_ANDROID' };

/** /download: install guides for iOS, the iOS lite profile and Android, with QR codes. */
export function DownloadScreen() {
  const { t } = useTranslation('pages');
  const permission = usePermission();
  const [search] = useSearchParams();
  useScreenTitle(t('download.title'));
  const links = Object.fromEntries(
    appLinks(permission.data?.resources).map((a) => [a.type, absoluteUrl(a.url, window.location.origin)]),
  ) as Partial<Record<Platform, string>>;
  return (
    <div className="page">
      <PageHero icon="download" tone="violet" eyebrow={t('download.eyebrow')} title={t('download.title')}>
        {t('download.lead', { site: permission.data?.whitelabel.siteName ?? '' })}
      </PageHero>
      <InstallGuides links={links} highlight={HIGHLIGHT[search.get('platform') ?? ''] ?? null} />
    </div>
  );
}
