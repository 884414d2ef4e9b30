import type { LoginResult, NewIpChallenge } from '@portal/contracts/auth/auth.contract.ts';
import type { CountryCode, FieldRule } from '@portal/contracts/site/site.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { freePlay } from '../api/auth-api.ts';
import { FormStatus } from './form-status.tsx';
import { PasswordLoginForm, SmsLoginForm, type OnNewIp } from './login-forms.tsx';
import { NewIpStep } from './new-ip-step.tsx';
import { RegisterForm, type RegisterSettings } from './register-form.tsx';

export type AuthMode = 'login' | 'register';
type Method = 'username' | 'mobile';

export interface AuthFlags {
  smsLogin: boolean;
  freePlay: boolean;
  directRegister: boolean;
  mobileRegister: boolean;
}

export function AuthPopup({
  mode,
  flags,
  siteName,
  bannerUrl,
  countries,
  rules,
  registerSettings,
  onClose,
  onSignedIn,
  onForgot,
}: {
  mode: AuthMode;
  flags: AuthFlags;
  siteName: string;
  bannerUrl?: string | undefined;
  countries: CountryCode[];
  rules: FieldRule[] | undefined;
  registerSettings: RegisterSettings;
  onClose: () => void;
  onSignedIn: (result: LoginResult) => void;
  /** Absent when the site offers no way to recover a password: the link is not shown. */
  onForgot?: (() => void) | undefined;
}) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const loginMethods: Method[] = flags.smsLogin ? ['username', 'mobile'] : ['username'];
  const registerMethods: Method[] = flags.mobileRegister ? ['username', 'mobile'] : ['username'];
  const methods = mode === 'login' ? loginMethods : registerMethods;
  const defaultMethod: Method = mode === 'register' && flags.mobileRegister ? 'mobile' : 'username';
  // The default follows the flags, which may arrive after the popup opens; a tab the visitor picked wins.
  const [chosen, setChosen] = useState<Method | null>(null);
  const method: Method = chosen && methods.includes(chosen) ? chosen : defaultMethod;
  const [lastMode, setLastMode] = useState(mode);
  const [challenge, setChallenge] = useState<{ challenge: NewIpChallenge; onVerified: () => void } | null>(null);
  const onNewIp: OnNewIp = (next, onVerified) => setChallenge({ challenge: next, onVerified });
  const [trial, setTrial] = useState<{ stage: 'verifying' | 'sending' | null; error: string | null }>({
    stage: null,
    error: null,
  });
  if (lastMode !== mode) {
    setLastMode(mode);
    setChosen(null);
    setChallenge(null);
  }

  const startFreePlay = async () => {
    if (trial.stage) return;
    setTrial({ stage: 'verifying', error: null });
    try {
      const result = await freePlay((stage) => setTrial({ stage, error: null }));
      setTrial({ stage: null, error: null });
      onSignedIn(result);
    } catch (error) {
      setTrial({ stage: null, error: localizeError(error) });
    }
  };

  const panelId = `auth-${mode}-panel`;
  const labelledBy = methods.length > 1 ? `auth-${mode}-tab-${method}` : undefined;
  const freePlayFooter =
    mode === 'login' && flags.freePlay ? (
      <>
        <div className="auth-divider">
          <span>{t('login.or')}</span>
        </div>
        <FormStatus error={trial.error} stage={trial.stage} />
        <Button
          variant="secondary"
          block
          onClick={() => void startFreePlay()}
          disabled={trial.stage !== null}
          data-testid="free-play"
        >
          <Icon name="star" size={16} />
          <span>{t('login.freePlay')}</span>
        </Button>
      </>
    ) : null;

  return (
    <Modal
      open
      title={challenge ? t('newIp.title') : mode === 'login' ? t('login.title') : t('register.title')}
      closeLabel={tc('actions.close')}
      onClose={onClose}
      size="sm"
      className="auth-popup"
      closeOnBackdrop={false}
      banner={
        <div className="auth-popup__banner" aria-hidden="true">
          {bannerUrl ? <img src={bannerUrl} alt="" width={440} height={132} /> : null}
          <span className="auth-popup__welcome">
            {t(mode === 'login' ? 'login.welcome' : 'register.welcome', { site: siteName })}
          </span>
        </div>
      }
    >
      <div data-testid={mode === 'login' ? 'login-popup' : 'register-popup'}>
        {challenge ? (
          <NewIpStep
            challenge={challenge.challenge}
            onSignedIn={(result) => {
              challenge.onVerified();
              onSignedIn(result);
            }}
            onBack={() => setChallenge(null)}
          />
        ) : (
          <>
            {methods.length > 1 ? (
              <Tabs
                idPrefix={`auth-${mode}`}
                label={t('methodLabel')}
                active={method}
                onChange={setChosen}
                items={methods.map((m) => ({ key: m, label: t(`${mode}.tab.${m}`) }))}
              />
            ) : null}
            <div id={panelId} role={labelledBy ? 'tabpanel' : undefined} aria-labelledby={labelledBy}>
              {mode === 'login' ? (
                method === 'username' ? (
                  <PasswordLoginForm
                    key="username"
                    portal="member"
                    onSignedIn={onSignedIn}
                    onNewIp={onNewIp}
                    onForgot={onForgot}
                    submitLabel={t('login.submit')}
                    footer={freePlayFooter}
                  />
                ) : (
                  <SmsLoginForm
                    key="sms"
                    countries={countries}
                    onSignedIn={onSignedIn}
                    onNewIp={onNewIp}
                    footer={freePlayFooter}
                  />
                )
              ) : rules ? (
                <RegisterForm
                  key={method}
                  mode={method}
                  rules={rules}
                  countries={countries}
                  settings={registerSettings}
                  onSignedIn={onSignedIn}
                />
              ) : (
                <p className="form-progress" role="status">
                  <span className="spinner" aria-hidden="true" />
                  <span>{tc('loading')}</span>
                </p>
              )}
            </div>
          </>
        )}
        <p className="auth-popup__switch">
          {mode === 'login' ? (
            <>
              {t('login.noAccount')}{' '}
              <Link to="/register" data-testid="signup-link">
                {t('login.signUp')}
              </Link>
            </>
          ) : (
            <>
              {t('register.haveAccount')} <Link to="/login">{t('register.backToLogin')}</Link>
            </>
          )}
        </p>
      </div>
    </Modal>
  );
}
