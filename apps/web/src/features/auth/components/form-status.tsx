import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/field.tsx';

/** The form's answer: a refusal in red, or the bot check / sending state. */
export function FormStatus({ error, stage }: { error?: string | null; stage?: 'verifying' | 'sending' | null }) {
  const { t } = useTranslation('auth');
  if (error) return <FormError error={error} />;
  if (stage === 'verifying')
    return (
      <p className="form-progress" role="status" data-testid="bot-verifying">
        <span className="spinner" aria-hidden="true" />
        <span>{t('botCheck.verifying')}</span>
      </p>
    );
  return null;
}
