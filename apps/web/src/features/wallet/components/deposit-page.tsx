import type { Deposit, PaymentMethod } from '@portal/contracts/wallet/cashier.contract.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { useCreateDeposit, usePaymentMethods } from '../api/cashier-api.ts';
import { useMoney } from '../hooks/use-money.ts';
import { useRequestId } from '../hooks/use-request-id.ts';
import { checkAmount, minorToInput } from '@portal/contracts/money.ts';
import { quickAmounts } from '../lib/amount.ts';
import { amountIssueMessage, placeError } from '../lib/form-errors.ts';
import { BalanceStrip } from './balance-strip.tsx';
import { AmountField, FormError, TextField } from '../../../components/ui/field.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { CashierForm, CashierHowTo, CashierStep, CashierSubmit, useHowSteps } from './cashier-layout.tsx';
import { DepositList } from './deposit-list.tsx';
import { DepositReceipt, GatewayReturn } from './deposit-receipt.tsx';

/** What a bank transfer asks beside the amount: the payer's name, and an optional reference. */
const TRANSFER_FIELDS = [
  { name: 'payerName', icon: 'user', autoComplete: 'name', required: true },
  { name: 'reference', icon: 'layers', autoComplete: 'off', required: false },
] as const;

/**
 * Deposit (member page depositv2): the operator's methods as cards, then the amount (with quick
 * amounts), and for a bank transfer the payer's name and a reference. A bank transfer waits for the
 * operator and shows what to do; a gateway deposit sends the browser to the gateway's page, which
 * sends it back here with `?deposit=<id>` (`returnedDepositId`).
 */
