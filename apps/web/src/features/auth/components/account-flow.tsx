import type { LoginResult } from '@portal/contracts/auth/auth.contract.ts';
import { RESET_TOKEN_QUERY } from '@portal/contracts/auth/password.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { readForcedPasswordChange, writeForcedPasswordChange, writeSessionToken } from '../../../lib/session.ts';
import { authKeys, endSession, useCountryCodes, useRegistrationRules } from '../api/auth-api.ts';
import { AccountFlowContext, type AccountFlow } from '../hooks/account-flow-context.ts';
import { lazyComponent, lazyDialog } from '../../../lib/lazy-component.tsx';
import type { ForgotTab } from '../lib/forgot-tabs.ts';

// Each dialog loads when it first opens, not with every page (decision 040).
const AlertDialog = lazyDialog(() => import('../../../components/ui/alert-dialog.tsx').then((m) => m.AlertDialog));
const ChangePasswordDialog = lazyComponent(() =>
  import('./change-password-dialog.tsx').then((m) => m.ChangePasswordDialog),
);
const ForgotPasswordDialog = lazyComponent(() =>
  import('./forgot-password-dialog.tsx').then((m) => m.ForgotPasswordDialog),
);
const ResetPasswordDialog = lazyComponent(() =>
  import('./reset-password-dialog.tsx').then((m) => m.ResetPasswordDialog),
);

interface Forced {
  askOld: boolean;
  agent: boolean;
}

/** Survives a reload: a player who must change the password meets the forced dialog again. */
function readForced(): Forced | null {
  try {
    const raw = readForcedPasswordChange();
    return raw ? (JSON.parse(raw) as Forced) : null;
  } catch {
    return null;
  }
}
function writeForced(value: Forced | null) {
  writeForcedPasswordChange(value ? JSON.stringify(value) : null);
}

/**
 * The account dialogs every screen shares: forced and voluntary password change, forgot password,
 * reset by e-mailed link, the after-login welcome and the sign-out confirmation (spec §2, §4).
 */
