import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { forgotTabs } from './forgot-password-dialog.tsx';
import { PasswordLoginForm } from './login-forms.tsx';

/** The login form as the home screen builds it: the link only when a way to recover is on. */
function loginMarkup(flags: { verif: boolean; mail: boolean }): string {
  const onForgot = forgotTabs(flags).length > 0 ? () => undefined : undefined;
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <PasswordLoginForm
          portal="member"
          submitLabel="Sign in"
          onSignedIn={() => undefined}
          onNewIp={() => undefined}
          onForgot={onForgot}
        />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the forgot-password link', () => {
  it('is hidden when neither CHNGPASSVERIF3 nor CHNGPASSMAIL3 is on', () => {
    expect(forgotTabs({ verif: false, mail: false })).toEqual([]);
    expect(loginMarkup({ verif: false, mail: false })).not.toContain('data-testid="forgot-link"');
  });

  it('shows when either way to recover is on', () => {
    expect(loginMarkup({ verif: true, mail: false })).toContain('data-testid="forgot-link"');
    expect(loginMarkup({ verif: false, mail: true })).toContain('data-testid="forgot-link"');
  });
});
