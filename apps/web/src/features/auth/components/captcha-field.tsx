import { LIMITS } from '@portal/contracts/limits.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { fetchCaptcha } from '../api/auth-api.ts';
import { createThrottle } from '../lib/countdown.ts';
import { TextField } from '../../../components/ui/field.tsx';

/**
 * The image captcha shown after a failed sign-in (decision 006). A new image per attempt: the parent
 * bumps `generation` after each try; the refresh button is throttled to once a second.
 */
export function CaptchaField({
  generation,
  value,
  onValue,
  onCaptchaId,
  error,
}: {
  generation: number;
  value: string;
  onValue: (value: string) => void;
  onCaptchaId: (id: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('auth');
  const [image, setImage] = useState<string | null>(null);
  const throttle = useRef(createThrottle(LIMITS.captchaRefreshThrottleMs));

  const load = useCallback(async () => {
    try {
      const c = await fetchCaptcha();
      setImage(c.image);
      onCaptchaId(c.captchaId);
    } catch {
      setImage(null);
    }
  }, [onCaptchaId]);

  useEffect(() => {
    void load();
    onValue('');
    // A new image for every attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generation]);

  return (
    <div className="captcha">
      <TextField
        label={t('fields.captcha')}
        icon="shield"
        name="captcha"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        onValue={onValue}
        error={error}
        requiredMark
        trailing={
          <span className="captcha__image-wrap">
            {image ? (
              <img className="captcha__image" src={image} alt={t('captcha.imageAlt')} data-testid="captcha-image" />
            ) : (
              <span className="captcha__image captcha__image--empty" />
            )}
            <button
              type="button"
              className="icon-btn captcha__refresh"
              aria-label={t('captcha.refresh')}
              data-testid="captcha-refresh"
              onClick={() => {
                if (throttle.current.take()) void load();
              }}
            >
              <Icon name="refresh" size={18} />
            </button>
          </span>
        }
      />
    </div>
  );
}
