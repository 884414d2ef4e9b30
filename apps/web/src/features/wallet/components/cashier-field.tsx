import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'prefix' | 'size'>;

export interface CashierFieldProps extends InputProps {
  label: string;
  icon?: IconName | undefined;
  /** Text before the input, e.g. the currency symbol of an amount. */
  prefix?: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string | null | undefined;
  requiredMark?: boolean | undefined;
  trailing?: ReactNode;
  hint?: ReactNode;
  size?: 'md' | 'lg';
}

/** A labelled cashier input with its error underneath (the look of the account forms' fields). */
export function CashierField({
  label,
  icon,
  prefix,
  value,
  onValue,
  error,
  requiredMark,
  trailing,
  hint,
  size = 'md',
  className,
  ...input
}: CashierFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div
      className={['field', size === 'lg' ? 'field--lg' : '', error ? 'field--invalid' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={id} className="field__label">
        {label}
        {requiredMark ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className="field__control">
        {icon ? <Icon name={icon} size={18} className="field__icon" /> : null}
        {prefix ? (
          <span className="field__prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : hint ? hintId : undefined}
          aria-required={requiredMark ? true : undefined}
          {...input}
        />
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A secret input with show / hide. */
export function CashierPasswordField(props: Omit<CashierFieldProps, 'type' | 'trailing' | 'icon'>) {
  const { t } = useTranslation('wallet');
  const [shown, setShown] = useState(false);
  return (
    <CashierField
      {...props}
      icon="lock"
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={shown}
          aria-label={shown ? t('common.hideSecretLabel') : t('common.showSecretLabel')}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? t('common.hideSecret') : t('common.showSecret')}
        </button>
      }
    />
  );
}

/** The form's refusal, in red. */
export function CashierFormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert" data-testid="form-error">
      <Icon name="warning" size={16} />
      <span>{error}</span>
    </p>
  );
}
