import type { LoginResult, NewIpChallenge } from '@portal/contracts/auth/auth.contract.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { finishNewIp } from '../api/auth-api.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { FormStatus } from './form-status.tsx';

/** A sign-in from a new address: the code sent to the phone or e-mail, or the bank payee name, finishes it (decision 006). */
export function NewIpStep({
  challenge,
  onSignedIn,
  onBack,
}: {
  challenge: NewIpChallenge;
  onSignedIn: (result: LoginResult) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bank = challenge.method === 'BANK';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(t('validation.required'));
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await finishNewIp(challenge.challengeId, code));
    } catch (e) {
      setError(localizeError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="auth-form" onSubmit={(e) => void submit(e)} noValidate data-testid="new-ip-step">
      <p className="inline-note inline-note--info">
        {t(
          challenge.method === 'SMS'
            ? 'newIp.sentSms'
            : challenge.method === 'EMAIL'
              ? 'newIp.sentEmail'
              : 'newIp.askBank',
          {
            recipient: challenge.maskedRecipient,
            count: challenge.expiredMinutes,
          },
        )}
      </p>
      <TextField
        label={bank ? t('newIp.payeeName') : t('fields.verificationCode')}
        icon={bank ? 'user' : 'shield'}
        name="code"
        inputMode={bank ? 'text' : 'numeric'}
        autoComplete={bank ? 'off' : 'one-time-code'}
        value={code}
        onValue={setCode}
        requiredMark
      />
      <FormStatus error={error} />
      <Button type="submit" size="lg" block disabled={busy}>
        {t('newIp.submit')}
      </Button>
      <button type="button" className="link-btn auth-form__back" onClick={onBack}>
        {t('newIp.back')}
      </button>
    </form>
  );
}
