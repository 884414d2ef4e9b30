import { passwordWeakness } from '@portal/contracts/auth/password-strength.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useSetPaymentPassword } from '../api/cashier-api.ts';
import { placeError } from '../lib/form-errors.ts';
import { FormError, PasswordField, type FieldBinding } from '../../../components/ui/field.tsx';
import { useForm } from '../../../components/ui/use-form.ts';

/** The contract's bounds of a payment password. */
const MIN = 6;
const MAX = 32;

/**
 * Sets the payment password (freely while none is set) or changes it (with the current one). The
 * confirmation is checked here only: the contract takes the new password once.
 */
export function PaymentPasswordForm({ isSet, onDone }: { isSet: boolean; onDone?: () => void }) {
  const { t } = useTranslation('wallet');
  const save = useSetPaymentPassword();
  const form = useForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const { currentPassword: current, newPassword: next, confirmPassword: confirm } = form.values;
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const ok = form.check({
      currentPassword: isSet && !current ? t('common.required') : undefined,
      newPassword: !next
        ? t('common.required')
        : next.length < MIN || next.length > MAX
          ? t('password.length', { min: MIN, max: MAX })
          : passwordWeakness(next)
            ? t('errors:PASSWORD_TOO_SIMPLE')
            : undefined,
      confirmPassword: !confirm ? t('common.required') : next && confirm !== next ? t('password.mismatch') : undefined,
    });
    setSaved(false);
    if (!ok) return;
    try {
      await save.mutateAsync({ ...(isSet ? { currentPassword: current } : {}), newPassword: next });
      form.clear('currentPassword', 'newPassword', 'confirmPassword');
      setSaved(true);
      onDone?.();
    } catch (error) {
      form.refuse(placeError(error, ['currentPassword', 'newPassword'] as const));
    }
  };

  return (
    <form className="cashier-form" onSubmit={(e) => void submit(e)} noValidate data-testid="payment-password-form">
      {isSet ? (
        <PasswordField
          label={t('password.current')}
          name="currentPaymentPassword"
          autoComplete="off"
          {...form.field('currentPassword')}
          requiredMark
        />
      ) : null}
      <PasswordField
        label={t('password.new')}
        name="newPaymentPassword"
        autoComplete="new-password"
        maxLength={MAX}
        {...form.field('newPassword')}
        hint={t('password.length', { min: MIN, max: MAX })}
        requiredMark
      />
      <PasswordField
        label={t('password.confirm')}
        name="confirmPaymentPassword"
        autoComplete="new-password"
        maxLength={MAX}
        {...form.field('confirmPassword')}
        requiredMark
      />
      <FormError error={form.formError} />
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
