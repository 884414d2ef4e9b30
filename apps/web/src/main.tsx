import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers.tsx';
import { RootView } from './app/root-view.tsx';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/pages.css';
import './styles/wallet.css';
import './styles/house-games.css';
import './styles/games.css';
import './styles/vault-games.css';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RootView />
      </Providers>
    </StrictMode>,
  );
}
