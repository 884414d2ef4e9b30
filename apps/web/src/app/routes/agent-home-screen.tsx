import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { MemberGate } from '../../features/auth/components/member-gate.tsx';
import { useAccountFlow } from '../../features/auth/hooks/account-flow-context.ts';
import { AgentCentre } from '../../features/agent/components/agent-centre.tsx';
import { usePermission, useWhitelabelMenu } from '../../features/site/api/site-queries.ts';
import { useImageUrl } from '../../lib/image-host.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** /agentHome: the agent centre with its own chrome; non-agents go to /agent, trial accounts must register. */
export function AgentHomeScreen() {
  const { t } = useTranslation('pages');
  const permission = usePermission();
  const menu = useWhitelabelMenu();
  const imageUrl = useImageUrl();
  const flow = useAccountFlow();
  const wl = permission.data?.whitelabel;
  useScreenTitle(t('agent.title'));
  const logo = (
    <Link to="/agent">{wl ? <img src={imageUrl(wl.logoUrl)} alt={wl.siteName} width={150} height={36} /> : null}</Link>
  );
  return (
    <MemberGate
      allow={(member) => (member.isAgent ? null : <Navigate to="/agent" replace />)}
      frame={(content) => (
        <div className="gate-page">
          <header className="gate-page__top">{logo}</header>
          <main id="main" className="gate-page__main">
            <h1 className="sr-only">{t('agent.title')}</h1>
            {content}
          </main>
        </div>
      )}
    >
      {(member) => (
        <AgentCentre
          flags={menu.data?.flags ?? {}}
          logo={logo}
          accountName={member.nickname ?? member.account}
          onSignOut={() => flow.requestSignOut('/agent')}
        />
      )}
    </MemberGate>
  );
}
