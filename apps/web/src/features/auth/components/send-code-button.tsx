import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/use-countdown.ts';

/**
 * "Send code": disabled while counting down (expiredMinutes × 60 s) and throttled to one press a
 * second. `onSend` resolves with expiredMinutes, or throws (the caller shows the warning dialog).
 */
export function SendCodeButton({ onSend, disabled }: { onSend: () => Promise<number | null>; disabled?: boolean }) {
  const { t } = useTranslation('auth');
  const countdown = useCountdown();
  const [busy, setBusy] = useState(false);
  const press = async () => {
    if (busy || !countdown.mayPress()) return;
    setBusy(true);
    try {
      const minutes = await onSend();
      if (minutes !== null) countdown.start(minutes);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="field__action"
      onClick={() => void press()}
      disabled={disabled || busy || countdown.running}
      data-testid="send-code"
    >
      {countdown.running ? t('sms.resendIn', { seconds: countdown.seconds }) : busy ? t('sms.sending') : t('sms.send')}
    </button>
  );
}
