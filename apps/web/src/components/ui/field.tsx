import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from './icon.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id' | 'prefix' | 'size'>;

/** A field's value, its setter and its error: what a form hands a ready-made field. */
export interface FieldBinding {
  value: string;
  onValue: (value: string) => void;
  error: string | null | undefined;
}

export interface TextFieldProps extends InputProps {
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

/**
 * The one labelled input of the site's forms (sign-in, registration, cashier, account): its icon or
 * prefix, an optional trailing control, and its error (or hint) underneath, tied to it for screen
 * readers.
 */
export function TextField({
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
}: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame
      id={id}
      label={label}
      requiredMark={requiredMark}
      error={error}
      hint={hint}
      className={[size === 'lg' ? 'field--lg' : '', className ?? ''].filter(Boolean).join(' ')}
    >
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
          aria-describedby={describedBy(id, error, hint)}
          aria-required={requiredMark ? true : undefined}
          {...input}
        />
        {trailing}
      </div>
    </FieldFrame>
  );
}

/** The id of what describes a field's input: its error, else its hint. */
export const describedBy = (id: string, error: string | null | undefined, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/**
 * The frame of every labelled field (TextField, PhoneField): the label with its required mark, the
 * control(s), and the error (or hint) underneath with the id `describedBy` gives the input.
 */
export function FieldFrame({
  id,
  label,
  requiredMark,
  error,
  hint,
  className,
  children,
}: {
  /** The input's id: the label points at it. */
  id: string;
  label: string;
  requiredMark?: boolean | undefined;
  error?: string | null | undefined;
  hint?: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}) {
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
      {children}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A password (or payment password) input with show / hide. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing' | 'icon'>) {
  const { t } = useTranslation('common');
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
          aria-label={shown ? t('field.hideLabel') : t('field.showLabel')}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? t('field.hide') : t('field.show')}
        </button>
      }
    />
  );
}

export interface AmountFieldProps extends Omit<TextFieldProps, 'trailing' | 'inputMode' | 'size' | 'prefix'> {
  /** The currency symbol shown before the amount. */
  symbol: string;
  /** The MAX button: what it fills in (as typed, e.g. "1500.5"); no button without it. */
  maxValue?: string | null | undefined;
  /** Called after MAX filled the field (e.g. to clear the field's error). */
  onMax?: () => void;
  maxTestId?: string;
}

/** The cashier's large amount input: currency symbol, decimal keyboard, and the MAX button. */
export function AmountField({ symbol, maxValue, onMax, maxTestId, onValue, ...props }: AmountFieldProps) {
  const { t } = useTranslation('common');
  return (
    <TextField
      name="amount"
      autoComplete="off"
      placeholder="0.00"
      {...props}
      onValue={onValue}
      size="lg"
      prefix={symbol}
      inputMode="decimal"
      trailing={
        maxValue != null ? (
          <button
            type="button"
            className="field__action"
            onClick={() => {
              onValue(maxValue);
              onMax?.();
            }}
            data-testid={maxTestId}
          >
            {t('field.max')}
          </button>
        ) : undefined
      }
    />
  );
}

/** A form's refusal, above its button, in red. */
export function FormError({ error, testId = 'form-error' }: { error: string | null | undefined; testId?: string }) {
  if (!error) return null;
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      <Icon name="warning" size={16} />
      <span>{error}</span>
    </p>
  );
}
