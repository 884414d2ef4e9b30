import { useEffect } from 'react';

/** "Slots · Aurora Play"; just the site name when the screen has no title of its own. */
export function useDocumentTitle(screenTitle: string | null | undefined, siteName: string | undefined): void {
  useEffect(() => {
    const parts = [screenTitle, siteName].filter((p): p is string => Boolean(p && p.trim()));
    if (parts.length > 0) document.title = parts.join(' · ');
  }, [screenTitle, siteName]);
}
