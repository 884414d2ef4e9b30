import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { MemberGate } from '../../features/auth/components/member-gate.tsx';
import { PointMall } from '../../features/rewards/components/point-mall.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** /pointMall (lazy group PointMall, session required): the points mall (decision 072). */
export function PointMallScreen() {
  const { t } = useTranslation('pages');
  useScreenTitle(t('pointMall.title'));
  return (
    <div className="page">
      <PageHero icon="star" tone="gold" eyebrow={t('pointMall.eyebrow')} title={t('pointMall.title')}>
        {t('pointMall.lead')}
      </PageHero>
      <MemberGate>{() => <PointMall />}</MemberGate>
    </div>
  );
}
