import { passwordWeakness } from '@portal/contracts/auth/password-strength.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useSetPaymentPassword } from '../api/cashier-api.ts';
import { placeError } from '../lib/form-errors.ts';
import { FormError, PasswordField, type FieldBinding } from '../../../components/ui/field.tsx';

/** The contract's bounds of a payment password. */
const MIN = 6;
const MAX = 32;

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Errors = Partial<Record<Field, string>>;

/**
 * Sets the payment password (freely while none is set) or changes it (with the current one). The
 * confirmation is checked here only: the contract takes the new password once.
 */
export function PaymentPasswordForm({ isSet, onDone }: { isSet: boolean; onDone?: () => void }) {
  const { t } = useTranslation('wallet');
  const save = useSetPaymentPassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found: Errors = {};
    if (isSet && !current) found.currentPassword = t('common.required');
    if (!next) found.newPassword = t('common.required');
    else if (next.length < MIN || next.length > MAX) found.newPassword = t('password.length', { min: MIN, max: MAX });
    else if (passwordWeakness(next)) found.newPassword = t('errors:PASSWORD_TOO_SIMPLE');
    if (!confirm) found.confirmPassword = t('common.required');
    else if (next && confirm !== next) found.confirmPassword = t('password.mismatch');
    setErrors(found);
    setFormError(null);
    setSaved(false);
    if (Object.keys(found).length > 0) return;
    try {
      await save.mutateAsync({ ...(isSet ? { currentPassword: current } : {}), newPassword: next });
      setCurrent('');
      setNext('');
      setConfirm('');
      setSaved(true);
      onDone?.();
    } catch (error) {
      const placed = placeError(error, ['currentPassword', 'newPassword'] as const);
      if (placed.field) setErrors({ [placed.field]: placed.message });
      else setFormError(placed.message);
    }
  };

  return (
    <form className="cashier-form" onSubmit={(e) => void submit(e)} noValidate data-testid="payment-password-form">
      {isSet ? (
        <PasswordField
          label={t('password.current')}
          name="currentPaymentPassword"
          autoComplete="off"
          value={current}
          onValue={setCurrent}
          error={errors.currentPassword}
          requiredMark
        />
      ) : null}
      <PasswordField
        label={t('password.new')}
        name="newPaymentPassword"
        autoComplete="new-password"
        maxLength={MAX}
        value={next}
        onValue={setNext}
        error={errors.newPassword}
        hint={t('password.length', { min: MIN, max: MAX })}
        requiredMark
      />
      <PasswordField
        label={t('password.confirm')}
        name="confirmPaymentPassword"
        autoComplete="new-password"
        maxLength={MAX}
        value={confirm}
        onValue={setConfirm}
        error={errors.confirmPassword}
        requiredMark
      />
      <FormError error={formError} />
      {saved ? (
        <p className="form-success" role="status" data-testid="payment-password-saved">
          {t('password.saved')}
        </p>
      ) : null}
      <Button type="submit" block disabled={save.isPending} data-testid="payment-password-submit">
        {isSet ? t('password.change') : t('password.set')}
      </Button>
    </form>
  );
}

/** The payment password a money call asks for (withdrawal, transfer to the upline). */
export function PaymentPasswordField(field: FieldBinding) {
  const { t } = useTranslation('wallet');
  return (
    <PasswordField
      label={t('fields.paymentPassword')}
      name="paymentPassword"
      autoComplete="off"
      requiredMark
      {...field}
    />
  );
}
