import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** /pointMall (lazy group PointMall, session required). */
export function PointMallScreen() {
  const { t } = useTranslation('pages');
  useScreenTitle(t('pointMall.title'));
  return (
    <div className="page">
      <PageHero icon="star" tone="gold" eyebrow={t('pointMall.eyebrow')} title={t('pointMall.title')}>
        {t('pointMall.lead')}
      </PageHero>
      <EmptyState icon="gift" title={t('pointMall.empty')} />
    </div>
  );
}
