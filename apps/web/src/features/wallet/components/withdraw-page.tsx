import { CASHIER } from '@portal/contracts/limits.ts';
import type { Withdrawal } from '@portal/contracts/wallet/cashier.contract.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { useBankAccounts, useCreateWithdrawal } from '../api/cashier-api.ts';
import { useMoney } from '../hooks/use-money.ts';
import { useRequestId } from '../hooks/use-request-id.ts';
import { checkAmount, minorToInput } from '@portal/contracts/money.ts';
import { amountIssueMessage, placeError } from '../lib/form-errors.ts';
import { AddBankAccountForm, BankAccountCard } from './bank-accounts.tsx';
import { BalanceStrip } from './balance-strip.tsx';
import { AmountField, FormError } from '../../../components/ui/field.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { CashierHowTo, CashierStep, CashierSubmit, DoneNote, SetupCard, useHowSteps } from './cashier-layout.tsx';
import { PaymentPasswordField } from './payment-password-form.tsx';
import { PaymentPasswordForm } from './payment-password-form.tsx';
import { WithdrawalList } from './withdrawal-list.tsx';

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
  const form = useForm<'amount' | 'paymentPassword', 'bankAccountId'>({ amount: '', paymentPassword: '' });
  const { amount, paymentPassword: password } = form.values;
  const [held, setHeld] = useState<Withdrawal | null>(null);

  const accountId = accounts.some((a) => a.id === picked) ? picked : (accounts[0]?.id ?? null);
  const balance = money.balance.data?.balance;
  const withdrawable = balance && !balance.startsWith('-') ? balance : '0';
  const withdrawableText = money.money(withdrawable);
  const limits = bank.data?.withdrawalLimits;
  const howSteps = useHowSteps('withdrawPage.how', 3);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    // The operator's bounds first (₩1 is refused here, not later by the server), then the balance.
    const policy = limits;
    const bounds = policy ? { min: money.money(policy.minAmount), max: money.money(policy.maxAmount) } : {};
    const inPolicy = checkAmount(
      amount,
      policy ? { min: policy.minAmount, max: policy.maxAmount } : {},
      money.decimals,
    );
    const checked = inPolicy.ok ? checkAmount(amount, { max: withdrawable }, money.decimals) : inPolicy;
    const ok = form.check({
      bankAccountId: accountId ? undefined : t('withdrawPage.pickAccount'),
      amount: checked.ok
        ? undefined
        : checked.issue === 'max' && inPolicy.ok
          ? t('withdrawPage.aboveBalance', { max: withdrawableText })
          : amountIssueMessage(t, checked.issue, bounds),
      paymentPassword: password ? undefined : t('common.required'),
    });
    setHeld(null);
    if (!checked.ok || !accountId || !ok) return;
    const body = { bankAccountId: accountId, amount: checked.minor };
    try {
      const w = await create.mutateAsync({
        ...body,
        paymentPassword: password,
        requestId: requestId.idFor(Object.values(body)),
      });
      requestId.done();
      setHeld(w);
      form.clear('amount', 'paymentPassword');
    } catch (error) {
      form.refuse(placeError(error, ['bankAccountId', 'amount', 'paymentPassword'] as const));
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

  const page = (body: ReactNode) => (
    <div className="cashier" data-testid="withdraw-page">
      {strip}
      {body}
    </div>
  );
  if (bank.isPending || bank.isError) return page(<QueryBody query={bank} failed={t('common.loadFailed')} />);

  if (!bank.data.hasPaymentPassword)
    return page(
      <>
        <SetupCard
          icon="lock"
          title={t('withdrawPage.needPasswordTitle')}
          titleId="set-pp-title"
          plain={false}
          testId="payment-password-needed"
          aside={<PaymentPasswordForm isSet={false} />}
        >
          <p className="muted">{t('withdrawPage.needPasswordText')}</p>
          {onOpenSecurity ? (
            <button type="button" className="link-btn" onClick={onOpenSecurity}>
              {t('withdrawPage.openSecurity')}
            </button>
          ) : null}
        </SetupCard>
        <WithdrawalList accounts={accounts} />
      </>,
    );

  const canAdd = accounts.length < CASHIER.maxBankAccounts;
  return page(
    <>
      <div className="cashier__grid">
        <div className="cashier-card cashier-form">
          <CashierStep n={1}>{t('withdrawPage.toAccount')}</CashierStep>
          {accounts.length > 0 ? (
            <div className="bank-grid" role="radiogroup" aria-label={t('withdrawPage.toAccount')}>
              {accounts.map((a) => (
                <BankAccountCard
                  key={a.id}
                  account={a}
                  selected={a.id === accountId}
                  onSelect={() => {
                    setPicked(a.id);
                    form.setErrors((e) => ({ ...e, bankAccountId: undefined }));
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
          {form.errors.bankAccountId ? (
            <p className="field__error" role="alert">
              {form.errors.bankAccountId}
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
            <CashierStep n={2}>{t('withdrawPage.amountAndPassword')}</CashierStep>
            <AmountField
              label={t('fields.amount')}
              symbol={money.symbol}
              {...form.field('amount')}
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
              onMax={() => form.setErrors((e) => ({ ...e, amount: undefined }))}
              maxTestId="withdraw-max"
            />
            <PaymentPasswordField {...form.field('paymentPassword')} />
            <FormError error={form.formError} />
            {held ? (
              <DoneNote testId="withdraw-held">{t('withdrawPage.held', { amount: money.money(held.amount) })}</DoneNote>
            ) : null}
            <CashierSubmit pending={create.isPending} disabled={accounts.length === 0} testId="withdraw-submit">
              {t('withdrawPage.submit')}
            </CashierSubmit>
          </form>
        </div>
        <aside className="cashier-aside">
          <CashierHowTo title={t('withdrawPage.howTitle')} steps={howSteps} />
        </aside>
      </div>
      <WithdrawalList accounts={accounts} />
    </>,
  );
}
