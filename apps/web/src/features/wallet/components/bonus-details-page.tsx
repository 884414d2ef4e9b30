import type { Bonus } from '@portal/contracts/wallet/history.contract.ts';
import { useTranslation } from 'react-i18next';
import { useBonusDetails } from '../api/history-api.ts';
import { useHistoryFilters } from '../hooks/use-history-filters.ts';
import { HistoryPage, Money, SignedMoney, Stat, timeColumn } from './history-controls.tsx';

/** bonusDetails: bonuses credited in the period, with their total. */
export function BonusDetailsPage() {
  const { t } = useTranslation('wallet');
  const f = useHistoryFilters({});
  const q = useBonusDetails(f.query);
  return (
    <HistoryPage<Bonus>
      testId="bonus-details"
      filters={f}
      query={q}
      summary={
        q.data ? (
          <div className="stat-row">
            <Stat label={t('history.bonusTotal')} gold testId="bonus-total">
              <Money minor={q.data.totalAmount} />
            </Stat>
            <Stat label={t('history.count')}>{q.data.total}</Stat>
          </div>
        ) : null
      }
      rowKey={(r) => r.id}
      columns={[
        timeColumn(t('fields.time'), (r) => r.createdAt),
        { key: 'source', label: t('history.source'), cell: (r) => r.source ?? '—' },
        { key: 'remark', label: t('history.remark'), cell: (r) => r.remark ?? '—' },
        { key: 'amount', label: t('fields.amount'), align: 'end', cell: (r) => <SignedMoney minor={r.amount} /> },
      ]}
    />
  );
}
