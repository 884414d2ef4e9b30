import { TRANSACTION_TYPES, type Transaction } from '@portal/contracts/wallet/history.contract.ts';
import { useTranslation } from 'react-i18next';
import { useTransactionHistory } from '../api/history-api.ts';
import { useHistoryFilters } from '../hooks/use-history-filters.ts';
import { useMoney } from '../hooks/use-money.ts';
import { HistoryFilters, HistoryResults, HistoryTable, SignedMoney, timeColumn } from './history-controls.tsx';

/** transactionHistory: every wallet entry with its type, signed amount and the balance after; by type and dates. */
export function TransactionHistoryPage() {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const f = useHistoryFilters<{ type: string | undefined }>({ type: undefined });
  const q = useTransactionHistory(f.query);
  const rows = q.data?.items ?? [];
  return (
    <div className="cashier" data-testid="transaction-history">
      <HistoryFilters
        range={f.range}
        onRange={f.setRange}
        selects={[
          f.select(
            'type',
            t('history.type'),
            TRANSACTION_TYPES.map((ty) => ({ value: ty, label: t(`history.txType.${ty}`) })),
          ),
        ]}
      />
      <HistoryResults title={t('history.results')} query={q} isEmpty={rows.length === 0}>
        <HistoryTable<Transaction>
          paging={f}
          total={q.data?.total}
          rows={rows}
          rowKey={(r) => `${r.id}-${r.wallet}`}
          columns={[
            timeColumn(t('fields.time'), (r) => r.createdAt),
            { key: 'type', label: t('history.type'), cell: (r) => t(`history.txType.${r.type}`) },
            { key: 'wallet', label: t('history.wallet'), cell: (r) => t(`history.walletName.${r.wallet}`) },
            { key: 'ref', label: t('history.reference'), cell: (r) => <span className="mono muted">#{r.id}</span> },
            { key: 'amount', label: t('fields.amount'), align: 'end', cell: (r) => <SignedMoney minor={r.amount} /> },
            {
              key: 'after',
              label: t('history.balanceAfter'),
              align: 'end',
              cell: (r) => (
                <span className="nowrap">{r.balanceAfter === null ? '—' : money.format(r.balanceAfter)}</span>
              ),
            },
          ]}
        />
      </HistoryResults>
    </div>
  );
}
