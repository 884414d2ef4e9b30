import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AccountFlowProvider } from '../features/auth/components/account-flow.tsx';
import { forgotTabs } from '../features/auth/lib/forgot-tabs.ts';
import { usePermission, useWhitelabelMenu } from '../features/site/api/site-queries.ts';
import { useCustomerService } from '../features/site/hooks/use-customer-service.ts';

/** After each navigation the page scrolls to the top (spec §2); the account dialogs serve every screen. */
export function AppShell() {
  const { pathname, search } = useLocation();
  const permission = usePermission();
  const menu = useWhitelabelMenu();
  const cs = useCustomerService();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' as ScrollBehavior });
  }, [pathname, search]);
  const flags: Partial<Record<string, boolean>> = menu.data?.flags ?? {};
  return (
    <AccountFlowProvider
      forgotTabs={forgotTabs({ verif: flags.CHNGPASSVERIF3 === true, mail: flags.CHNGPASSMAIL3 === true })}
      siteName={permission.data?.whitelabel.siteName ?? ''}
      onCustomerService={cs.ready ? cs.open : undefined}
    >
      <Outlet />
    </AccountFlowProvider>
  );
}
