import type { FieldRule } from '@portal/contracts/site/site.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';
import { resetPasswordWithToken } from '../api/auth-api.ts';
import { fieldIssueMessage, serverFieldIssues } from '../lib/field-messages.ts';
import { newPasswordIssues } from '../lib/password-rule.ts';
import { FormStatus } from './form-status.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';

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
  const { t: tc } = useTranslation();
  const qc = useQueryClient();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'newPassword' | 'confirm', string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const issues = newPasswordIssues(rules, password, confirm);
    const next = {
      newPassword: issues.newPassword ? fieldIssueMessage(t, issues.newPassword) : undefined,
      confirm: issues.confirm ? fieldIssueMessage(t, issues.confirm) : undefined,
    };
    setErrors(next);
    setFormError(null);
    if (next.newPassword || next.confirm) return;
    setBusy(true);
    try {
      await resetPasswordWithToken(qc, { token, newPassword: password, confirmNewPassword: confirm });
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
    <Modal
      open
      title={t('reset.title')}
      closeLabel={tc('actions.close')}
      onClose={onClose}
      size="sm"
      className="account-dialog"
      closeOnBackdrop={false}
    >
      <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="reset-password">
        <p className="auth-form__hint auth-form__lead">{t('reset.lead')}</p>
        <NewPasswordFields
          password={password}
          onPassword={setPassword}
          confirm={confirm}
          onConfirm={setConfirm}
          errors={{ password: errors.newPassword, confirm: errors.confirm }}
        />
        <FormStatus error={formError} />
        <Button type="submit" block size="lg" disabled={busy} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
      </form>
    </Modal>
  );
}
