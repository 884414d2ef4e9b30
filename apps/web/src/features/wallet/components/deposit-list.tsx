import type { Deposit } from '@portal/contracts/wallet/cashier.contract.ts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeposits } from '../api/cashier-api.ts';
import { useMoney } from '../hooks/use-money.ts';
import { depositTone } from '../lib/statuses.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { CashierCardHead, ReloadButton } from './cashier-card-head.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The player's latest deposits with their status; a confirmation arrives by the live channel. */
export function DepositList() {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const deposits = useDeposits();
  const rows = deposits.data?.deposits ?? [];
  return (
    <section className="cashier-card" aria-labelledby="deposit-list-title">
      <CashierCardHead id="deposit-list-title" icon="clock" title={t('depositPage.recent')}>
        <ReloadButton busy={deposits.isFetching} onReload={deposits.refetch} />
      </CashierCardHead>
      <QueryBody
        query={deposits}
        failed={t('common.loadFailed')}
        empty={
          rows.length === 0 && (
            <EmptyState icon="wallet" title={t('common.noData')}>
              {t('depositPage.emptyText')}
            </EmptyState>
          )
        }
      >
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
      </QueryBody>
    </section>
  );
}
