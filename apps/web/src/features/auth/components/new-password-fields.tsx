import type { FieldRule } from '@portal/contracts/site/site.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField, type FieldBinding } from '../../../components/ui/field.tsx';
import { fieldIssueMessage } from '../lib/field-messages.ts';
import { newPasswordIssues } from '../lib/password-rule.ts';

/** The new sign-in password of a change or a reset. */
export function NewPasswordField(field: FieldBinding) {
  const { t } = useTranslation('auth');
  return (
    <PasswordField
      label={t('fields.newPassword')}
      name="newPassword"
      autoComplete="new-password"
      requiredMark
      {...field}
    />
  );
}

/**
 * A new password and its confirmation as typed (a change, or a reset by e-mail), and the messages of
 * what the site's password rule finds wrong with them (`newPasswordIssues`).
 */
export function useNewPassword(rules: FieldRule[] | undefined) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const message = (issue: Parameters<typeof fieldIssueMessage>[1] | undefined) =>
    issue ? fieldIssueMessage(t, issue) : undefined;
  return {
    password,
    setPassword,
    confirm,
    setConfirm,
    clear: () => {
      setPassword('');
      setConfirm('');
    },
    issues: () => {
      const found = newPasswordIssues(rules, password, confirm);
      return { newPassword: message(found.newPassword), confirm: message(found.confirm) };
    },
  };
}

/** The new password and its confirmation, as a change or a reset by e-mail asks for them. */
export function NewPasswordFields({
  value,
  errors,
}: {
  value: ReturnType<typeof useNewPassword>;
  errors: { password: string | undefined; confirm: string | undefined };
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <NewPasswordField value={value.password} onValue={value.setPassword} error={errors.password} />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        name="confirmNewPassword"
        autoComplete="new-password"
        value={value.confirm}
        onValue={value.setConfirm}
        error={errors.confirm}
        requiredMark
      />
    </>
  );
}
