import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/ui/count-badge.tsx';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { formatTime, siteOffsetLabel } from '../../../lib/format.ts';

/**
 * The agent centre menu of spec §2. The salary and dividend items show only when their type field of
 * consolidated info (getContractConsolidated) is true: the site runs the kind and the agent holds or
 * may offer it.
 */
export const AGENT_MENU = [
  { key: 'announcement', icon: 'megaphone' },
  { key: 'teamOverview', icon: 'layers' },
  { key: 'registerAccount', icon: 'user' },
  { key: 'teamManagement', icon: 'user' },
  { key: 'teamBetting', icon: 'trophy' },
  { key: 'userLoss', icon: 'warning' },
  { key: 'myIncome', icon: 'wallet' },
  { key: 'accountDetails', icon: 'clock' },
  { key: 'dividend', icon: 'star', flag: 'divtypereq' },
  { key: 'dailyWages', icon: 'wallet', flag: 'dailysalreqtype' },
  { key: 'hourlySalary', icon: 'clock', flag: 'contracthoursalreq' },
  { key: 'realtimeSalary', icon: 'refresh', flag: 'realtimesalreqtype' },
  // The member centre's pages, opened from the agent menu.
  { key: 'deposit', icon: 'wallet' },
  { key: 'withdraw', icon: 'bank' },
  { key: 'messages', icon: 'mail' },
  { key: 'customerService', icon: 'headset' },
] as const satisfies readonly { key: string; icon: IconName; flag?: ContractMenuFlag }[];

/** The consolidated-info fields that switch the four contract items. */
export type ContractMenuFlag = 'divtypereq' | 'dailysalreqtype' | 'contracthoursalreq' | 'realtimesalreqtype';

export type AgentPage = (typeof AGENT_MENU)[number]['key'];
export const isAgentPage = (v: string | null): v is AgentPage => AGENT_MENU.some((i) => i.key === v);

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <span className="agent-clock">
      <Icon name="clock" size={16} /> {siteOffsetLabel(now)} <time dateTime={now.toISOString()}>{formatTime(now)}</time>
    </span>
  );
}

export function AgentCentre({
  flags,
  logo,
  accountName,
  onSignOut,
  page,
  onSelect,
  badges = {},
  children,
}: {
  /** Consolidated info's type fields; an item whose field is not true stays hidden. */
  flags: Partial<Record<ContractMenuFlag, boolean>>;
  logo: ReactNode;
  accountName?: string | undefined;
  onSignOut?: (() => void) | undefined;
  page: AgentPage;
  onSelect: (page: AgentPage) => void;
  /** Counts shown in red on menu items (e.g. unread messages). */
  badges?: Partial<Record<AgentPage, number | undefined>>;
  /** The selected page, composed by the screen. */
  children: ReactNode;
}) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const items = AGENT_MENU.filter((item) => !('flag' in item) || flags[item.flag] === true);
  const active = page;
  return (
    <div className="agent-shell">
      <aside className="agent-shell__side">
        <div className="agent-shell__brand">{logo}</div>
        <nav aria-label={t('agent.menu')}>
          <ul>
            {items.map((item) => (
              <li key={item.key}>
                <button
                  type="button"
                  className={item.key === active ? 'centre__link centre__link--active' : 'centre__link'}
                  aria-current={item.key === active ? 'page' : undefined}
                  onClick={() => onSelect(item.key)}
                  data-testid={`agent-menu-${item.key}`}
                >
                  <Icon name={item.icon} size={18} />
                  <span>{t(`agent.items.${item.key}`)}</span>
                  <CountBadge
                    count={badges[item.key]}
                    label={tc('account.waiting', { count: badges[item.key] ?? 0 })}
                    testId={`agent-menu-${item.key}-badge`}
                  />
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="agent-shell__main">
        <div className="agent-shell__top">
          <h1 className="agent-shell__title">{t('agent.title')}</h1>
          <div className="agent-shell__tools">
            <Clock />
            {accountName ? (
              <span className="agent-shell__account" data-testid="agent-account">
                <Icon name="user" size={16} /> {accountName}
              </span>
            ) : null}
            {onSignOut ? (
              <button
                type="button"
                className="btn btn--outline btn--sm"
                onClick={onSignOut}
                data-testid="agent-sign-out"
              >
                {t('agent.signOut')}
              </button>
            ) : null}
          </div>
        </div>
        <main id="main" className="agent-shell__content">
          <h2 id="agent-page-title" className="agent-shell__page-title">
            {t(`agent.items.${active}`)}
          </h2>
          {children}
        </main>
      </div>
    </div>
  );
}
