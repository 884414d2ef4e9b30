import type { LoginResult, RegisterPayload } from '@portal/contracts/auth/auth.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { passwordWeakness } from '@portal/contracts/auth/password-strength.ts';
import { checkField, checkMinimumAge, localDay, type FieldIssue } from '@portal/contracts/site/field-validation.ts';
import type { CountryCode, FieldRule } from '@portal/contracts/site/site.contract.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IconName } from '../../../components/ui/icon.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';
import { isInvitationValid, registerAccount, requestSmsCode } from '../api/auth-api.ts';
import { fieldIssueMessage, fieldName, serverFieldIssues } from '../lib/field-messages.ts';
import { requiredAnyValue } from '../lib/password-rule.ts';
import { PasswordField, TextField } from '../../../components/ui/field.tsx';
import { FormSubmit } from './form-status.tsx';
import { DEFAULT_DIAL_CODE } from './sms-phone.tsx';
import { PhoneField } from './phone-field.tsx';
import { SendCodeButton } from './send-code-button.tsx';
import { SmsWarningDialog } from './sms-code-field.tsx';

export type RegisterMode = 'username' | 'mobile';

export interface RegisterSettings {
  smsVerification: boolean;
  minimumAge: number;
  affiliateCheck: boolean;
}

const PASSWORDS = new Set(['password', 'confirmPassword', 'paymentPassword']);
const NUMERIC = new Set(['qqNum', 'whatsapp', 'zalo', 'paymentPassword', 'verificationCode']);
const ICONS: Partial<Record<string, IconName>> = {
  username: 'user',
  nickname: 'user',
  fullname: 'user',
  payeeName: 'user',
  email: 'megaphone',
  affiliateCode: 'gift',
  verificationCode: 'shield',
  birthday: 'clock',
};
const AUTOCOMPLETE: Partial<Record<string, string>> = {
  username: 'username',
  password: 'new-password',
  confirmPassword: 'new-password',
  paymentPassword: 'off',
  email: 'email',
  nickname: 'nickname',
  fullname: 'name',
  birthday: 'bday',
  address: 'street-address',
  verificationCode: 'one-time-code',
  affiliateCode: 'off',
};

/** The fields of a registration, in the order of the server's rules (spec §5). */
export function registerFields(rules: FieldRule[], mode: RegisterMode, smsVerification: boolean): string[] {
  const enabled = rules.filter((r) => r.enabled).map((r) => r.field);
  const rest = enabled.filter((f) => !['verificationCode', 'username', 'mobileNum'].includes(f));
  if (mode === 'mobile') return ['mobileNum', ...(smsVerification ? ['verificationCode'] : []), ...rest];
  return ['username', ...enabled.filter((f) => f !== 'username' && f !== 'verificationCode')];
}

/**
 * The rule the server applies: username, password (and the number in mobile mode) are always
 * required, and the payment password whenever its field is shown (spec §5).
 */
export function effectiveRule(rules: FieldRule[], field: string, mode: RegisterMode): FieldRule | null {
  const rule = rules.find((r) => r.field === field);
  if (rule && field === 'paymentPassword' && rule.enabled) return { ...rule, required: true };
  const forced = ['username', 'password', 'verificationCode', ...(mode === 'mobile' ? ['mobileNum'] : [])];
  if (!rule) return forced.includes(field) ? requiredAnyValue(field) : null;
  return forced.includes(field) ? { ...rule, enabled: true, required: true } : rule;
}

export function issueFor(
  rules: FieldRule[],
  field: string,
  mode: RegisterMode,
  values: Record<string, string>,
  minimumAge: number,
  today: [number, number, number] = localDay(),
): FieldIssue | null {
  if (field === 'confirmPassword') {
    if (!values.confirmPassword) return { key: 'required' };
    return values.confirmPassword === values.password ? null : { key: 'mismatch' };
  }
  if (field === 'verificationCode') {
    const v = values.verificationCode ?? '';
    if (!v.trim()) return { key: 'required' };
    return v.length > LIMITS.verificationCodeMaxLength
      ? { key: 'length', min: 1, max: LIMITS.verificationCodeMaxLength }
      : null;
  }
  const rule = effectiveRule(rules, field, mode);
  if (!rule) return null;
  const issue = checkField(rule, values[field]);
  if (issue) return issue;
  if (field === 'password' || field === 'paymentPassword') {
    // Trivial passwords are refused here already; the site's default only the server knows.
    const weak = passwordWeakness(values[field] ?? '');
    return weak ? { key: 'weak', reason: weak } : null;
  }
  if (field !== 'birthday' || !rule.enabled) return null;
  return checkMinimumAge(values.birthday, minimumAge, today);
}

