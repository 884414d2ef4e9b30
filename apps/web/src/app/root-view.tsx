import { SYSTEM_STATUS } from '@portal/contracts/limits.ts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { LoaderOverlay } from '../components/ui/loader-overlay.tsx';
import { usePermission, useSiteIcon, useSystemStatus } from '../features/site/api/site-queries.ts';
import { useCustomerService } from '../features/site/hooks/use-customer-service.ts';
import { isBundledLanguage, readStoredLanguage, showLanguage } from '../lib/i18n.ts';
import { ImageHostProvider, useImageUrl } from '../lib/image-host.tsx';
import { lazyComponent } from '../lib/lazy-component.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { createAppRouter } from './router.tsx';

// Shown only while the site is closed or the region blocked: loaded then (decision 044).
const MaintenancePage = lazyComponent(() =>
  import('../features/site/components/maintenance-page.tsx').then((m) => m.MaintenancePage),
);
const RegionBlockedPage = lazyComponent(() =>
  import('../features/site/components/region-blocked-page.tsx').then((m) => m.RegionBlockedPage),
);

/** The customer-service pages: help without chrome, and the live chat window (decision 057). */
const CUSTOMER_SERVICE_PATHS = new Set(['/helpmc', '/livechat', '/livechat/chat']);

function useFavicon(href: string | undefined) {
  useEffect(() => {
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.type = 'image/svg+xml';
    link.href = href;
  }, [href]);
}

function StatusView({ kind }: { kind: 'maintenance' | 'region' }) {
  const { t } = useTranslation('pages');
  const status = useSystemStatus();
  const permission = usePermission();
  const imageUrl = useImageUrl();
  const cs = useCustomerService();
  const wl = permission.data?.whitelabel;
  useDocumentTitle(kind === 'maintenance' ? t('maintenance.title') : t('region.title'), wl?.siteName);
  if (!status.data) return null;
  const props = {
    status: status.data,
    logoUrl: wl ? imageUrl(wl.logoUrl) : undefined,
    siteName: wl?.siteName,
    onCustomerService: cs.ready ? cs.open : undefined,
  };
  return kind === 'maintenance' ? (
    <MaintenancePage {...props} illustration="/assets/illustrations/maintenance.svg" />
  ) : (
    <RegionBlockedPage {...props} illustration="/assets/illustrations/region-blocked.svg" />
  );
}

/**
 * One of three root views by system status (spec §2 start-up): the app, maintenance, region-blocked.
 * `router`: one made before the first render, in a task of its own (main.tsx); a new one otherwise.
 */
export function RootView({ router: given }: { router?: ReturnType<typeof createAppRouter> }) {
  const { t } = useTranslation();
  const status = useSystemStatus();
  const permission = usePermission();
  const icon = useSiteIcon();
  const router = useMemo(() => given ?? createAppRouter(), [given]);
  useFavicon(icon.data?.faviconUrl);

  // The site's default language applies until the visitor picks one (kept in localStorage).
  const defaultLanguage = permission.data?.whitelabel.defaultLanguage;
  useEffect(() => {
    // Not stored: only the visitor's own choice is kept.
    if (defaultLanguage && isBundledLanguage(defaultLanguage) && !readStoredLanguage())
      void showLanguage(defaultLanguage);
  }, [defaultLanguage]);

  const hosts = permission.data?.imageCDNs;
  if (status.isPending) {
    return <LoaderOverlay visible label={t('loading')} />;
  }
  // The customer-service page stays reachable in every state: the maintenance and region pages send visitors there.
  const code = CUSTOMER_SERVICE_PATHS.has(window.location.pathname)
    ? SYSTEM_STATUS.normal
    : (status.data?.status ?? SYSTEM_STATUS.normal);
  return (
    <ImageHostProvider hosts={hosts}>
      {code === SYSTEM_STATUS.maintenance ? (
        <StatusView kind="maintenance" />
      ) : code === SYSTEM_STATUS.regionRestricted ? (
        <StatusView kind="region" />
      ) : (
        <RouterProvider router={router} />
      )}
    </ImageHostProvider>
  );
}
