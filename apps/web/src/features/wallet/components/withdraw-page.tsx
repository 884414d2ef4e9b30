import { CASHIER } from '@portal/contracts/limits.ts';
import type { Withdrawal } from '@portal/contracts/wallet/cashier.contract.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useBankAccounts, useCreateWithdrawal } from '../api/cashier-api.ts';
import { useMoney } from '../hooks/use-money.ts';
import { useRequestId } from '../hooks/use-request-id.ts';
import { checkAmount, minorToInput } from '@portal/contracts/money.ts';
import { amountIssueMessage, placeError } from '../lib/form-errors.ts';
import { AddBankAccountForm, BankAccountCard } from './bank-accounts.tsx';
import { BalanceStrip } from './balance-strip.tsx';
import { AmountField, FormError, PasswordField } from '../../../components/ui/field.tsx';
import { PaymentPasswordForm } from './payment-password-form.tsx';
import { WithdrawalList } from './withdrawal-list.tsx';

type Field = 'bankAccountId' | 'amount' | 'paymentPassword';
type Errors = Partial<Record<Field, string>>;

/**
 * Withdraw: a payment password first (set here or in the security centre), then one of the
 * player's bank accounts (or a new one), an amount up to the withdrawable balance and the payment
 * password. The amount is held at once; the list below follows the operator and asks the player to
 * confirm the payout once approved.
 */
const lower = (a: string, b: string) => (BigInt(a) < BigInt(b) ? a : b);

