import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

/** After each navigation the page scrolls to the top (spec §2). */
export function AppShell() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
  }, [pathname, search]);
  return <Outlet />;
}
