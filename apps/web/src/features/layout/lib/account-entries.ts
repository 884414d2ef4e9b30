import type { IconName } from '../../../components/ui/icon.tsx';

export interface HeaderAccount {
  name: string;
  isAgent: boolean;
  /** Free-play accounts have no cashier: no deposit or withdraw entries. */
  isTrial?: boolean;
}

export interface AccountEntry {
  key: string;
  to: string;
  icon: IconName;
}

/**
 * The account menu of spec §2: my account, agent (agents only), deposit and withdraw (so a phone,
 * whose header has no room for the cashier buttons, always reaches them), records; then password and
 * sign-out.
 */
export function accountEntries(account: HeaderAccount): AccountEntry[] {
  const cashier: AccountEntry[] = account.isTrial
    ? []
    : [
        { key: 'deposit', to: '/member?page=depositv2', icon: 'card' },
        { key: 'withdraw', to: '/member?page=withdraw', icon: 'wallet' },
      ];
  return [
    { key: 'myAccount', to: '/member', icon: 'user' },
    ...(account.isAgent ? [{ key: 'agent', to: '/agentHome', icon: 'layers' as const }] : []),
    ...cashier,
    { key: 'accountRecord', to: '/member?page=personalHistoryCopy', icon: 'clock' },
    { key: 'bettingRecord', to: '/member?page=transactionHistory', icon: 'trophy' },
    ...(account.isTrial
      ? []
      : [
          { key: 'rewards', to: '/member?page=rewardCenter', icon: 'star' as const },
          { key: 'missions', to: '/member?page=missionLeaderboard', icon: 'trophy' as const },
          { key: 'messages', to: '/member?page=messageV2', icon: 'mail' as const },
        ]),
  ];
}

/** Counts by entry key (e.g. `withdraw`: withdrawals awaiting the player's confirmation). */
export type AccountBadges = Partial<Record<string, number>>;
