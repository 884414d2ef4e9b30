import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
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

/** The end of an account form: its answer (FormStatus), then the full-width submit button. */
export function FormSubmit({
  error,
  stage,
  disabled,
  testId,
  children,
}: {
  error: string | null;
  stage?: 'verifying' | 'sending' | null;
  disabled: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormStatus error={error} stage={stage} />
      {/* Pressing the button does not take focus from the field first: that field's check on blur
          would show its message, move the button from under the pointer and lose the click. The
          submit checks every field anyway. */}
      <Button
        type="submit"
        block
        size="lg"
        disabled={disabled}
        data-testid={testId}
        onMouseDown={(e) => e.preventDefault()}
      >
        {children}
      </Button>
    </>
  );
}
