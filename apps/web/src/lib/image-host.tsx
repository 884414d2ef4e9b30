import { pickHost, withHost } from '@portal/contracts/site/pick-host.ts';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';

const ImageHostContext = createContext<string>('');

/** Picks one image host per page load from the CDN list (spec §7); '' means this site's origin. */
export function ImageHostProvider({ hosts, children }: { hosts: readonly string[] | undefined; children: ReactNode }) {
  const key = (hosts ?? []).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- re-pick only when the list itself changes
  const host = useMemo(() => pickHost(hosts ?? []), [key]);
  return <ImageHostContext.Provider value={host}>{children}</ImageHostContext.Provider>;
}

/** Turns a site-relative asset path into a URL on the picked image host. */
export function useImageUrl(): (path: string) => string {
  const host = useContext(ImageHostContext);
  return useCallback((path: string) => (path ? withHost(host, path) : path), [host]);
}
