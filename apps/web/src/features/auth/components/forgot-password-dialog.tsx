import type { LoginResult } from '@portal/contracts/auth/auth.contract.ts';
import type { CountryCode, FieldRule } from '@portal/contracts/site/site.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { sendResetEmail, setPasswordWithSms } from '../api/auth-api.ts';
import { fieldIssueMessage, serverFieldMessages } from '../lib/field-messages.ts';
import { useForm } from '../../../components/ui/use-form.ts';
import { newPasswordIssues } from '../lib/password-rule.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { AccountDialog } from './account-dialog.tsx';
import { FormSubmit } from './form-status.tsx';
import type { ForgotTab } from '../lib/forgot-tabs.ts';
import { NewPasswordField } from './new-password-fields.tsx';
import { SmsWarningDialog } from './sms-code-field.tsx';
import { SmsPhoneFields, useSmsPhone } from './sms-phone.tsx';

// The dialog loads when opened; the rule for its tabs is needed before (decision 040).
export { forgotTabs, type ForgotTab } from '../lib/forgot-tabs.ts';

function ByPhone({
  countries,
  rules,
  onSignedIn,
}: {
  countries: CountryCode[];
  rules: FieldRule[] | undefined;
  onSignedIn: (result: LoginResult) => void;
}) {
  const { t } = useTranslation('auth');
  const qc = useQueryClient();
  const form = useForm<'newPassword', 'mobileNum' | 'verificationCode'>({ newPassword: '' });
  const [stage, setStage] = useState<'verifying' | 'sending' | null>(null);
  const [busy, setBusy] = useState(false);
  const phone = useSmsPhone({
    purpose: 'reset',
    setStage,
    onMobileError: (error) => form.setErrors((e) => ({ ...e, mobileNum: error })),
  });
  const { dialCode, mobile, code } = phone;
  const password = form.values.newPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const issue = newPasswordIssues(rules, password, null).newPassword;
    const ok = form.check({
      mobileNum: phone.mobileError(),
      verificationCode: code.trim() ? undefined : t('validation.required'),
      newPassword: issue ? fieldIssueMessage(t, issue) : undefined,
    });
    if (!ok) return;
    setBusy(true);
    try {
      onSignedIn(
        await setPasswordWithSms(qc, {
          mobileNum: mobile,
          countryDialingCode: dialCode,
          verificationCode: code.trim(),
          newPassword: password,
        }),
      );
    } catch (error) {
      const found = serverFieldMessages(t, error, ['mobileNum', 'verificationCode', 'newPassword']);
      form.refuseFields(found, localizeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="forgot-by-phone">
      <SmsPhoneFields phone={phone} countries={countries} errors={form.errors} requiredMark />
      <NewPasswordField {...form.field('newPassword')} />
      <FormSubmit error={form.formError} stage={stage} disabled={busy} testId="forgot-submit">
        {t('forgot.submitPhone')}
      </FormSubmit>
      <SmsWarningDialog warning={phone.warning} onClose={phone.closeWarning} />
    </form>
  );
}

function ByEmail({ rules, onSent }: { rules: FieldRule[] | undefined; onSent: () => void }) {
  const { t } = useTranslation('auth');
  const form = useForm({ username: '', email: '' });
  const { username, email } = form.values;
  const [busy, setBusy] = useState(false);
  const emailPattern = rules?.find((r) => r.field === 'email')?.acceptedPattern;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const ok = form.check({
      username: username.trim() ? undefined : t('validation.required'),
      email: !email.trim()
        ? t('validation.required')
        : emailPattern && emailPattern !== '*' && !new RegExp(emailPattern, 'u').test(email.trim())
          ? t('validation.pattern.EMAIL')
          : undefined,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await sendResetEmail(username, email);
      onSent();
    } catch (error) {
      form.refuseFields(serverFieldMessages(t, error), localizeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="forgot-by-email">
      <TextField
        label={t('fields.username')}
        icon="user"
        name="username"
        autoComplete="username"
        autoCapitalize="off"
        {...form.field('username')}
        requiredMark
      />
      <TextField
        label={t('register.fields.email')}
        icon="megaphone"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        {...form.field('email')}
        requiredMark
      />
      <FormSubmit error={form.formError} disabled={busy} testId="forgot-submit">
        {t('forgot.submitEmail')}
      </FormSubmit>
    </form>
  );
}

/** Forgot password (spec §2, §4): by e-mail (a link arrives) or by phone (signed in with the new password). */
export function ForgotPasswordDialog({
  open,
  tabs,
  countries,
  rules,
  onSignedIn,
  onEmailSent,
  onClose,
  onCustomerService,
}: {
  open: boolean;
  tabs: ForgotTab[];
  countries: CountryCode[];
  rules: FieldRule[] | undefined;
  onSignedIn: (result: LoginResult) => void;
  onEmailSent: () => void;
  onClose: () => void;
  onCustomerService?: (() => void) | undefined;
}) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const initial: ForgotTab = tabs.length === 1 ? tabs[0]! : tabs.includes('email') ? 'email' : 'mobile';
  const [tab, setTab] = useState<ForgotTab>(initial);
  const active = tabs.includes(tab) ? tab : initial;
  return (
    <AccountDialog open={open} title={t('forgot.title')} onClose={onClose}>
      <div data-testid="forgot-dialog">
        {tabs.length > 1 ? (
          <Tabs
            idPrefix="forgot"
            label={t('forgot.methodLabel')}
            active={active}
            onChange={setTab}
            items={tabs.map((k) => ({ key: k, label: t(`forgot.tab.${k}`) }))}
          />
        ) : null}
        <div
          id="forgot-panel"
          role={tabs.length > 1 ? 'tabpanel' : undefined}
          aria-labelledby={tabs.length > 1 ? `forgot-tab-${active}` : undefined}
        >
          <p className="auth-form__hint auth-form__lead">{t(`forgot.lead.${active}`)}</p>
          {active === 'mobile' ? (
            <ByPhone countries={countries} rules={rules} onSignedIn={onSignedIn} />
          ) : (
            <ByEmail rules={rules} onSent={onEmailSent} />
          )}
        </div>
        {onCustomerService ? (
          <p className="auth-popup__switch">
            {t('forgot.needHelp')}{' '}
            <button type="button" className="link-btn" onClick={onCustomerService}>
              <Icon name="headset" size={14} /> {tc('actions.customerService')}
            </button>
          </p>
        ) : null}
      </div>
    </AccountDialog>
  );
}
