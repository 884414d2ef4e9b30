import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';

export type AuthMode = 'login' | 'register';
type Method = 'username' | 'mobile';

export interface AuthFlags {
  smsLogin: boolean;
  freePlay: boolean;
  directRegister: boolean;
  mobileRegister: boolean;
}

function Field({
  icon,
  label,
  type = 'text',
  autoComplete,
  name,
  inputMode,
  trailing,
}: {
  icon: IconName;
  label: string;
  type?: string;
  autoComplete: string;
  name: string;
  inputMode?: 'text' | 'numeric' | 'tel';
  trailing?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="field__control">
        <Icon name={icon} size={18} className="field__icon" />
        <input
          id={id}
          name={name}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          className="field__input"
        />
        {trailing}
      </div>
    </div>
  );
}

function PasswordField({ label, name, autoComplete }: { label: string; name: string; autoComplete: string }) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <Field
      icon="lock"
      label={label}
      name={name}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      trailing={
        <button type="button" className="field__toggle" aria-pressed={shown} onClick={() => setShown((v) => !v)}>
          {shown ? t('hidePassword') : t('showPassword')}
        </button>
      }
    />
  );
}

/**
 * The login / registration popup. This milestone draws the real frame (tabs by feature flags, fields,
 * links); signing in arrives with the accounts milestone, so submitting explains that.
 */
export function AuthPopup({
  mode,
  flags,
  siteName,
  bannerUrl,
  onClose,
}: {
  mode: AuthMode;
  flags: AuthFlags;
  siteName: string;
  bannerUrl?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const loginMethods: Method[] = flags.smsLogin ? ['username', 'mobile'] : ['username'];
  const registerMethods: Method[] = [
    ...(flags.directRegister ? (['username'] as const) : []),
    ...(flags.mobileRegister ? (['mobile'] as const) : []),
  ];
  const methods =
    mode === 'login' ? loginMethods : registerMethods.length > 0 ? registerMethods : (['username'] as Method[]);
  const defaultMethod: Method = mode === 'register' && flags.mobileRegister ? 'mobile' : 'username';
  const [method, setMethod] = useState<Method>(defaultMethod);
  const [notice, setNotice] = useState(false);

  useEffect(() => {
    setMethod(defaultMethod);
    setNotice(false);
  }, [mode, defaultMethod]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(true);
  };

  return (
    <Modal
      open
      title={mode === 'login' ? t('login.title') : t('register.title')}
      closeLabel={tc('actions.close')}
      onClose={onClose}
      size="sm"
      className="auth-popup"
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
        {methods.length > 1 ? (
          <Tabs
            idPrefix={`auth-${mode}`}
            label={t('methodLabel')}
            active={method}
            onChange={(k) => {
              setMethod(k);
              setNotice(false);
            }}
            items={methods.map((m) => ({ key: m, label: t(`${mode}.tab.${m}`) }))}
          />
        ) : null}
        <form
          id={`auth-${mode}-panel`}
          className="auth-form"
          role="tabpanel"
          aria-labelledby={`auth-${mode}-tab-${method}`}
          onSubmit={submit}
          noValidate
        >
          {method === 'username' ? (
            <Field icon="user" label={t('fields.username')} name="username" autoComplete="username" />
          ) : (
            <Field icon="phone" label={t('fields.mobile')} name="mobileNum" autoComplete="tel" inputMode="tel" />
          )}
          {mode === 'login' && method === 'mobile' ? (
            <Field
              icon="shield"
              label={t('fields.smsCode')}
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
            />
          ) : (
            <PasswordField
              label={t('fields.password')}
              name="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            />
          )}
          {mode === 'register' ? (
            <PasswordField label={t('fields.confirmPassword')} name="confirmPassword" autoComplete="new-password" />
          ) : null}
          {mode === 'login' ? (
            <div className="auth-form__row">
              <label className="check">
                <input type="checkbox" name="remember" /> <span>{t('login.remember')}</span>
              </label>
              <button type="button" className="link-btn" onClick={() => setNotice(true)}>
                {t('login.forgot')}
              </button>
            </div>
          ) : (
            <p className="auth-form__hint">{t('register.ageHint')}</p>
          )}
          {notice ? (
            <p className="inline-note" role="status" data-testid="auth-next-release">
              <Icon name="clock" size={16} /> {t('nextRelease')}
            </p>
          ) : null}
          <Button type="submit" block size="lg">
            {mode === 'login' ? t('login.submit') : t('register.submit')}
          </Button>
          {mode === 'login' && flags.freePlay ? (
            <Button variant="secondary" block onClick={() => setNotice(true)}>
              {t('login.freePlay')}
            </Button>
          ) : null}
        </form>
        <p className="auth-popup__switch">
          {mode === 'login' ? (
            <>
              {t('login.noAccount')} <Link to="/register">{t('login.signUp')}</Link>
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
