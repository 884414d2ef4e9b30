import type { FieldRule } from '@portal/contracts/site/site.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';
import { resetPasswordWithToken } from '../api/auth-api.ts';
import { fieldIssueMessage, serverFieldIssues } from '../lib/field-messages.ts';
import { AccountDialog } from './account-dialog.tsx';
import { FormSubmit } from './form-status.tsx';
import { NewPasswordFields, useNewPassword } from './new-password-fields.tsx';

/** The dialog behind the e-mailed link `/?resetToken=…`: a new password, then sign in with it. */
export function ResetPasswordDialog({
  token,
  rules,
  onDone,
  onClose,
}: {
  token: string;
  rules: FieldRule[] | undefined;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('auth');
  const qc = useQueryClient();
  const pw = useNewPassword(rules);
  const [errors, setErrors] = useState<Partial<Record<'newPassword' | 'confirm', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const next = pw.issues();
    setErrors(next);
    setFormError(null);
    if (next.newPassword || next.confirm) return;
    setBusy(true);
    try {
      await resetPasswordWithToken(qc, { token, newPassword: pw.password, confirmNewPassword: pw.confirm });
      onDone();
    } catch (error) {
      const server = isApiError(error) ? serverFieldIssues(error.value) : {};
      if (server.newPassword) setErrors({ newPassword: fieldIssueMessage(t, server.newPassword) });
      else setFormError(localizeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountDialog title={t('reset.title')} onClose={onClose}>
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="reset-password">
        <p className="auth-form__hint auth-form__lead">{t('reset.lead')}</p>
        <NewPasswordFields value={pw} errors={{ password: errors.newPassword, confirm: errors.confirm }} />
        <FormSubmit error={formError} disabled={busy} testId="reset-submit">
          {t('reset.submit')}
        </FormSubmit>
      </form>
    </AccountDialog>
  );
}
