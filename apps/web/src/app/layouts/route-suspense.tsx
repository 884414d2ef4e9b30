import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LoaderOverlay } from '../../components/ui/loader-overlay.tsx';
import { useSiteIcon } from '../../features/site/api/site-queries.ts';
import { useImageUrl } from '../../lib/image-host.tsx';
import { RouteErrorBoundary } from '../route-error-boundary.tsx';

function RouteLoader() {
  const { t } = useTranslation();
  const icon = useSiteIcon();
  const imageUrl = useImageUrl();
  return (
    <div className="route-loader">
      <LoaderOverlay visible imageUrl={icon.data ? imageUrl(icon.data.loaderUrl) : undefined} label={t('loading')} />
    </div>
  );
}

/** Lazy screens load behind the site's loader; a failing screen shows a retry, not a white page. */
export function RouteSuspense({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <RouteErrorBoundary resetKey={location.pathname + location.search}>
      <Suspense fallback={<RouteLoader />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}