export function readInvitationCode(search: string): string {
  const params = new URLSearchParams(search);
  return params.get('affiliateCode') ?? params.get('code') ?? '';
}

/** The referral code of a shared link (`?referralCode=` or `?ref=`), sent with the registration (spec §7). */
export function readReferralCode(search: string): string {
  const params = new URLSearchParams(search);
  return (params.get('referralCode') ?? params.get('ref') ?? '').trim().slice(0, 32);
}

export function RegisterForm({
  mode,
  rules,
  countries,
  settings,
  onSignedIn,
  id,
}: {
  mode: RegisterMode;
  rules: FieldRule[];
  countries: CountryCode[];
  settings: RegisterSettings;
  onSignedIn: (result: LoginResult) => void;
  id?: string;
}) {
  const { t } = useTranslation('auth');
  const fields = registerFields(rules, mode, settings.smsVerification);
  const [values, setValues] = useState<Record<string, string>>(() => ({
    affiliateCode: readInvitationCode(window.location.search),
  }));
  // Read once, when the form opens from the shared link: later navigation must not lose it.
  const [referralCode] = useState(() => readReferralCode(window.location.search));
  const [dialCode, setDialCode] = useState(DEFAULT_DIAL_CODE);
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stage, setStage] = useState<'verifying' | 'sending' | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  // A field already marked wrong is re-checked while typing, so its message is gone before the
  // field loses focus: a message vanishing on blur would move the button from under the pointer.
  const set = (field: string) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) {
      const issue = field === 'affiliateCode' ? null : issueFor(rules, field, mode, next, settings.minimumAge);
      setErrors((e) => ({ ...e, [field]: issue ? fieldIssueMessage(t, issue) : undefined }));
    }
  };
  const message = (issue: FieldIssue | null) => (issue ? fieldIssueMessage(t, issue) : undefined);
  const validate = (field: string) =>
    setErrors((e) => ({ ...e, [field]: message(issueFor(rules, field, mode, values, settings.minimumAge)) }));
  const requiredMark = (field: string) =>
    field === 'confirmPassword' || field === 'verificationCode' || effectiveRule(rules, field, mode)?.required === true;

  const sendCode = async (): Promise<number | null> => {
    const issue = issueFor(rules, 'mobileNum', mode, values, settings.minimumAge);
    setErrors((e) => ({ ...e, mobileNum: message(issue) }));
    if (issue) return null;
    try {
      return await requestSmsCode(
        'register',
        { mobileNum: values.mobileNum ?? '', countryDialingCode: dialCode },
        setStage,
      );
    } catch (error) {
      setWarning(localizeError(error));
      return null;
    } finally {
      setStage(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (stage) return;
    const next: Partial<Record<string, string>> = {};
    for (const field of fields) next[field] = message(issueFor(rules, field, mode, values, settings.minimumAge));
    if (!fields.includes('confirmPassword'))
      next.confirmPassword = message(issueFor(rules, 'confirmPassword', mode, values, settings.minimumAge));
    if (!accepted) next.acceptTerms = t('validation.terms', { age: settings.minimumAge });
    setFormError(null);
    if (Object.values(next).some(Boolean)) {
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const code = (values.affiliateCode ?? '').trim();
      if (code && settings.affiliateCheck && fields.includes('affiliateCode')) {
        setStage('sending');
        if (!(await isInvitationValid(code))) {
          setErrors({ affiliateCode: t('validation.invitation') });
          return;
        }
      }
      const payload: Record<string, unknown> = {
        acceptTerms: true,
        domain: window.location.hostname,
        registerUrl: window.location.href,
      };
      for (const field of new Set([...fields, 'password', 'confirmPassword'])) {
        const v = values[field];
        if (v !== undefined && v !== '') payload[field] = PASSWORDS.has(field) ? v : v.trim();
      }
      if (payload.mobileNum) payload.countryDialingCode = dialCode;
      if (referralCode) payload.referralCode = referralCode;
      const result = await registerAccount(
        mode,
        payload as unknown as Omit<RegisterPayload, 'bot' | 'registerMethod'>,
        setStage,
      );
      onSignedIn(result);
    } catch (error) {
      const issues = isApiError(error) ? serverFieldIssues(error.value) : {};
      const mapped: Partial<Record<string, string>> = {};
      for (const [field, issue] of Object.entries(issues)) mapped[field] = fieldIssueMessage(t, issue);
      const field = isApiError(error) ? fieldName(error.field) : null;
      if (isApiError(error) && error.code === 'INVALID_INVITATION_CODE')
        mapped.affiliateCode = t('validation.invitation');
      else if (field && (fields.includes(field) || field === 'confirmPassword') && !mapped[field])
        mapped[field] = localizeError(error);
      if (Object.keys(mapped).length > 0) setErrors(mapped);
      else setFormError(localizeError(error));
    } finally {
      setStage(null);
    }
  };

  const renderField = (field: string) => {
    const common = {
      label: t(`register.fields.${field}`),
      name: field,
      value: values[field] ?? '',
      onValue: set(field),
      onBlur: () => validate(field),
      error: errors[field],
      requiredMark: requiredMark(field),
      autoComplete: AUTOCOMPLETE[field] ?? 'off',
    };
    if (field === 'mobileNum') {
      return (
        <PhoneField
          key={field}
          label={common.label}
          countries={countries}
          dialCode={dialCode}
          onDialCode={setDialCode}
          value={common.value}
          onValue={common.onValue}
          onBlur={common.onBlur}
          error={common.error}
          requiredMark={common.requiredMark}
        />
      );
    }
    if (PASSWORDS.has(field)) {
      return (
        <PasswordField
          key={field}
          {...common}
          inputMode={field === 'paymentPassword' ? 'numeric' : undefined}
          hint={field === 'password' ? passwordHint(rules, t) : undefined}
        />
      );
    }
    return (
      <TextField
        key={field}
        {...common}
        icon={ICONS[field] ?? 'user'}
        type={field === 'email' ? 'email' : 'text'}
        inputMode={NUMERIC.has(field) ? 'numeric' : field === 'email' ? 'email' : undefined}
        placeholder={field === 'birthday' ? t('register.birthdayFormat') : undefined}
        autoCapitalize="off"
        spellCheck={false}
        trailing={field === 'verificationCode' ? <SendCodeButton onSend={sendCode} /> : undefined}
      />
    );
  };

  const ordered = fields.includes('confirmPassword')
    ? fields
    : fields.flatMap((f) => (f === 'password' ? [f, 'confirmPassword'] : [f]));

  return (
    <form id={id} className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="register-form">
      {ordered.map(renderField)}
      <div className={errors.acceptTerms ? 'field field--invalid' : 'field'}>
        <label className="check check--block">
          <input
            type="checkbox"
            name="acceptTerms"
            checked={accepted}
            onChange={(e) => {
              setAccepted(e.target.checked);
              if (e.target.checked) setErrors((er) => ({ ...er, acceptTerms: undefined }));
            }}
          />
          <span>{t('register.terms', { age: settings.minimumAge })}</span>
        </label>
        {errors.acceptTerms ? (
          <p className="field__error" role="alert">
            {errors.acceptTerms}
          </p>
        ) : null}
      </div>
      <FormSubmit error={formError} stage={stage} disabled={stage !== null} testId="register-submit">
        {stage ? t('botCheck.working') : t('register.submit')}
      </FormSubmit>
      <SmsWarningDialog warning={warning} onClose={() => setWarning(null)} />
    </form>
  );
}

function passwordHint(rules: FieldRule[], t: (key: string, o?: Record<string, unknown>) => string): string | undefined {
  const rule = rules.find((r) => r.field === 'password');
  if (!rule) return undefined;
  return fieldIssueMessage(t as never, {
    key: 'pattern',
    patternId: rule.patternId,
    min: rule.minLength,
    max: rule.maxLength,
  });
}
