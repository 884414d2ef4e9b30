import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useAnnouncements } from '../../features/content/api/use-announcements.ts';
import { PromotionCards } from '../../features/content/components/promotion-cards.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** /promotions (lazy group Promotions). */
export function PromotionsScreen() {
  const { t } = useTranslation('pages');
  const content = useAnnouncements();
  useScreenTitle(t('promotions.title'));
  return (
    <div className="page">
      <PageHero icon="gift" tone="gold" eyebrow={t('promotions.eyebrow')} title={t('promotions.title')}>
        {t('promotions.lead')}
      </PageHero>
      <PromotionCards promotions={content.data?.promotions ?? []} loading={content.isPending} />
    </div>
  );
}
