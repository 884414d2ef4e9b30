import { CASHIER } from '@portal/contracts/limits.ts';
import type { BankAccount } from '@portal/contracts/wallet/cashier.contract.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useAddBankAccount } from '../api/cashier-api.ts';
import { placeError } from '../lib/form-errors.ts';
import { FormError, TextField } from '../../../components/ui/field.tsx';

/** The contract's shape of an account number: digits and dashes, starting and ending with a digit, 6–32 long. */
const ACCOUNT_NUMBER = /^[0-9][0-9-]{4,30}[0-9]$/;
const NAME_MAX = 64;

type Field = 'payeeName' | 'bankName' | 'accountNumber';
type Errors = Partial<Record<Field, string>>;

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
  const [payeeName, setPayee] = useState('');
  const [bankName, setBank] = useState('');
  const [accountNumber, setNumber] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const found: Errors = {};
    const name = (v: string) =>
      !v.trim() ? t('common.required') : v.trim().length > NAME_MAX ? t('common.tooLong', { count: NAME_MAX }) : null;
    const payeeIssue = name(payeeName);
    if (payeeIssue) found.payeeName = payeeIssue;
    const bankIssue = name(bankName);
    if (bankIssue) found.bankName = bankIssue;
    if (!accountNumber.trim()) found.accountNumber = t('common.required');
    else if (!ACCOUNT_NUMBER.test(accountNumber.trim())) found.accountNumber = t('bank.numberFormat');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    try {
      const account = await add.mutateAsync({
        payeeName: payeeName.trim(),
        bankName: bankName.trim(),
        accountNumber: accountNumber.trim(),
      });
      setPayee('');
      setBank('');
      setNumber('');
      onAdded?.(account);
    } catch (error) {
      const placed = placeError(error, ['payeeName', 'bankName', 'accountNumber'] as const);
      if (placed.field) setErrors({ [placed.field]: placed.message });
      else setFormError(placed.message);
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
        <TextField
          label={t('bank.payeeName')}
          name="payeeName"
          icon="user"
          autoComplete="name"
          maxLength={NAME_MAX}
          value={payeeName}
          onValue={setPayee}
          error={errors.payeeName}
          requiredMark
        />
        <TextField
          label={t('bank.bankName')}
          name="bankName"
          icon="bank"
          autoComplete="off"
          maxLength={NAME_MAX}
          value={bankName}
          onValue={setBank}
          error={errors.bankName}
          requiredMark
        />
      </div>
      <TextField
        label={t('bank.accountNumber')}
        name="accountNumber"
        icon="card"
        inputMode="numeric"
        autoComplete="off"
        maxLength={32}
        value={accountNumber}
        onValue={setNumber}
        error={errors.accountNumber}
        hint={t('bank.numberHint')}
        requiredMark
      />
      <FormError error={formError} />
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
