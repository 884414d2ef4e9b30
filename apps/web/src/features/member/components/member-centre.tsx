import { useTranslation } from 'react-i18next';
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
  messageV2: 'megaphone',
  manualRebate: 'refresh',
};

export function isMemberPage(value: string | null): value is MemberPage {
  return value !== null && (MEMBER_PAGES as readonly string[]).includes(value);
}

/** The member centre frame: page menu and the selected page; the pages fill in with the wallet milestone. */
export function MemberCentre({ page, onSelect }: { page: MemberPage; onSelect: (page: MemberPage) => void }) {
  const { t } = useTranslation('pages');
  return (
    <div className="centre">
      <nav className="centre__menu" aria-label={t('member.menu')}>
        <ul>
          {MEMBER_PAGES.map((p) => (
            <li key={p}>
              <button
                type="button"
                className={p === page ? 'centre__link centre__link--active' : 'centre__link'}
                aria-current={p === page ? 'page' : undefined}
                onClick={() => onSelect(p)}
              >
                <Icon name={ICONS[p]} size={18} />
                <span>{t(`member.pages.${p}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="centre__panel card" aria-labelledby="member-page-title">
        <h2 id="member-page-title">{t(`member.pages.${page}`)}</h2>
        <p className="muted">{t('member.comingNote')}</p>
      </section>
    </div>
  );
}
