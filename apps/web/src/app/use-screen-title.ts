import { usePermission } from '../features/site/api/site-queries.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Sets "<screen> · <site name>" as the document title. */
export function useScreenTitle(title: string | null): void {
  const permission = usePermission();
  useDocumentTitle(title, permission.data?.whitelabel.siteName);
}
