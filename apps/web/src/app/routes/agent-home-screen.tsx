import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { MemberGate } from '../../features/auth/components/member-gate.tsx';
import { useAccountFlow } from '../../features/auth/hooks/account-flow-context.ts';
import { useContractConsolidated } from '../../features/agent/api/contracts-api.ts';
import {
  AGENT_MENU,
  AgentCentre,
  isAgentPage,
  type AgentPage,
  type ContractMenuFlag,
} from '../../features/agent/components/agent-centre.tsx';
import { ContractPage } from '../../features/agent/components/contract-page.tsx';
import { ContractPopup } from '../../features/agent/components/contract-popup.tsx';
import { RegisterAccountPage } from '../../features/agent/components/register-account-page.tsx';
import {
  AnnouncementPage,
  MyIncomePage,
  TeamBettingPage,
  UserLossPage,
} from '../../features/agent/components/report-pages.tsx';
import { TeamManagementPage } from '../../features/agent/components/team-management-page.tsx';
import { TeamOverviewPage } from '../../features/agent/components/team-overview-page.tsx';
import { useAgentAnnouncements } from '../../features/content/api/use-announcements.ts';
import { usePermission } from '../../features/site/api/site-queries.ts';
import { InboxPage } from '../../features/inbox/components/inbox-page.tsx';
import { DepositPage } from '../../features/wallet/components/deposit-page.tsx';
import { TransactionHistoryPage } from '../../features/wallet/components/transaction-history-page.tsx';
import { WithdrawPage } from '../../features/wallet/components/withdraw-page.tsx';
import { useCashierCounters } from '../../features/wallet/hooks/use-cashier-counters.ts';
import { useLiveChannel } from '../../features/wallet/hooks/use-live-channel.ts';
import { useImageUrl } from '../../lib/image-host.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/**
 * /agentHome: the agent centre with its own chrome; non-agents go to /agent, trial accounts must
 * register. `?page=` picks the page; the member centre's cashier and record pages are composed here
 * too, so the agent feature does not import the wallet's.
 */
export function AgentHomeScreen() {
  const { t } = useTranslation('pages');
  const permission = usePermission();
  const imageUrl = useImageUrl();
  const wl = permission.data?.whitelabel;
  useScreenTitle(t('agent.title'));
  const logo = (
    <Link to="/agent">{wl ? <img src={imageUrl(wl.logoUrl)} alt={wl.siteName} width={150} height={36} /> : null}</Link>
  );
  return (
    <MemberGate
      allow={(member) => (member.isAgent ? null : <Navigate to="/agent" replace />)}
      frame={(gate) => (
        <div className="gate-page">
          <header className="gate-page__top">{logo}</header>
          <main id="main" className="gate-page__main">
            <h1 className="sr-only">{t('agent.title')}</h1>
            {gate}
          </main>
        </div>
      )}
    >
      {(member) => <AgentHome logo={logo} accountName={member.nickname ?? member.account} />}
    </MemberGate>
  );
}

/** The centre of a signed-in agent: consolidated info decides which contract pages it has. */
function AgentHome({ logo, accountName }: { logo: ReactNode; accountName: string }) {
  const consolidated = useContractConsolidated();
  const flow = useAccountFlow();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const announcements = useAgentAnnouncements();
  // The agent centre has its own chrome (no portal layout): it opens the live channel itself.
  useLiveChannel();
  const counters = useCashierCounters();
  const flags: Partial<Record<ContractMenuFlag, boolean>> = consolidated.data ?? {};
  const raw = search.get('page');
  const item = AGENT_MENU.find((i) => i.key === raw);
  // A contract page whose kind is switched off (or not the agent's) opens the first page instead.
  const page: AgentPage =
    isAgentPage(raw) && (!item || !('flag' in item) || consolidated.isPending || flags[item.flag] === true)
      ? raw
      : AGENT_MENU[0].key;
  const manualClaim = consolidated.data?.manualClaim === true;
  const go = (p: AgentPage) => (p === 'customerService' ? navigate('/help') : setSearch({ page: p }));
  const toMember = (p: string) => navigate(`/member?page=${p}`);
  const content: Record<AgentPage, ReactNode> = {
    announcement: <AnnouncementPage notices={announcements.data?.notices} loading={announcements.isPending} />,
    teamOverview: <TeamOverviewPage />,
    registerAccount: <RegisterAccountPage />,
    teamManagement: <TeamManagementPage />,
    teamBetting: <TeamBettingPage />,
    userLoss: <UserLossPage />,
    myIncome: <MyIncomePage />,
    accountDetails: <TransactionHistoryPage />,
    dividend: <ContractPage kind="DIVIDEND" manualClaim={manualClaim} />,
    dailyWages: <ContractPage kind="DAILY_SALARY" manualClaim={manualClaim} />,
    hourlySalary: <ContractPage kind="HOURLY_SALARY" manualClaim={manualClaim} />,
    realtimeSalary: <ContractPage kind="REALTIME_SALARY" manualClaim={manualClaim} />,
    deposit: <DepositPage returnedDepositId={null} onDismissReturn={() => undefined} />,
    withdraw: <WithdrawPage onOpenSecurity={() => toMember('securityCenter')} />,
    messages: <InboxPage />,
    customerService: null,
  };
  return (
    <AgentCentre
      flags={flags}
      logo={logo}
      accountName={accountName}
      onSignOut={() => flow.requestSignOut('/agent')}
      page={page}
      onSelect={go}
      badges={{ messages: counters?.messages, withdraw: counters?.withdrawalsToConfirm }}
    >
      {content[page]}
      <ContractPopup enabled />
    </AgentCentre>
  );
}
