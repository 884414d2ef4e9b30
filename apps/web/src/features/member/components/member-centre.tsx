import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/ui/count-badge.tsx';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';

/** Member-centre pages of spec §2, in order. */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  // Not in spec §2's list of pages: the feedback screen its labels imply (issue 18), beside the inbox.
  'feedback',
] as const;
export type MemberPage = (typeof MEMBER_PAGES)[number];

const ICONS: Record<MemberPage, IconName> = {
  securityCenter: 'shield',
  transferFund: 'refresh',
  depositv2: 'wallet',
  withdraw: 'wallet',
  transferUpline: 'arrowRight',
  personalHistoryCopy: 'clock',
  transactionHistory: 'layers',
  personalProfit: 'trophy',
  bonusDetails: 'gift',
  rewardCenter: 'star',
  referral: 'user',
  missionLeaderboard: 'trophy',
  messageV2: 'mail',
  manualRebate: 'refresh',
  feedback: 'help',
};

export function isMemberPage(value: string | null): value is MemberPage {
  return value !== null && (MEMBER_PAGES as readonly string[]).includes(value);
}

/**
 * The member centre frame: page menu and the selected page. The screen passes the page's content
 * (pages of other features).
 */
export function MemberCentre({
  page,
  onSelect,
  badges = {},
  hidden = [],
  children,
}: {
  page: MemberPage;
  /** Pages the site does not offer (e.g. transfers on a single-wallet site): left out of the menu. */
  hidden?: readonly MemberPage[];
  onSelect: (page: MemberPage) => void;
  /** Counts of things waiting on a page (e.g. withdrawals to confirm), shown on its menu entry. */
  badges?: Partial<Record<MemberPage, number>>;
  children: ReactNode;
}) {
  const { t } = useTranslation('pages');
  const { t: tc } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  // On phones the menu is one scrolling row: keep the open page's tab in sight.
  useEffect(() => {
    const ul = list.current;
    const active = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !active || ul.scrollWidth <= ul.clientWidth) return;
    const a = active.getBoundingClientRect();
    const u = ul.getBoundingClientRect();
    ul.scrollLeft += a.left - u.left - (u.width - a.width) / 2;
  }, [page]);
  return (
    <div className="centre">
      <nav className="centre__menu" aria-label={t('member.menu')}>
        <ul ref={list}>
          {MEMBER_PAGES.filter((p) => p === page || !hidden.includes(p)).map((p) => (
            <li key={p}>
              <button
                type="button"
                className={p === page ? 'centre__link centre__link--active' : 'centre__link'}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => onSelect(p)}
              >
                <Icon name={ICONS[p]} size={18} />
                <span>{t(`member.pages.${p}`)}</span>
                <CountBadge
                  count={badges[p]}
                  label={tc('account.waiting', { count: badges[p] ?? 0 })}
                  testId={`member-${p}-badge`}
                />
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section
        className="centre__panel centre__panel--page"
        aria-labelledby="member-page-title"
        data-testid={`member-page-${page}`}
      >
        <h2 id="member-page-title" className="centre__title">
          <span className="centre__title-icon" aria-hidden="true">
            <Icon name={ICONS[page]} size={20} />
          </span>
          {t(`member.pages.${page}`)}
        </h2>
        {children}
      </section>
    </div>
  );
}
