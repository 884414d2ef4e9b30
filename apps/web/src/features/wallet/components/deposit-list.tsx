import type { Deposit } from '@portal/contracts/wallet/cashier.contract.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeposits } from '../api/cashier-api.ts';
import { useMoney } from '../hooks/use-money.ts';
import { depositTone } from '../lib/statuses.ts';
import { FormError } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The player's latest deposits with their status; a confirmation arrives by the live channel. */
export function DepositList() {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const deposits = useDeposits();
  const rows = deposits.data?.deposits ?? [];
  return (
    <section className="cashier-card" aria-labelledby="deposit-list-title">
      <div className="cashier-card__head">
        <h3 id="deposit-list-title" className="cashier-card__title">
          <Icon name="clock" size={18} />
          {t('depositPage.recent')}
        </h3>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('common.reload')}
          title={t('common.reload')}
          onClick={() => void deposits.refetch()}
        >
          <Icon name="refresh" size={16} className={deposits.isFetching ? 'balance-chip__spin' : undefined} />
        </button>
      </div>
      {deposits.isPending ? (
        <p className="form-progress" role="status">
          <span className="spinner" aria-hidden="true" />
        </p>
      ) : deposits.isError ? (
        <FormError error={t('common.loadFailed')} />
      ) : rows.length === 0 ? (
        <EmptyState icon="wallet" title={t('common.noData')}>
          {t('depositPage.emptyText')}
        </EmptyState>
      ) : (
        <DataTable<Deposit>
          caption={t('depositPage.recent')}
          testId="deposit-list"
          rows={rows}
          rowKey={(d) => d.id}
          rowTestId={(d) => `deposit-${d.id}`}
          columns={[
            {
              key: 'time',
              label: t('fields.time'),
              cell: (d) => <span className="nowrap">{formatDateTime(d.createdAt)}</span>,
              primary: true,
            },
            { key: 'method', label: t('fields.method'), cell: (d) => t(`depositPage.kind.${d.methodKind}`) },
            { key: 'order', label: t('fields.orderNo'), cell: (d) => <span className="mono">{d.id}</span> },
            {
              key: 'amount',
              label: t('fields.amount'),
              align: 'end',
              // Only a completed deposit moved money: the others show their amount without a sign.
              cell: (d) =>
                d.status === 'CONFIRMED' ? (
                  <span className="amount amount--in">
                    +{money.symbol}
                    {money.format(d.amount)}
                  </span>
                ) : (
                  <span className="amount amount--zero">
                    {money.symbol}
                    {money.format(d.amount)}
                  </span>
                ),
            },
            {
              key: 'status',
              label: t('fields.status'),
              align: 'end',
              cell: (d) => (
                <span className="status-cell">
                  <StatusBadge tone={depositTone(d.status)} labelKey={`status.${d.status}`} />
                  {d.status === 'REJECTED' && d.rejectReason ? (
                    <span className="muted small">{d.rejectReason}</span>
                  ) : null}
                  {d.status === 'PENDING' && d.redirectUrl ? (
                    <a className="link-btn" href={d.redirectUrl}>
                      {t('depositPage.continuePayment')}
                    </a>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