export function WithdrawPage({ onOpenSecurity }: { onOpenSecurity?: () => void }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const bank = useBankAccounts();
  const create = useCreateWithdrawal();
  const requestId = useRequestId();
  const accounts = bank.data?.accounts ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [held, setHeld] = useState<Withdrawal | null>(null);

  const accountId = accounts.some((a) => a.id === picked) ? picked : (accounts[0]?.id ?? null);
  const balance = money.balance.data?.balance;
  const withdrawable = balance && !balance.startsWith('-') ? balance : '0';
  const withdrawableText = money.money(withdrawable);
  const limits = bank.data?.withdrawalLimits;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const found: Errors = {};
    if (!accountId) found.bankAccountId = t('withdrawPage.pickAccount');
    // The operator's bounds first (₩1 is refused here, not later by the server), then the balance.
    const policy = limits;
    const bounds = policy ? { min: money.money(policy.minAmount), max: money.money(policy.maxAmount) } : {};
    const inPolicy = checkAmount(
      amount,
      policy ? { min: policy.minAmount, max: policy.maxAmount } : {},
      money.decimals,
    );
    const checked = inPolicy.ok ? checkAmount(amount, { max: withdrawable }, money.decimals) : inPolicy;
    if (!checked.ok)
      found.amount =
        checked.issue === 'max' && inPolicy.ok
          ? t('withdrawPage.aboveBalance', { max: withdrawableText })
          : amountIssueMessage(t, checked.issue, bounds);
    if (!password) found.paymentPassword = t('common.required');
    setErrors(found);
    setFormError(null);
    setHeld(null);
    if (!checked.ok || !accountId || Object.keys(found).length > 0) return;
    const body = { bankAccountId: accountId, amount: checked.minor };
    try {
      const w = await create.mutateAsync({
        ...body,
        paymentPassword: password,
        requestId: requestId.idFor(Object.values(body)),
      });
      requestId.done();
      setHeld(w);
      setAmount('');
      setPassword('');
    } catch (error) {
      const placed = placeError(error, ['bankAccountId', 'amount', 'paymentPassword'] as const);
      if (placed.field) setErrors({ [placed.field]: placed.message });
      else setFormError(placed.message);
    }
  };

  const strip = (
    <BalanceStrip label={t('withdrawPage.withdrawable')}>
      <span className="balance-strip__note">
        <Icon name="lock" size={16} />
        {t('withdrawPage.secureNote')}
      </span>
    </BalanceStrip>
  );

  if (bank.isPending)
    return (
      <div className="cashier" data-testid="withdraw-page">
        {strip}
        <p className="form-progress" role="status">
          <span className="spinner" aria-hidden="true" />
        </p>
      </div>
    );

  if (bank.isError)
    return (
      <div className="cashier" data-testid="withdraw-page">
        {strip}
        <FormError error={t('common.loadFailed')} />
      </div>
    );

  if (!bank.data.hasPaymentPassword)
    return (
      <div className="cashier" data-testid="withdraw-page">
        {strip}
        <section
          className="cashier-card setup-card"
          aria-labelledby="set-pp-title"
          data-testid="payment-password-needed"
        >
          <span className="setup-card__icon" aria-hidden="true">
            <Icon name="lock" size={26} />
          </span>
          <div className="setup-card__text">
            <h3 id="set-pp-title" className="cashier-card__title">
              {t('withdrawPage.needPasswordTitle')}
            </h3>
            <p className="muted">{t('withdrawPage.needPasswordText')}</p>
            {onOpenSecurity ? (
              <button type="button" className="link-btn" onClick={onOpenSecurity}>
                {t('withdrawPage.openSecurity')}
              </button>
            ) : null}
          </div>
          <div className="setup-card__form">
            <PaymentPasswordForm isSet={false} />
          </div>
        </section>
        <WithdrawalList accounts={accounts} />
      </div>
    );

  const canAdd = accounts.length < CASHIER.maxBankAccounts;
  return (
    <div className="cashier" data-testid="withdraw-page">
      {strip}
      <div className="cashier__grid">
        <div className="cashier-card cashier-form">
          <h3 className="cashier-step">
            <span className="cashier-step__n">1</span>
            {t('withdrawPage.toAccount')}
          </h3>
          {accounts.length > 0 ? (
            <div className="bank-grid" role="radiogroup" aria-label={t('withdrawPage.toAccount')}>
              {accounts.map((a) => (
                <BankAccountCard
                  key={a.id}
                  account={a}
                  selected={a.id === accountId}
                  onSelect={() => {
                    setPicked(a.id);
                    setErrors((e) => ({ ...e, bankAccountId: undefined }));
                  }}
                />
              ))}
              {canAdd && !adding ? (
                <button
                  type="button"
                  className="bank-card bank-card--add"
                  onClick={() => setAdding(true)}
                  data-testid="bank-account-add"
                >
                  <span className="bank-card__icon" aria-hidden="true">
                    +
                  </span>
                  <span className="bank-card__bank">{t('bank.add')}</span>
                </button>
              ) : null}
            </div>
          ) : (
            <p className="inline-note inline-note--info">{t('withdrawPage.addFirst')}</p>
          )}
          {errors.bankAccountId ? (
            <p className="field__error" role="alert">
              {errors.bankAccountId}
            </p>
          ) : null}
          {adding || accounts.length === 0 ? (
            <div className="inset-panel">
              <AddBankAccountForm
                onAdded={(a) => {
                  setPicked(a.id);
                  setAdding(false);
                }}
                onCancel={accounts.length > 0 ? () => setAdding(false) : undefined}
              />
            </div>
          ) : null}

          <form className="cashier-form" onSubmit={(e) => void submit(e)} noValidate data-testid="withdraw-form">
            <h3 className="cashier-step">
              <span className="cashier-step__n">2</span>
              {t('withdrawPage.amountAndPassword')}
            </h3>
            <AmountField
              label={t('fields.amount')}
              symbol={money.symbol}
              value={amount}
              onValue={setAmount}
              error={errors.amount}
              hint={
                limits
                  ? t('withdrawPage.range', {
                      min: money.money(limits.minAmount),
                      max: money.money(lower(withdrawable, limits.maxAmount)),
                    })
                  : t('withdrawPage.upTo', { max: withdrawableText })
              }
              requiredMark
              maxValue={minorToInput(limits ? lower(withdrawable, limits.maxAmount) : withdrawable, money.decimals)}
              onMax={() => setErrors((e) => ({ ...e, amount: undefined }))}
              maxTestId="withdraw-max"
            />
            <PasswordField
              label={t('fields.paymentPassword')}
              name="paymentPassword"
              autoComplete="off"
              value={password}
              onValue={setPassword}
              error={errors.paymentPassword}
              requiredMark
            />
            <FormError error={formError} />
            {held ? (
              <p className="form-success" role="status" data-testid="withdraw-held">
                <Icon name="check" size={16} />
                {t('withdrawPage.held', { amount: money.money(held.amount) })}
              </p>
            ) : null}
            <Button
              type="submit"
              size="lg"
              block
              disabled={create.isPending || accounts.length === 0}
              data-testid="withdraw-submit"
            >
              {create.isPending ? <span className="spinner" aria-hidden="true" /> : null}
              {t('withdrawPage.submit')}
            </Button>
          </form>
        </div>
        <aside className="cashier-aside">
          <div className="cashier-card cashier-steps">
            <h3 className="cashier-card__title">{t('withdrawPage.howTitle')}</h3>
            <ol>
              {(['1', '2', '3'] as const).map((n) => (
                <li key={n}>
                  <span className="cashier-steps__n">{n}</span>
                  <span>{t(`withdrawPage.how.${n}`)}</span>
                </li>
              ))}
            </ol>
          </div>
        </aside>
      </div>
      <WithdrawalList accounts={accounts} />
    </div>
  );
}
