import type { Notice } from '@portal/contracts/content/content.contract.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';

const TONES = ['gold', 'violet', 'teal', 'rose'] as const;

export function PromotionCards({ promotions, loading }: { promotions: Notice[]; loading: boolean }) {
  const { t } = useTranslation('pages');
  if (loading) return <div className="skeleton skeleton--block" aria-hidden="true" />;
  if (promotions.length === 0) return <EmptyState icon="gift" title={t('promotions.empty')} />;
  return (
    <ul className="promo-grid" data-testid="promotions">
      {promotions.map((promo, i) => (
        <li key={promo.id} className={`promo-card promo-card--${TONES[i % TONES.length]}`}>
          <div className="promo-card__art" aria-hidden="true">
            <Icon name="gift" size={40} />
          </div>
          <div className="promo-card__body">
            <h2 className="promo-card__title">{promo.title}</h2>
            <p className="promo-card__text">{promo.content}</p>
            <Link className="btn btn--primary btn--sm" to={`/PromotionDetail?id=${promo.id}`}>
              {t('promotions.details')}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
