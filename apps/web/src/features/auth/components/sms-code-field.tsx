import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { TextField, type FieldBinding } from '../../../components/ui/field.tsx';
import { SendCodeButton } from './send-code-button.tsx';

/** The SMS code a sign-in or a reset by phone asks for, with the button that sends it. */
export function SmsCodeField({
  onSend,
  requiredMark,
  ...field
}: FieldBinding & { onSend: () => Promise<number | null>; requiredMark?: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <TextField
      label={t('fields.smsCode')}
      icon="shield"
      name="verificationCode"
      inputMode="numeric"
      autoComplete="one-time-code"
      requiredMark={requiredMark}
      maxLength={255}
      trailing={<SendCodeButton onSend={onSend} />}
      {...field}
    />
  );
}

/** Why a code could not be sent (the send button threw), until the player closes it. */
export function SmsWarningDialog({ warning, onClose }: { warning: string | null; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  return (
    <AlertDialog
      open={warning !== null}
      title={t('sms.failedTitle')}
      confirmLabel={t('sms.ok')}
      closeLabel={tc('actions.close')}
      onConfirm={onClose}
      testId="sms-warning"
    >
      <p>{warning}</p>
    </AlertDialog>
  );
}
