import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AgentCentre } from '../../features/agent/components/agent-centre.tsx';
import { usePermission, useWhitelabelMenu } from '../../features/site/api/site-queries.ts';
import { useImageUrl } from '../../lib/image-host.tsx';
import { useScreenTitle } from '../use-screen-title.ts';

/** /agentHome: the agent centre with its own chrome (no portal header or footer). */
export function AgentHomeScreen() {
  const { t } = useTranslation('pages');
  const permission = usePermission();
  const menu = useWhitelabelMenu();
  const imageUrl = useImageUrl();
  const wl = permission.data?.whitelabel;
  useScreenTitle(t('agent.title'));
  return (
    <AgentCentre
      flags={menu.data?.flags ?? {}}
      logo={
        <Link to="/agent">
          {wl ? <img src={imageUrl(wl.logoUrl)} alt={wl.siteName} width={150} height={36} /> : null}
        </Link>
      }
    />
  );
}
