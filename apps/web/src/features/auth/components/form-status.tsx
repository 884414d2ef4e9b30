import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';

/** The form's answer: a refusal in red, or the bot check / sending state. */
export function FormStatus({ error, stage }: { error?: string | null; stage?: 'verifying' | 'sending' | null }) {
  const { t } = useTranslation('auth');
  if (error)
    return (
      <p className="form-error" role="alert" data-testid="form-error">
        <Icon name="warning" size={16} />
        <span>{error}</span>
      </p>
    );
  if (stage === 'verifying')
    return (
      <p className="form-progress" role="status" data-testid="bot-verifying">
        <span className="spinner" aria-hidden="true" />
        <span>{t('botCheck.verifying')}</span>
      </p>
    );
  return null;
}
