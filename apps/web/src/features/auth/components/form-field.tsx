import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>;

export interface TextFieldProps extends InputProps {
  label: string;
  icon?: IconName | undefined;
  value: string;
  onValue: (value: string) => void;
  error?: string | null | undefined;
  requiredMark?: boolean | undefined;
  trailing?: ReactNode;
  hint?: ReactNode;
}

/** A labelled input with its icon, an optional trailing control and its error underneath. */
export function TextField({
  label,
  icon,
  value,
  onValue,
  error,
  requiredMark,
  trailing,
  hint,
  className,
  ...input
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
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
        <input
          id={id}
          className="field__input"
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
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
        <p className="field__hint">{hint}</p>
      ) : null}
    </div>
  );
}

/** A password input with show / hide. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing' | 'icon'>) {
  const { t } = useTranslation('auth');
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      icon="lock"
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={shown}
          aria-label={shown ? t('hidePasswordLabel') : t('showPasswordLabel')}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? t('hidePassword') : t('showPassword')}
        </button>
      }
    />
  );
}