export function AccountFlowProvider({
  children,
  forgotTabs,
  siteName,
  onCustomerService,
}: {
  children: ReactNode;
  forgotTabs: ForgotTab[];
  siteName: string;
  onCustomerService?: (() => void) | undefined;
}) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const qc = useQueryClient();

  const [forced, setForced] = useState<Forced | null>(readForced);
  const [welcome, setWelcome] = useState(false);
  const [forgot, setForgot] = useState(false);
  const [change, setChange] = useState(false);
  const [signOut, setSignOut] = useState<{ returnTo: string; busy: boolean } | null>(null);
  const [notice, setNotice] = useState<'emailSent' | 'resetDone' | null>(null);
  const resetToken = location.pathname === '/' || location.pathname === '/index' ? search.get(RESET_TOKEN_QUERY) : null;

  const needsData = forced !== null || forgot || change || resetToken !== null;
  const countries = useCountryCodes(forgot);
  const rules = useRegistrationRules(needsData);

  const completeSignIn = useCallback<AccountFlow['completeSignIn']>(
    (result: LoginResult, options) => {
      const agent = options?.portal === 'agent' || result.isAgent;
      // The forced flag first: no member call may start with a token that may only change its password.
      const next = result.mustChangePassword ? { askOld: result.askOldPassword, agent } : null;
      writeForced(next);
      writeSessionToken(result.token);
      qc.removeQueries({ queryKey: authKeys.memberAll });
      setForgot(false);
      if (next) {
        setForced(next);
        if (options?.portal !== 'agent') void navigate('/', { replace: true });
        return;
      }
      if (result.firstTimeLogin) setWelcome(true);
      // Spec §4: after any sign-in a player goes home, an agent to the agent centre.
      void navigate(agent ? '/agentHome' : '/', { replace: true });
    },
    [navigate, qc],
  );

  const afterPasswordSet = useCallback(
    (result: LoginResult, agent: boolean) => {
      writeSessionToken(result.token);
      qc.removeQueries({ queryKey: authKeys.memberAll });
      writeForced(null);
      setForced(null);
      setChange(false);
      void navigate(agent || result.isAgent ? '/agentHome' : '/', { replace: true });
    },
    [navigate, qc],
  );

  const confirmSignOut = async () => {
    if (!signOut) return;
    setSignOut({ ...signOut, busy: true });
    try {
      await endSession();
    } catch {
      // Signed out locally whatever the server says: the token is dropped below.
    }
    try {
      window.sessionStorage.clear();
    } catch {
      // Nothing to clear.
    }
    writeSessionToken(null);
    writeForced(null);
    setForced(null);
    qc.removeQueries({ queryKey: authKeys.memberAll });
    const to = signOut.returnTo;
    setSignOut(null);
    void navigate(to, { replace: true });
  };

  const value = useMemo<AccountFlow>(
    () => ({
      completeSignIn,
      // No dialog without a way to recover: a stale link (flags changed while open) does nothing.
      openForgot: () => setForgot(forgotTabs.length > 0),
      openChangePassword: () => setChange(true),
      requestSignOut: (returnTo = '/') => setSignOut({ returnTo, busy: false }),
    }),
    [completeSignIn, forgotTabs.length],
  );

  const clearResetToken = () => {
    const next = new URLSearchParams(search);
    next.delete(RESET_TOKEN_QUERY);
    setSearch(next, { replace: true });
  };

  return (
    <AccountFlowContext.Provider value={value}>
      {children}
      {forced ? (
        <ChangePasswordDialog
          open
          forced
          askOld={forced.askOld}
          rules={rules.data}
          onDone={(result) => afterPasswordSet(result, forced.agent)}
          onClose={() => undefined}
        />
      ) : null}
      {change && !forced ? (
        <ChangePasswordDialog
          open
          forced={false}
          askOld
          rules={rules.data}
          onDone={(result) => afterPasswordSet(result, false)}
          onClose={() => setChange(false)}
        />
      ) : null}
      {forgot ? (
        <ForgotPasswordDialog
          open
          tabs={forgotTabs}
          countries={countries.data ?? []}
          rules={rules.data}
          onSignedIn={(result) => {
            setForgot(false);
            completeSignIn(result);
          }}
          onEmailSent={() => {
            setForgot(false);
            setNotice('emailSent');
            if (location.pathname === '/login') void navigate('/', { replace: true });
          }}
          onClose={() => setForgot(false)}
          onCustomerService={onCustomerService}
        />
      ) : null}
      {resetToken ? (
        <ResetPasswordDialog
          token={resetToken}
          rules={rules.data}
          onClose={clearResetToken}
          onDone={() => {
            clearResetToken();
            setNotice('resetDone');
          }}
        />
      ) : null}
      <AlertDialog
        open={notice !== null}
        tone="success"
        icon={notice === 'emailSent' ? 'megaphone' : 'shield'}
        title={notice === 'emailSent' ? t('forgot.sentTitle') : t('reset.doneTitle')}
        confirmLabel={t('sms.ok')}
        closeLabel={tc('actions.close')}
        onConfirm={() => {
          // After a reset by link the next step is signing in with the new password.
          if (notice === 'resetDone') void navigate('/login', { replace: true });
          setNotice(null);
        }}
        testId="account-notice"
      >
        <p>{notice === 'emailSent' ? t('forgot.sentText') : t('reset.doneText')}</p>
      </AlertDialog>
      <AlertDialog
        open={welcome && !forced}
        tone="success"
        icon="gift"
        title={t('welcome.title', { site: siteName })}
        confirmLabel={t('welcome.start')}
        closeLabel={tc('actions.close')}
        onConfirm={() => setWelcome(false)}
        testId="welcome-dialog"
      >
        <p>{t('welcome.text')}</p>
      </AlertDialog>
      <AlertDialog
        open={signOut !== null}
        icon="warning"
        title={t('logout.title')}
        confirmLabel={t('logout.confirm')}
        cancelLabel={t('logout.cancel')}
        closeLabel={tc('actions.close')}
        onConfirm={() => void confirmSignOut()}
        onCancel={() => setSignOut(null)}
        busy={signOut?.busy ?? false}
        testId="logout-dialog"
      >
        <p>{t('logout.text')}</p>
      </AlertDialog>
    </AccountFlowContext.Provider>
  );
}
