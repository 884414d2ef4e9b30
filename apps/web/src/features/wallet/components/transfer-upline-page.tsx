import type { UplineTransfer } from '@portal/contracts/wallet/transfer-upline.contract.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTransferUpline, useUplineInfo } from '../api/history-api.ts';
import { useMoney } from '../hooks/use-money.ts';
import { useRequestId } from '../hooks/use-request-id.ts';
import { checkAmount, minorToInput } from '@portal/contracts/money.ts';
import { amountIssueMessage, placeError } from '../lib/form-errors.ts';
import { BalanceStrip } from './balance-strip.tsx';
import { AmountField, FormError } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/query-body.tsx';
import { useForm } from '../../../components/ui/use-form.ts';
import { CashierForm, CashierHowTo, DoneNote, SetupCard, useHowSteps } from './cashier-layout.tsx';
import { PaymentPasswordField } from './payment-password-form.tsx';

/**
 * transferUpline: money from the main wallet to the player's upline agent, when the site allows it
 * and the player has one; with the payment password, up to the balance.
 */
export function TransferUplinePage({ onOpenSecurity }: { onOpenSecurity?: () => void }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const info = useUplineInfo();
  const send = useTransferUpline();
  const requestId = useRequestId();
  const form = useForm({ amount: '', paymentPassword: '' });
  const { amount, paymentPassword: password } = form.values;
  const [done, setDone] = useState<UplineTransfer | null>(null);
  const howSteps = useHowSteps('upline.how', 2);

  const balance = money.balance.data?.balance ?? info.data?.balance ?? '0';
  const available = balance.startsWith('-') ? '0' : balance;
  const availableText = money.money(available);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = checkAmount(amount, { max: available }, money.decimals);
    const ok = form.check({
      amount: checked.ok
        ? undefined
        : checked.issue === 'max'
          ? t('withdrawPage.aboveBalance', { max: availableText })
          : amountIssueMessage(t, checked.issue, {}),
      paymentPassword: password ? undefined : t('common.required'),
    });
    setDone(null);
    if (!checked.ok || !ok) return;
    try {
      const result = await send.mutateAsync({
        amount: checked.minor,
        paymentPassword: password,
        requestId: requestId.idFor([checked.minor]),
      });
      requestId.done();
      setDone(result);
      form.clear('amount', 'paymentPassword');
    } catch (error) {
      form.refuse(placeError(error, ['amount', 'paymentPassword'] as const));
    }
  };

  const strip = <BalanceStrip label={t('mainWallet')} />;
  const page = (body: ReactNode) => (
    <div className="cashier" data-testid="transfer-upline">
      {strip}
      {body}
    </div>
  );
  if (info.isPending) return page(<Loading />);
  if (info.isError || !info.data.available)
    return page(
      <SetupCard icon="user" muted role="status" testId="upline-unavailable" title={t('upline.unavailableTitle')}>
        <p className="muted">
          {info.isError ? t('common.loadFailed') : t(`errors:${info.data.unavailableReason ?? 'FEATURE_DISABLED'}`)}
        </p>
      </SetupCard>,
    );
  if (!info.data.hasPaymentPassword)
    return page(
      <SetupCard icon="lock" title={t('withdrawPage.needPasswordTitle')}>
        <p className="muted">{t('upline.needPassword')}</p>
        {onOpenSecurity ? (
          <Button variant="outline" size="sm" onClick={onOpenSecurity}>
            {t('withdrawPage.openSecurity')}
          </Button>
        ) : null}
      </SetupCard>,
    );

  return page(
    <div className="cashier__grid">
      <CashierForm onSubmit={submit} testId="upline-form">
        <div className="upline-to">
          <Avatar className="upline-to__avatar" size={44} />
          <div>
            <p className="muted small">{t('upline.to')}</p>
            <p className="upline-to__name" data-testid="upline-account">
              {info.data.uplineAccount}
            </p>
          </div>
        </div>
        <AmountField
          label={t('fields.amount')}
          symbol={money.symbol}
          {...form.field('amount')}
          hint={t('withdrawPage.upTo', { max: availableText })}
          requiredMark
          maxValue={minorToInput(available, money.decimals)}
        />
        <PaymentPasswordField {...form.field('paymentPassword')} />
        <FormError error={form.formError} />
        {done ? (
          <DoneNote testId="upline-done">
            {t('upline.done', { amount: money.money(done.amount), account: done.uplineAccount })}
          </DoneNote>
        ) : null}
        <Button type="submit" size="lg" block disabled={send.isPending} data-testid="upline-submit">
          {t('upline.submit')}
        </Button>
      </CashierForm>
      <aside className="cashier-aside">
        <CashierHowTo title={t('depositPage.howTitle')} steps={howSteps} />
      </aside>
    </div>,
  );
}
