import { DEPOSIT_RETURN_PARAM } from '@portal/contracts/wallet/cashier.contract.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { MemberGate } from '../../features/auth/components/member-gate.tsx';
import { useAccountFlow } from '../../features/auth/hooks/account-flow-context.ts';
import { FeedbackPage } from '../../features/feedback/components/feedback-page.tsx';
import { InboxPage } from '../../features/inbox/components/inbox-page.tsx';
import { MemberCentre, isMemberPage, type MemberPage } from '../../features/member/components/member-centre.tsx';
import { useRewardCounters } from '../../features/rewards/api/rewards-api.ts';
import { BonusList } from '../../features/rewards/components/bonus-list.tsx';
import { MissionPage } from '../../features/rewards/components/mission-page.tsx';
import { RebatePage } from '../../features/rewards/components/rebate-page.tsx';
import { ReferralPage } from '../../features/rewards/components/referral-page.tsx';
import { ReferralPanel } from '../../features/agent/components/referral-panel.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { RewardCentre } from '../../features/rewards/components/reward-centre.tsx';
import { AccountRecordPage } from '../../features/wallet/components/account-record-page.tsx';
import { BonusDetailsPage } from '../../features/wallet/components/bonus-details-page.tsx';
import { DepositPage } from '../../features/wallet/components/deposit-page.tsx';
import { PersonalProfitPage } from '../../features/wallet/components/personal-profit-page.tsx';
import { SecurityCentre } from '../../features/wallet/components/security-centre.tsx';
import { TransactionHistoryPage } from '../../features/wallet/components/transaction-history-page.tsx';
import { TransferFundPage } from '../../features/wallet/components/transfer-fund-page.tsx';
import { TransferUplinePage } from '../../features/wallet/components/transfer-upline-page.tsx';
import { WithdrawPage } from '../../features/wallet/components/withdraw-page.tsx';
import { useMerchantWallet } from '../../features/wallet/api/vendor-wallet-api.ts';
import { useCashierCounters } from '../../features/wallet/hooks/use-cashier-counters.ts';
import { useLayout } from '../layouts/layout-context.ts';
import { useScreenTitle } from '../use-screen-title.ts';

/**
 * /member (lazy group MemberCenter): the member centre, header only. `?page=` picks the page; the
 * gateway's page returns to depositv2 with `&deposit=<id>`. The pages come from the wallet feature
 * and are composed here, so the member feature does not import them.
 */
export function MemberScreen() {
  const { t } = useTranslation('pages');
  const [search, setSearch] = useSearchParams();
  const flow = useAccountFlow();
  const layout = useLayout();
  const raw = search.get('page');
  const page = isMemberPage(raw) ? raw : 'securityCenter';
  const go = (p: MemberPage) => setSearch({ page: p });
  useScreenTitle(t('member.title'));
  const counters = useCashierCounters();
  const rewardCounters = useRewardCounters();
  // A single-wallet site has no transfers: "Transfer funds" leaves the menu (a direct link still explains why).
  const merchant = useMerchantWallet();

  const content: Record<MemberPage, ReactNode> = {
    securityCenter: <SecurityCentre onChangeLoginPassword={flow.openChangePassword} />,
    depositv2: (
      <DepositPage
        returnedDepositId={search.get(DEPOSIT_RETURN_PARAM)}
        onDismissReturn={() => setSearch({ page: 'depositv2' }, { replace: true })}
        onCustomerService={layout?.openCustomerService}
      />
    ),
    transferFund: <TransferFundPage />,
    withdraw: <WithdrawPage onOpenSecurity={() => go('securityCenter')} />,
    transferUpline: <TransferUplinePage onOpenSecurity={() => go('securityCenter')} />,
    transactionHistory: <TransactionHistoryPage />,
    personalHistoryCopy: <AccountRecordPage />,
    bonusDetails: (
      <>
        <BonusList />
        <BonusDetailsPage />
      </>
    ),
    rewardCenter: (
      <RewardCentre
        onOpenBonuses={() => go('bonusDetails')}
        onOpenRebate={() => go('manualRebate')}
        onOpenMissions={() => go('missionLeaderboard')}
      />
    ),
    manualRebate: <RebatePage />,
    // An agent refers through its links (its downline); a player through its own invitation (decision 075).
    referral: <ReferralPage />,
    missionLeaderboard: <MissionPage />,
    personalProfit: <PersonalProfitPage />,
    messageV2: <InboxPage />,
    feedback: <FeedbackPage />,
  };

  return (
    <div className="page">
      <PageHero icon="user" title={t('member.title')} eyebrow={t('member.eyebrow')} />
      <MemberGate>
        {(member) => (
          <MemberCentre
            page={page}
            onSelect={go}
            badges={{
              withdraw: counters?.withdrawalsToConfirm,
              depositv2: counters?.depositsPending,
              messageV2: counters?.messages,
              rewardCenter: rewardCounters?.rewards,
              missionLeaderboard: rewardCounters?.missions,
            }}
            hidden={merchant.data?.isSingle ? ['transferFund'] : []}
          >
            {page === 'referral' && member.isAgent ? (
              <div className="referral-agent" data-testid="referral-agent">
                <ReferralPanel />
                <ButtonLink to="/agentHome" variant="secondary">
                  {t('referral.agentCentre')}
                </ButtonLink>
              </div>
            ) : (
              content[page]
            )}
          </MemberCentre>
        )}
      </MemberGate>
    </div>
  );
}
