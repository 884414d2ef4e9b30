import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useAnnouncements } from '../../features/content/api/use-announcements.ts';
import { useScreenTitle } from '../use-screen-title.ts';

/** /PromotionDetail?id= (lazy group Promotions). */
export function PromotionDetailScreen() {
  const { t } = useTranslation('pages');
  const content = useAnnouncements();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const promo = content.data?.promotions.find((p) => p.id === id) ?? content.data?.promotions[0];
  useScreenTitle(promo?.title ?? t('promotions.detailTitle'));
  return (
    <div className="page">
      <PageHero
        icon="gift"
        tone="gold"
        eyebrow={t('promotions.detailTitle')}
        title={promo?.title ?? t('promotions.detailTitle')}
      />
      <article className="card promo-detail">
        {promo ? (
          <p>{promo.content}</p>
        ) : content.isPending ? (
          <div className="skeleton skeleton--block" />
        ) : (
          <EmptyState icon="gift" title={t('promotions.empty')} />
        )}
        <Link to="/promotions" className="btn btn--ghost btn--sm">
          <Icon name="chevronLeft" size={16} /> {t('promotions.back')}
        </Link>
      </article>
    </div>
  );
}
