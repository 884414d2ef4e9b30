import { TRANSACTION_TYPES, type Transaction } from '@portal/contracts/wallet/history.contract.ts';
import { useTranslation } from 'react-i18next';
import { useTransactionHistory } from '../api/history-api.ts';
import { useHistoryFilters } from '../hooks/use-history-filters.ts';
import { useMoney } from '../hooks/use-money.ts';
import { HistoryPage, SignedMoney, timeColumn } from './history-controls.tsx';

/** transactionHistory: every wallet entry with its type, signed amount and the balance after; by type and dates. */
export function TransactionHistoryPage() {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const f = useHistoryFilters<{ type: string | undefined }>({ type: undefined });
  const q = useTransactionHistory(f.query);
  return (
    <HistoryPage<Transaction>
      testId="transaction-history"
      filters={f}
      selects={[
        f.select(
          'type',
          t('history.type'),
          TRANSACTION_TYPES.map((ty) => ({ value: ty, label: t(`history.txType.${ty}`) })),
        ),
      ]}
      query={q}
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
          cell: (r) => <span className="nowrap">{r.balanceAfter === null ? '—' : money.format(r.balanceAfter)}</span>,
        },
      ]}
    />
  );
}
