import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { I18nProvider, useI18n } from './i18n.tsx';
import { SessionProvider } from './session.tsx';
import { themeFor } from './theme.ts';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

function Root() {
  const [mode, setMode] = useState<'light' | 'dark'>(() =>
    localStorage.getItem('bo.theme') === 'dark' ? 'dark' : 'light',
  );
  const { lang } = useI18n();
  const theme = useMemo(() => themeFor(mode, lang), [mode, lang]);
  const toggle = () => {
    const next = mode === 'dark' ? 'light' : 'dark';
    localStorage.setItem('bo.theme', next);
    setMode(next);
  };
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <BrowserRouter basename="/backoffice">
            <App mode={mode} toggleMode={toggle} />
          </BrowserRouter>
        </SessionProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider>
      <Root />
    </I18nProvider>
  </StrictMode>,
);
