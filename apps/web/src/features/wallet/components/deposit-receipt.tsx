import type { Deposit, PaymentMethod } from '@portal/contracts/wallet/cashier.contract.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeposits } from '../api/cashier-api.ts';
import { useMoney } from '../hooks/use-money.ts';
import { depositTone } from '../lib/statuses.ts';
import { StatusBadge } from './status-badge.tsx';

/** What the player does after asking for a bank-transfer deposit, and where it stands. */
export function DepositReceipt({
  deposit,
  receivingAccount,
  onNew,
  onCustomerService,
}: {
  deposit: Deposit;
  /** The operator's account to pay into; when the method names none, customer service gives it. */
  receivingAccount: PaymentMethod['receivingAccount'];
  onNew: () => void;
  onCustomerService?: (() => void) | undefined;
}) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  // The list follows the live channel, so a confirmation shows here without a reload.
  const deposits = useDeposits();
  const current = deposits.data?.deposits.find((d) => d.id === deposit.id) ?? deposit;
  const amount = money.money(current.amount);
  return (
    <section
      className={`cashier-card receipt receipt--${current.status.toLowerCase()}`}
      aria-labelledby="deposit-receipt-title"
      data-testid="deposit-receipt"
    >
      <div className="receipt__head">
        <span className="receipt__icon" aria-hidden="true">
          <Icon name={current.status === 'CONFIRMED' ? 'check' : 'clock'} size={24} />
        </span>
        <div>
          <h3 id="deposit-receipt-title" className="receipt__title">
            {t(`depositPage.receipt.title.${current.status}`)}
          </h3>
          <StatusBadge
            tone={depositTone(current.status)}
            labelKey={`status.${current.status}`}
            testId="receipt-status"
          />
        </div>
      </div>
      <p className="receipt__amount">{amount}</p>
      <dl className="receipt__details">
        <div>
          <dt>{t('fields.orderNo')}</dt>
          <dd>{current.id}</dd>
        </div>
        <div>
          <dt>{t('fields.payerName')}</dt>
          <dd>{current.payerName ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('fields.reference')}</dt>
          <dd>{current.reference ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('fields.time')}</dt>
          <dd>{formatDateTime(current.createdAt)}</dd>
        </div>
      </dl>
      {current.status === 'PENDING' ? (
        <div className="receipt__todo">
          <p>{t('depositPage.receipt.transfer', { amount, payer: current.payerName ?? '' })}</p>
          {receivingAccount ? (
            <dl className="receipt__details receipt__details--account" data-testid="receiving-account">
              <div>
                <dt>{t('depositPage.receipt.bank')}</dt>
                <dd>{receivingAccount.bankName}</dd>
              </div>
              <div>
                <dt>{t('depositPage.receipt.holder')}</dt>
                <dd>{receivingAccount.accountHolder}</dd>
              </div>
              <div>
                <dt>{t('depositPage.receipt.number')}</dt>
                <dd className="receipt__account-number">{receivingAccount.accountNumber}</dd>
              </div>
            </dl>
          ) : (
            <p className="muted small">{t('depositPage.receipt.account')}</p>
          )}
          {!receivingAccount && onCustomerService ? (
            <Button variant="outline" size="sm" onClick={onCustomerService}>
              <Icon name="headset" size={16} />
              {t('depositPage.receipt.askAccount')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <Button variant="ghost" size="sm" onClick={onNew} data-testid="deposit-new">
        {t('depositPage.receipt.new')}
      </Button>
    </section>
  );
}

/** Back from the gateway's page (`?deposit=<id>`): how that payment ended. */
export function GatewayReturn({ depositId, onClose }: { depositId: string; onClose?: (() => void) | undefined }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const deposits = useDeposits();
  const deposit = deposits.data?.deposits.find((d) => d.id === depositId);
  if (!deposit) return null;
  const tone = depositTone(deposit.status);
  return (
    <div className={`gateway-return gateway-return--${tone}`} role="status" data-testid="gateway-return">
      <Icon name={deposit.status === 'CONFIRMED' ? 'check' : deposit.status === 'PENDING' ? 'clock' : 'warning'} />
      <p>{t(`depositPage.returned.${deposit.status}`, { amount: money.money(deposit.amount) })}</p>
      {onClose ? (
        <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      ) : null}
    </div>
  );
}
