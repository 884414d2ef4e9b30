import type { Promotion, PromotionState } from '@portal/contracts/rewards/rewards.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { useMemberToken } from '../../../lib/session.ts';
import { usePromotionStates, usePromotions } from '../api/rewards-api.ts';
import { PromotionAction } from './promotion-action.tsx';

const LOOK: Record<Promotion['kind'], { tone: string; icon: IconName }> = {
  NEW_MEMBER: { tone: 'gold', icon: 'gift' },
  DEPOSIT_MATCH: { tone: 'violet', icon: 'wallet' },
  RELOAD: { tone: 'teal', icon: 'refresh' },
  CASHBACK: { tone: 'rose', icon: 'refresh' },
  RAFFLE: { tone: 'gold', icon: 'star' },
  APPLY: { tone: 'violet', icon: 'trophy' },
};

/** The headline of a promotion's reward: a fixed amount, a rate with its cap, or a prize range. */
export function useRewardHeadline() {
  const { t } = useTranslation('pages');
  return (p: Promotion) => {
    const r = p.rules;
    const money = (m: string) => formatMoney(m, p.currency);
    if (p.kind === 'RAFFLE' && r.prizes?.length) {
      const amounts = r.prizes.map((x) => BigInt(x.amount)).sort((a, b) => (a < b ? -1 : 1));
      return t('rewards.headline.prizes', { min: money(String(amounts[0])), max: money(String(amounts.at(-1))) });
    }
    if (r.ratePercent)
      return r.maxBonus
        ? t('rewards.headline.rateCapped', { rate: r.ratePercent, max: money(r.maxBonus) })
        : t('rewards.headline.rate', { rate: r.ratePercent });
    return r.amount ? money(r.amount) : '';
  };
}

/** Promotions with what each gives, its wagering, and the member's action or status (spec §4). */
export function PromotionGrid({ onSignIn }: { onSignIn?: () => void }) {
  const { t } = useTranslation('pages');
  const token = useMemberToken();
  const promotions = usePromotions();
  const states = usePromotionStates();
  const headline = useRewardHeadline();
  const byId = new Map((states.data?.items ?? []).map((s): [string, PromotionState] => [s.promotionId, s]));
  const items = promotions.data?.items ?? [];
  if (promotions.isPending) return <div className="skeleton skeleton--block" aria-hidden="true" />;
  if (items.length === 0) return null;
  return (
    <ul className="promo-grid" data-testid="reward-promotions">
      {items.map((p) => {
        const look = LOOK[p.kind];
        return (
          <li key={p.id} className={`promo-card promo-card--${look.tone}`} data-testid={`promotion-${p.code}`}>
            <div className="promo-card__art" aria-hidden="true">
              <Icon name={look.icon} size={40} />
            </div>
            <div className="promo-card__body">
              <span className="promo-card__kind">{t(`rewards.kinds.${p.kind}`)}</span>
              <h2 className="promo-card__title">{p.title}</h2>
              <p className="promo-card__headline">{headline(p)}</p>
              <p className="promo-card__text">{p.summary}</p>
              <p className="muted small">
                {p.rules.wageringMultiple > 0
                  ? t(`rewards.wageringRule.${p.rules.wageringBase}`, { times: p.rules.wageringMultiple })
                  : t('rewards.noWagering')}
              </p>
              <div className="promo-card__actions">
                <PromotionAction promotion={p} state={byId.get(p.id)} signedIn={token !== null} onSignIn={onSignIn} />
                <Link className="btn btn--ghost btn--sm" to={`/PromotionDetail?promotion=${p.id}`}>
                  {t('promotions.details')}
                </Link>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
