import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { RootView } from './app/root-view.tsx';
import { createAppRouter } from './app/router.tsx';
import { prefetchFirstScreen } from './app/route-prefetch.ts';
import { appContainer } from './lib/boot-art.ts';
import { announcementsQuery } from './features/content/api/use-announcements.ts';
import { permissionQuery } from './features/site/api/site-queries.ts';
import { i18n, i18nReady } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';
import './styles/wallet.css';
import './styles/agent.css';
import './styles/games.css';

// The home banner (the first page's largest paint) needs the site's settings and its announcements:
// asked for now, beside the app's language, not after the first render and the status check.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(permissionQuery);
void queryClient.prefetchQuery(announcementsQuery(i18n.language));
prefetchFirstScreen(queryClient, window.location, i18n.language);

const container = document.getElementById('root');
// The first render waits for the visitor's language (one chunk, preloaded by theme-init.js beside
// the app's own); if it cannot be fetched the app still starts and shows message keys.
if (container) {
  void i18nReady
    .catch(() => undefined)
    .then(() => {
      // The router reads the address and matches the route table here, in this task, not in the
      // first render's (decision 107).
      const router = createAppRouter();
      createRoot(appContainer(container)).render(
        <StrictMode>
          <Providers client={queryClient}>
            <RootView router={router} />
          </Providers>
        </StrictMode>,
      );
    });
}
