import type { LoginResult } from '@portal/contracts/auth/auth.contract.ts';
import type { FieldRule } from '@portal/contracts/site/site.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';
import { changeOwnPassword } from '../api/auth-api.ts';
import { fieldIssueMessage, fieldName, serverFieldIssues } from '../lib/field-messages.ts';
import { PasswordField } from '../../../components/ui/field.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { AccountDialog } from './account-dialog.tsx';
import { FormSubmit } from './form-status.tsx';
import { NewPasswordFields, useNewPassword } from './new-password-fields.tsx';

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmNewPassword', string>>;

/**
 * Change password (spec §2, §5): voluntary from the account menu, or forced after sign-in with the
 * default or an expired password — then it cannot be dismissed, and the current password is asked
 * only when it is not the default (`askOld`).
 */
export function ChangePasswordDialog({
  open,
  forced,
  askOld,
  rules,
  onDone,
  onClose,
}: {
  open: boolean;
  forced: boolean;
  askOld: boolean;
  rules: FieldRule[] | undefined;
  onDone: (result: LoginResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const qc = useQueryClient();
  const form = useForm<'oldPassword', 'newPassword' | 'confirmNewPassword'>({ oldPassword: '' });
  const oldPassword = form.values.oldPassword;
  const pw = useNewPassword(rules);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const issues = pw.issues();
    const ok = form.check({
      oldPassword: askOld && !oldPassword ? t('validation.required') : undefined,
      newPassword: issues.newPassword,
      confirmNewPassword: issues.confirm,
    });
    if (!ok) return;
    setBusy(true);
    try {
      const result = await changeOwnPassword(qc, {
        ...(askOld ? { oldPassword } : {}),
        newPassword: pw.password,
        confirmNewPassword: pw.confirm,
      });
      form.clear('oldPassword');
      pw.clear();
      onDone(result);
    } catch (error) {
      const server = isApiError(error) ? serverFieldIssues(error.value) : {};
      const mapped: Errors = {};
      for (const [f, issue] of Object.entries(server)) {
        const key = f === 'confirmNewPassword' || f === 'confirmPassword' ? 'confirmNewPassword' : f;
        if (key === 'oldPassword' || key === 'newPassword' || key === 'confirmNewPassword')
          mapped[key] = fieldIssueMessage(t, issue);
      }
      const field = isApiError(error) ? fieldName(error.field) : null;
      if (field === 'oldPassword' || field === 'newPassword') mapped[field] ??= localizeError(error);
      form.refuseFields(mapped, localizeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountDialog
      open={open}
      title={forced ? t('changePassword.forcedTitle') : t('changePassword.title')}
      onClose={onClose}
      dismissible={!forced}
    >
      <form
        className="auth-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        data-testid={forced ? 'forced-change-password' : 'change-password'}
      >
        {forced ? <p className="inline-note">{t('changePassword.forcedText')}</p> : null}
        {askOld ? (
          <PasswordField
            label={t('fields.currentPassword')}
            name="oldPassword"
            autoComplete="current-password"
            {...form.field('oldPassword')}
            requiredMark
          />
        ) : null}
        <NewPasswordFields
          value={pw}
          errors={{ password: form.errors.newPassword, confirm: form.errors.confirmNewPassword }}
        />
        <FormSubmit error={form.formError} disabled={busy} testId="change-password-submit">
          {t('changePassword.submit')}
        </FormSubmit>
      </form>
    </AccountDialog>
  );
}