export function DepositPage({
  returnedDepositId,
  onDismissReturn,
  onCustomerService,
}: {
  returnedDepositId?: string | null | undefined;
  onDismissReturn?: () => void;
  onCustomerService?: (() => void) | undefined;
}) {
  const { t } = useTranslation('wallet');
  const methods = usePaymentMethods();
  const money = useMoney();
  const create = useCreateDeposit();
  const list = methods.data?.methods ?? [];
  const [code, setCode] = useState<string | null>(null);
  const method = list.find((m) => m.code === code) ?? list[0];
  const form = useForm({ amount: '', payerName: '', reference: '' });
  const { amount, payerName, reference } = form.values;
  const requestId = useRequestId();
  const [created, setCreated] = useState<Deposit | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const howSteps = useHowSteps(`depositPage.how.${method?.kind ?? 'BANK_TRANSFER'}`, 3);

  const limits = method ? { min: money.money(method.minAmount), max: money.money(method.maxAmount) } : {};

  const pick = (m: PaymentMethod) => {
    setCode(m.code);
    form.setErrors({});
    form.setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!method || create.isPending || redirecting) return;
    const checked = checkAmount(amount, { min: method.minAmount, max: method.maxAmount }, money.decimals);
    const bank = method.kind === 'BANK_TRANSFER';
    const ok = form.check({
      amount: checked.ok ? undefined : amountIssueMessage(t, checked.issue, limits),
      payerName:
        bank && !payerName.trim()
          ? t('depositPage.payerNameRequired')
          : payerName.trim().length > 64
            ? t('common.tooLong', { count: 64 })
            : undefined,
      reference: reference.trim().length > 64 ? t('common.tooLong', { count: 64 }) : undefined,
    });
    if (!checked.ok || !ok) return;
    const body = {
      methodCode: method.code,
      amount: checked.minor,
      ...(bank ? { payerName: payerName.trim() } : {}),
      ...(bank && reference.trim() ? { reference: reference.trim() } : {}),
    };
    try {
      const deposit = await create.mutateAsync({ ...body, requestId: requestId.idFor(Object.values(body)) });
      requestId.done();
      if (deposit.redirectUrl) {
        setRedirecting(true);
        window.location.assign(deposit.redirectUrl);
        return;
      }
      setCreated(deposit);
      form.clear('amount', 'reference');
    } catch (error) {
      // A refused method (`methodCode`) has no field of its own: it shows above the button.
      form.refuse(placeError(error, ['amount', 'payerName', 'reference'] as const));
    }
  };

  return (
    <div className="cashier" data-testid="deposit-page">
      <BalanceStrip label={t('mainWallet')}>
        <span className="balance-strip__note">
          <Icon name="shield" size={16} />
          {t('depositPage.secureNote')}
        </span>
      </BalanceStrip>

      {returnedDepositId ? <GatewayReturn depositId={returnedDepositId} onClose={onDismissReturn} /> : null}

      <div className="cashier__grid">
        <CashierForm onSubmit={submit} testId="deposit-form">
          <CashierStep n={1}>{t('depositPage.chooseMethod')}</CashierStep>
          {methods.isPending || methods.isError ? (
            <QueryBody query={methods} failed={t('common.loadFailed')} />
          ) : list.length === 0 ? (
            <p className="inline-note">{t('depositPage.noMethods')}</p>
          ) : (
            <div className="method-grid" role="radiogroup" aria-label={t('depositPage.chooseMethod')}>
              {list.map((m) => {
                const active = m.code === method?.code;
                return (
                  <button
                    key={m.code}
                    type="button"
                    role="radio"
                    aria-checked={active}
                    className={active ? 'method-card method-card--active' : 'method-card'}
                    onClick={() => pick(m)}
                    data-testid={`method-${m.code}`}
                  >
                    <span className="method-card__icon" aria-hidden="true">
                      <Icon name={m.kind === 'BANK_TRANSFER' ? 'bank' : 'card'} size={22} />
                    </span>
                    <span className="method-card__body">
                      <span className="method-card__tag">{t(`depositPage.speed.${m.kind}`)}</span>
                      <span className="method-card__name">{t(`depositPage.kind.${m.kind}`)}</span>
                      <span className="method-card__limits">
                        {t('depositPage.limits', { min: money.money(m.minAmount), max: money.money(m.maxAmount) })}
                      </span>
                    </span>
                    <span className="method-card__check" aria-hidden="true">
                      <Icon name="check" size={14} />
                    </span>
                  </button>
                );
              })}
            </div>
          )}

          {method ? (
            <>
              <CashierStep n={2}>{t('depositPage.enterDetails')}</CashierStep>
              <AmountField
                label={t('fields.amount')}
                symbol={money.symbol}
                placeholder={t('depositPage.amountPlaceholder', limits)}
                {...form.field('amount')}
                hint={t('depositPage.limits', limits)}
                requiredMark
              />
              <div className="quick-amounts" role="group" aria-label={t('depositPage.quickAmounts')}>
                {quickAmounts(method.minAmount, method.maxAmount, money.decimals).map((minor) => {
                  const value = minorToInput(minor, money.decimals);
                  return (
                    <button
                      key={minor}
                      type="button"
                      className={amount === value ? 'quick-amount quick-amount--active' : 'quick-amount'}
                      onClick={() => {
                        form.set('amount', value);
                        form.setErrors((e) => ({ ...e, amount: undefined }));
                      }}
                    >
                      {money.format(minor).replace(/\.0+$/, '')}
                    </button>
                  );
                })}
              </div>
              {method.kind === 'BANK_TRANSFER' ? (
                <div className="cashier-form__row">
                  {TRANSFER_FIELDS.map((f) => (
                    <TextField
                      key={f.name}
                      label={t(`fields.${f.name}`)}
                      name={f.name}
                      icon={f.icon}
                      autoComplete={f.autoComplete}
                      maxLength={64}
                      placeholder={f.required ? undefined : t('common.optional')}
                      {...form.field(f.name)}
                      hint={t(`depositPage.${f.name}Hint`)}
                      requiredMark={f.required}
                    />
                  ))}
                </div>
              ) : (
                <p className="inline-note inline-note--info">
                  <Icon name="card" size={16} />
                  {t('depositPage.gatewayNote')}
                </p>
              )}
              <FormError error={form.formError} />
              <CashierSubmit pending={create.isPending || redirecting} testId="deposit-submit">
                {method.kind === 'GATEWAY' ? t('depositPage.submitGateway') : t('depositPage.submitBank')}
              </CashierSubmit>
            </>
          ) : null}
        </CashierForm>

        <aside className="cashier-aside">
          {created ? (
            <DepositReceipt
              deposit={created}
              receivingAccount={list.find((m) => m.code === created.methodCode)?.receivingAccount ?? null}
              onNew={() => setCreated(null)}
              onCustomerService={onCustomerService}
            />
          ) : (
            <CashierHowTo title={t('depositPage.howTitle')} steps={howSteps} />
          )}
        </aside>
      </div>

      <DepositList />
    </div>
  );
}
