import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** /seamless (lazy group Seamless, session required): the single-wallet game frame. */
export function SeamlessScreen() {
  const { t } = useTranslation('pages');
  useScreenTitle(t('seamless.title'));
  return (
    <div className="page">
      <PageHero icon="wallet" tone="teal" eyebrow={t('seamless.eyebrow')} title={t('seamless.title')}>
        {t('seamless.lead')}
      </PageHero>
      <EmptyState icon="clock" title={t('seamless.empty')} />
    </div>
  );
}
