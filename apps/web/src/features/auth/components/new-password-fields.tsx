import { useTranslation } from 'react-i18next';
import { PasswordField, type FieldBinding } from '../../../components/ui/field.tsx';

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

/** The new password and its confirmation, as a change or a reset by e-mail asks for them. */
export function NewPasswordFields({
  password,
  onPassword,
  confirm,
  onConfirm,
  errors,
}: {
  password: string;
  onPassword: (value: string) => void;
  confirm: string;
  onConfirm: (value: string) => void;
  errors: { password: string | undefined; confirm: string | undefined };
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <NewPasswordField value={password} onValue={onPassword} error={errors.password} />
      <PasswordField
        label={t('fields.confirmNewPassword')}
        name="confirmNewPassword"
        autoComplete="new-password"
        value={confirm}
        onValue={onConfirm}
        error={errors.confirm}
        requiredMark
      />
    </>
  );
}
