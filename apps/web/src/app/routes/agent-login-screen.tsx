import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { AgentLoginPanel } from '../../features/auth/components/agent-login-panel.tsx';
import { LanguageSelector } from '../../features/layout/components/language-selector.tsx';
import { ThemeToggle } from '../../features/layout/components/theme-toggle.tsx';
import { usePermission } from '../../features/site/api/site-queries.ts';
import { useImageUrl } from '../../lib/image-host.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

const POINTS: { key: string; icon: IconName }[] = [
  { key: 'commission', icon: 'wallet' },
  { key: 'team', icon: 'layers' },
  { key: 'reports', icon: 'trophy' },
];

/** /agent: the agent portal's login page with marketing text (spec §2). */
export function AgentLoginScreen() {
  const { t } = useTranslation('pages');
  const permission = usePermission();
  const imageUrl = useImageUrl();
  const wl = permission.data?.whitelabel;
  useScreenTitle(t('agentLogin.title'));
  return (
    <div className="agent-login-page">
      <header className="agent-login-page__top">
        <Link to="/" className="brand" aria-label={t('common:nav.homeOf', { site: wl?.siteName ?? '' })}>
          {wl ? (
            <img src={imageUrl(wl.logoUrl)} alt={wl.siteName} className="brand__logo" width={168} height={40} />
          ) : null}
        </Link>
        <div className="site-header__tools">
          <LanguageSelector languages={permission.data?.languages ?? []} />
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="agent-login-page__main">
        <section className="agent-pitch">
          <p className="page-hero__eyebrow">{t('agentLogin.eyebrow')}</p>
          <h1 className="agent-pitch__title">{t('agentLogin.title')}</h1>
          <p className="agent-pitch__lead">{t('agentLogin.lead')}</p>
          <ul className="agent-pitch__points">
            {POINTS.map((p) => (
              <li key={p.key}>
                <span className="agent-pitch__icon">
                  <Icon name={p.icon} size={20} />
                </span>
                <span>
                  <strong>{t(`agentLogin.points.${p.key}.title`)}</strong>
                  <span className="muted">{t(`agentLogin.points.${p.key}.text`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <AgentLoginPanel />
      </main>
    </div>
  );
}
