import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { RootView } from './app/root-view.tsx';
import { i18nReady } from './lib/i18n.ts';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';
import './styles/wallet.css';
import './styles/agent.css';
import './styles/house-games.css';
import './styles/games.css';
import './styles/vault-games.css';

const container = document.getElementById('root');
// The first render waits for the visitor's language (one chunk, preloaded by theme-init.js beside
// the app's own); if it cannot be fetched the app still starts and shows message keys.
if (container) {
  void i18nReady
    .catch(() => undefined)
    .then(() =>
      createRoot(container).render(
        <StrictMode>
          <Providers>
            <RootView />
          </Providers>
        </StrictMode>,
      ),
    );
}
