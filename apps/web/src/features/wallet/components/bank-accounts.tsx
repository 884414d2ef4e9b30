import { CASHIER } from '@portal/contracts/limits.ts';
import type { BankAccount } from '@portal/contracts/wallet/cashier.contract.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useAddBankAccount } from '../api/cashier-api.ts';
import { placeError } from '../lib/form-errors.ts';
import { FormError, TextField } from '../../../components/ui/field.tsx';
import { useForm } from '../../../components/ui/use-form.ts';

/** The contract's shape of an account number: digits and dashes, starting and ending with a digit, 6–32 long. */
const ACCOUNT_NUMBER = /^[0-9][0-9-]{4,30}[0-9]$/;
const NAME_MAX = 64;

/** The two names of an account, checked alike: required, at most NAME_MAX long. */
const NAME_FIELDS = [
  { name: 'payeeName', icon: 'user', autoComplete: 'name' },
  { name: 'bankName', icon: 'bank', autoComplete: 'off' },
] as const;

/** Adds a withdrawal account: payee name, bank, account number (checked as the server checks them). */
export function AddBankAccountForm({
  onAdded,
  onCancel,
}: {
  onAdded?: (account: BankAccount) => void;
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useTranslation('wallet');
  const add = useAddBankAccount();
  const form = useForm({ payeeName: '', bankName: '', accountNumber: '' });
  const { payeeName, bankName, accountNumber } = form.values;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const name = (v: string) =>
      !v.trim()
        ? t('common.required')
        : v.trim().length > NAME_MAX
          ? t('common.tooLong', { count: NAME_MAX })
          : undefined;
    const ok = form.check({
      payeeName: name(payeeName),
      bankName: name(bankName),
      accountNumber: !accountNumber.trim()
        ? t('common.required')
        : ACCOUNT_NUMBER.test(accountNumber.trim())
          ? undefined
          : t('bank.numberFormat'),
    });
    if (!ok) return;
    try {
      const account = await add.mutateAsync({
        payeeName: payeeName.trim(),
        bankName: bankName.trim(),
        accountNumber: accountNumber.trim(),
      });
      form.clear('payeeName', 'bankName', 'accountNumber');
      onAdded?.(account);
    } catch (error) {
      form.refuse(placeError(error, ['payeeName', 'bankName', 'accountNumber'] as const));
    }
  };

  return (
    <form
      className="cashier-form bank-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="bank-account-form"
    >
      <div className="cashier-form__row">
        {NAME_FIELDS.map((f) => (
          <TextField
            key={f.name}
            label={t(`bank.${f.name}`)}
            name={f.name}
            icon={f.icon}
            autoComplete={f.autoComplete}
            maxLength={NAME_MAX}
            {...form.field(f.name)}
            requiredMark
          />
        ))}
      </div>
      <TextField
        label={t('bank.accountNumber')}
        name="accountNumber"
        icon="card"
        inputMode="numeric"
        autoComplete="off"
        maxLength={32}
        {...form.field('accountNumber')}
        hint={t('bank.numberHint')}
        requiredMark
      />
      <FormError error={form.formError} />
      <div className="cashier-form__actions">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" variant="secondary" disabled={add.isPending} data-testid="bank-account-submit">
          <Icon name="check" size={16} />
          {t('bank.save')}
        </Button>
      </div>
    </form>
  );
}

/** A bank account as a card; `selectable` makes it a radio of the withdrawal form. */
export function BankAccountCard({
  account,
  selected,
  onSelect,
}: {
  account: BankAccount;
  selected?: boolean;
  onSelect?: () => void;
}) {
  const body = (
    <>
      <span className="bank-card__icon" aria-hidden="true">
        <Icon name="bank" size={20} />
      </span>
      <span className="bank-card__body">
        <span className="bank-card__bank">{account.bankName}</span>
        <span className="bank-card__number">{account.accountNumberMasked}</span>
        <span className="bank-card__payee">{account.payeeName}</span>
      </span>
      {onSelect ? (
        <span className="bank-card__check" aria-hidden="true">
          <Icon name="check" size={14} />
        </span>
      ) : null}
    </>
  );
  if (!onSelect)
    return (
      <div className="bank-card" data-testid={`bank-account-${account.id}`}>
        {body}
      </div>
    );
  return (
    <button
      type="button"
      role="radio"
      aria-checked={Boolean(selected)}
      className={selected ? 'bank-card bank-card--active' : 'bank-card'}
      onClick={onSelect}
      data-testid={`bank-account-${account.id}`}
    >
      {body}
    </button>
  );
}

/** The list of accounts with the add form, as the security centre shows it. */
export function BankAccountManager({ accounts }: { accounts: BankAccount[] }) {
  const { t } = useTranslation('wallet');
  const [adding, setAdding] = useState(false);
  const full = accounts.length >= CASHIER.maxBankAccounts;
  return (
    <div className="bank-manager">
      {accounts.length > 0 ? (
        <div className="bank-grid">
          {accounts.map((a) => (
            <BankAccountCard key={a.id} account={a} />
          ))}
        </div>
      ) : (
        <p className="muted">{t('bank.none')}</p>
      )}
      {full ? (
        <p className="inline-note inline-note--info">{t('bank.full', { max: CASHIER.maxBankAccounts })}</p>
      ) : adding || accounts.length === 0 ? (
        <AddBankAccountForm
          onAdded={() => setAdding(false)}
          onCancel={accounts.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : (
        <Button variant="outline" onClick={() => setAdding(true)} data-testid="bank-account-add">
          <Icon name="bank" size={16} />
          {t('bank.add')}
        </Button>
      )}
    </div>
  );
}
