import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useAnnouncements } from '../../features/content/api/use-announcements.ts';
import { PromotionCards } from '../../features/content/components/promotion-cards.tsx';
import { usePromotions } from '../../features/rewards/api/rewards-api.ts';
import { PromotionGrid } from '../../features/rewards/components/promotion-grid.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** /promotions (lazy group Promotions): promotions to claim or apply for, then the operator's promotion articles. */
export function PromotionsScreen() {
  const { t } = useTranslation('pages');
  const navigate = useNavigate();
  const content = useAnnouncements();
  const rewards = usePromotions();
  useScreenTitle(t('promotions.title'));
  const articles = content.data?.promotions ?? [];
  const hasRewards = (rewards.data?.items.length ?? 0) > 0;
  return (
    <div className="page">
      <PageHero icon="gift" tone="gold" eyebrow={t('promotions.eyebrow')} title={t('promotions.title')}>
        {t('promotions.lead')}
      </PageHero>
      <PromotionGrid onSignIn={() => navigate('/login')} />
      {hasRewards && articles.length > 0 ? <h2 className="section-title">{t('promotions.news')}</h2> : null}
      {hasRewards && articles.length === 0 ? null : (
        <PromotionCards promotions={articles} loading={content.isPending} />
      )}
    </div>
  );
}
