import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageHero } from '../../components/ui/page-hero.tsx';
import { useAnnouncements } from '../../features/content/api/use-announcements.ts';
import { HelpTopics } from '../../features/content/components/help-topics.tsx';
import { useCustomerService } from '../../features/site/hooks/use-customer-service.ts';
import { useScreenTitle } from '../use-screen-title.ts';

/** Help centre (/help inside the portal frame; /helpmc wraps it without chrome). */
export function HelpScreen() {
  const { t } = useTranslation('pages');
  const content = useAnnouncements();
  const cs = useCustomerService();
  const [search] = useSearchParams();
  useScreenTitle(t('help.title'));
  const contact = search.get('topic') === 'contact';
  return (
    <div className="page">
      <PageHero icon="help" title={t('help.title')} eyebrow={t('help.eyebrow')}>
        {t('help.lead')}
      </PageHero>
      <div className="help-layout">
        <section aria-labelledby="help-topics-title" className="help-layout__main">
          <h2 id="help-topics-title" className="section-title">
            {t('help.topics')}
          </h2>
          <HelpTopics topics={content.data?.help ?? []} loading={content.isPending} />
        </section>
        <aside
          className={contact ? 'card help-contact help-contact--focus' : 'card help-contact'}
          aria-labelledby="help-contact-title"
        >
          <span className="help-contact__icon">
            <Icon name="headset" size={28} />
          </span>
          <h2 id="help-contact-title">{t('help.contactTitle')}</h2>
          <p className="muted">{t('help.contactText')}</p>
          <Button block onClick={cs.open} disabled={!cs.ready}>
            {t('common:actions.customerService')}
          </Button>
          <ButtonLink to="/chatRoom" variant="outline" block data-testid="help-chat-room">
            <Icon name="chat" size={16} /> {t('support:room.open')}
          </ButtonLink>
        </aside>
      </div>
    </div>
  );
}
