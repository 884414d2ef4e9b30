// The first half: the query client and the first screen's requests, then a turn for the browser
// before the rest of the app's code is evaluated (decision 108). Keep these two imports first.
import { queryClient } from './app/boot-fetch.ts';
import './app/boot-yield.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { RootView } from './app/root-view.tsx';
import { createAppRouter } from './app/router.tsx';
import { appContainer } from './lib/boot-art.ts';
import { i18nReady } from './lib/i18n.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';
import './styles/wallet.css';
import './styles/agent.css';
import './styles/games.css';

const container = document.getElementById('root');
// The first render waits for the visitor's language (one chunk, preloaded by theme-init.js beside
// the app's own); if it cannot be fetched the app still starts and shows message keys.
if (container) {
  void i18nReady
    .catch(() => undefined)
    .then(() => {
      // The router reads the address and matches the route table here, in this task, not in the
      // first render's (decision 108).
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
