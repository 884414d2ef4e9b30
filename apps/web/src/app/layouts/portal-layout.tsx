import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { isSessionGone, useMemberInfo } from '../../features/auth/api/auth-api.ts';
import { useAccountFlow } from '../../features/auth/hooks/account-flow-context.ts';
import { useAnnouncements } from '../../features/content/api/use-announcements.ts';
import { useGameVendors } from '../../features/games/api/use-game-vendors.ts';
import { SiteHeader } from '../../features/layout/components/site-header.tsx';
import { usePermission } from '../../features/site/api/site-queries.ts';
import { useCustomerService } from '../../features/site/hooks/use-customer-service.ts';
import { HeaderWallet } from '../../features/wallet/components/balance-chip.tsx';
import { useCashierCounters } from '../../features/wallet/hooks/use-cashier-counters.ts';
import { lazyComponent, lazyDialog } from '../../lib/lazy-component.tsx';
import { useSessionToken } from '../../lib/session.ts';
import type { LayoutContext } from './layout-context.ts';
import type { RewardCounters } from './member-live.tsx';
import { RouteSuspense } from './route-suspense.tsx';

// Not on a first page's critical path (decision 044): the notices dialog (with the HTML sanitizer it
// shows notices with) loads when it first opens, the live channel once signed in, and the footer and
// the right bar (below the fold, and fixed at the side) after the frame.
const NoticeDialog = lazyDialog(() =>
  import('../../features/content/components/notice-dialog.tsx').then((m) => m.NoticeDialog),
);
const MemberLive = lazyComponent(() => import('./member-live.tsx').then((m) => m.MemberLive));
const SiteFooter = lazyComponent(() =>
  import('../../features/layout/components/site-footer.tsx').then((m) => m.SiteFooter),
);
const RightBar = lazyComponent(() => import('../../features/layout/components/right-bar.tsx').then((m) => m.RightBar));

/** The player portal frame: header always; footer and right bar with `chrome="full"` (spec §2). */
export function PortalLayout({ chrome }: { chrome: 'full' | 'header' }) {
  const { t } = useTranslation();
  const permission = usePermission();
  const vendors = useGameVendors();
  const announcements = useAnnouncements();
  const customerService = useCustomerService();
  const [notice, setNotice] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const p = permission.data;
  const token = useSessionToken();
  const member = useMemberInfo();
  const flow = useAccountFlow();
  const m = member.data;
  const counters = useCashierCounters();
  const [rewardCounters, setRewardCounters] = useState<RewardCounters>(undefined);

  const openNotices = useCallback((id?: number) => setNotice({ open: true, id: id ?? null }), []);
  const context = useMemo<LayoutContext>(
    () => ({ openNotices, openCustomerService: customerService.ready ? customerService.open : undefined }),
    [openNotices, customerService.ready, customerService.open],
  );

  return (
    <div className={chrome === 'full' ? 'portal portal--full' : 'portal portal--header'}>
      <a href="#main" className="skip-link">
        {t('skipToContent')}
      </a>
      <SiteHeader
        siteName={p?.whitelabel.siteName}
        logoUrl={p?.whitelabel.logoUrl}
        lanes={vendors.data?.lanes}
        languages={p?.languages ?? []}
        loggedIn={token !== null && !isSessionGone(member.error)}
        canRegister={p?.register.direct === true}
        account={m ? { name: m.nickname ?? m.account, isAgent: m.isAgent, isTrial: m.isTrial } : null}
        accountBadges={{
          withdraw: counters?.withdrawalsToConfirm,
          messages: counters?.messages,
          rewards: rewardCounters?.rewards,
          missions: rewardCounters?.missions,
        }}
        onChangePassword={flow.openChangePassword}
        onSignOut={() => flow.requestSignOut('/')}
        walletSlot={m ? <HeaderWallet trial={m.isTrial} /> : null}
      />
      {token !== null ? <MemberLive onCounters={setRewardCounters} /> : null}
      <main id="main" className="portal__main" tabIndex={-1}>
        <RouteSuspense>
          <Outlet context={context} />
        </RouteSuspense>
      </main>
      {chrome === 'full' ? (
        <>
          <SiteFooter whitelabel={p?.whitelabel} resources={p?.resources} lanes={vendors.data?.lanes} />
          <RightBar
            resources={p?.resources}
            onCustomerService={context.openCustomerService}
            onAnnouncements={() => openNotices()}
          />
        </>
      ) : null}
      <NoticeDialog
        open={notice.open}
        initialId={notice.id}
        notices={announcements.data?.notices ?? []}
        onClose={() => setNotice({ open: false, id: null })}
      />
    </div>
  );
}
