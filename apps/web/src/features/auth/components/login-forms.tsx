import { NewIpChallengeSchema, type LoginResult, type NewIpChallenge } from '@portal/contracts/auth/auth.contract.ts';
import type { CountryCode } from '@portal/contracts/site/site.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';
import { passwordLogin, smsLogin } from '../api/auth-api.ts';
import { fieldName } from '../lib/field-messages.ts';
import { clearRemembered, readRemembered, writeRemembered } from '../lib/remember-me.ts';
import { CaptchaField } from './captcha-field.tsx';
import { PasswordField, TextField } from '../../../components/ui/field.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { FormSubmit } from './form-status.tsx';
import { SmsWarningDialog } from './sms-code-field.tsx';
import { SmsPhoneFields, useSmsPhone } from './sms-phone.tsx';

type Errors = Partial<Record<string, string>>;

/**
 * A sign-in that needs the new-address step: the challenge, and what the form keeps once the step
 * succeeds (remember me, decision 007), so the choice survives the extra step.
 */
export type OnNewIp = (challenge: NewIpChallenge, onVerified: () => void) => void;

function newIpChallenge(error: unknown): NewIpChallenge | null {
  if (!isApiError(error) || error.code !== 'NEW_IP_VERIFICATION_REQUIRED') return null;
  const parsed = NewIpChallengeSchema.safeParse(error.value);
  return parsed.success ? parsed.data : null;
}

function wantsCaptcha(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const value = error.value as { captcha?: unknown } | undefined;
  return value?.captcha === true || error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID';
}

/** Remember me (decision 007): a checkbox that keeps only the username or the phone for a day. */
function RememberBox({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation('auth');
  return (
    <label className="check">
      <input type="checkbox" name="remember" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{t('login.remember')}</span>
    </label>
  );
}

export function PasswordLoginForm({
  portal,
  onSignedIn,
  onNewIp,
  onForgot,
  usernameLabel,
  submitLabel,
  footer,
  id,
}: {
  portal: 'member' | 'agent';
  onSignedIn: (result: LoginResult) => void;
  onNewIp: OnNewIp;
  onForgot?: (() => void) | undefined;
  usernameLabel?: string;
  submitLabel: string;
  footer?: ReactNode;
  id?: string;
}) {
  const { t } = useTranslation('auth');
  const qc = useQueryClient();
  const [remembered] = useState(readRemembered);
  const form = useForm({ username: remembered?.username ?? '', password: '', captcha: '' });
  const { username, password, captcha } = form.values;
  const [remember, setRemember] = useState(Boolean(remembered?.username));
  const [captchaShown, setCaptchaShown] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [captchaId, setCaptchaId] = useState('');
  const [stage, setStage] = useState<'verifying' | 'sending' | null>(null);
  const onCaptchaId = useCallback((value: string) => setCaptchaId(value), []);

  const keepRemembered = () => {
    if (portal !== 'member') return;
    if (remember) writeRemembered({ username: username.trim() });
    else clearRemembered();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stage) return;
    const ok = form.check({
      username: username.trim() ? undefined : t('validation.required'),
      password: password ? undefined : t('validation.required'),
      captcha: captchaShown && !captcha.trim() ? t('validation.required') : undefined,
    });
    if (!ok) return;
    try {
      const result = await passwordLogin(
        qc,
        { username, password, portal, ...(captchaShown ? { captcha, captchaId } : {}) },
        setStage,
      );
      keepRemembered();
      onSignedIn(result);
    } catch (error) {
      const challenge = newIpChallenge(error);
      if (challenge) return onNewIp(challenge, keepRemembered);
      if (wantsCaptcha(error)) {
        setCaptchaShown(true);
        setGeneration((g) => g + 1);
      } else if (captchaShown) {
        setGeneration((g) => g + 1);
      }
      const field = isApiError(error) ? fieldName(error.field) : null;
      if (field && ['username', 'password', 'captcha'].includes(field) && isApiError(error)) {
        form.setErrors({ [field]: localizeError(error) });
        if (field !== 'captcha') form.setFormError(null);
      } else {
        form.setFormError(localizeError(error));
      }
    } finally {
      setStage(null);
    }
  };

  return (
    <form id={id} className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="password-login-form">
      <TextField
        label={usernameLabel ?? t('fields.username')}
        icon="user"
        name="username"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        {...form.field('username')}
      />
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      {captchaShown ? (
        <CaptchaField generation={generation} {...form.field('captcha')} onCaptchaId={onCaptchaId} />
      ) : null}
      {portal === 'member' || onForgot ? (
        <div className="auth-form__row">
          {portal === 'member' ? <RememberBox checked={remember} onChange={setRemember} /> : <span />}
          {onForgot ? (
            <button type="button" className="link-btn" onClick={onForgot} data-testid="forgot-link">
              {t('login.forgot')}
            </button>
          ) : null}
        </div>
      ) : null}
      <FormSubmit error={form.formError} stage={stage} disabled={stage !== null} testId="login-submit">
        {stage ? t('botCheck.working') : submitLabel}
      </FormSubmit>
      {footer}
    </form>
  );
}

export function SmsLoginForm({
  countries,
  onSignedIn,
  onNewIp,
  footer,
  id,
}: {
  countries: CountryCode[];
  onSignedIn: (result: LoginResult) => void;
  onNewIp: OnNewIp;
  footer?: ReactNode;
  id?: string;
}) {
  const { t } = useTranslation('auth');
  const qc = useQueryClient();
  const [remembered] = useState(readRemembered);
  const [remember, setRemember] = useState(Boolean(remembered?.mobileNum));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stage, setStage] = useState<'verifying' | 'sending' | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = useSmsPhone({
    purpose: 'login',
    setStage,
    onMobileError: (error) => setErrors((e) => ({ ...e, mobileNum: error })),
    remembered,
  });
  const { dialCode, mobile, code } = phone;

  const keepRemembered = () => {
    if (remember) writeRemembered({ mobileNum: mobile, countryDialingCode: dialCode });
    else clearRemembered();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const mobileOk = phone.checkMobile();
    const codeError = code.trim() ? undefined : t('validation.required');
    setErrors((e) => ({ ...e, verificationCode: codeError }));
    setFormError(null);
    if (!mobileOk || codeError) return;
    setBusy(true);
    try {
      const result = await smsLogin(qc, {
        mobileNum: mobile,
        countryDialingCode: dialCode,
        verificationCode: code,
        portal: 'member',
      });
      keepRemembered();
      onSignedIn(result);
    } catch (error) {
      const challenge = newIpChallenge(error);
      if (challenge) return onNewIp(challenge, keepRemembered);
      const field = isApiError(error) ? fieldName(error.field) : null;
      if (field === 'verificationCode' || field === 'mobileNum') setErrors({ [field]: localizeError(error) });
      else setFormError(localizeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form id={id} className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="sms-login-form">
      <SmsPhoneFields phone={phone} countries={countries} errors={errors} />
      <div className="auth-form__row">
        <RememberBox checked={remember} onChange={setRemember} />
      </div>
      <FormSubmit error={formError} stage={stage} disabled={busy} testId="login-submit">
        {t('login.submit')}
      </FormSubmit>
      {footer}
      <SmsWarningDialog warning={phone.warning} onClose={phone.closeWarning} />
    </form>
  );
}
