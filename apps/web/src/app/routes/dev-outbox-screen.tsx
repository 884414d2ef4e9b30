import { useTranslation } from 'react-i18next';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { OutboxList } from '../../features/dev-outbox/components/outbox-list.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** /dev/outbox: a developer page (not in any menu) listing the SMS and e-mail the server sent. */
export function DevOutboxScreen() {
  const { t } = useTranslation('pages');
  useScreenTitle(t('outbox.title'));
  return (
    <div className="page">
      <PageHero icon="megaphone" title={t('outbox.title')} eyebrow={t('outbox.eyebrow')} />
      <p className="muted outbox__lead">{t('outbox.lead')}</p>
      <OutboxList />
    </div>
  );
}
