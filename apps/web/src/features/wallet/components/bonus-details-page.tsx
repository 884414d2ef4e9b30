import type { Bonus } from '@portal/contracts/wallet/history.contract.ts';
import { useTranslation } from 'react-i18next';
import { useBonusDetails } from '../api/history-api.ts';
import { useHistoryFilters } from '../hooks/use-history-filters.ts';
import {
  HistoryFilters,
  HistoryResults,
  HistoryTable,
  Money,
  SignedMoney,
  Stat,
  timeColumn,
} from './history-controls.tsx';

/** bonusDetails: bonuses credited in the period, with their total. */
export function BonusDetailsPage() {
  const { t } = useTranslation('wallet');
  const f = useHistoryFilters({});
  const q = useBonusDetails(f.query);
  const rows = q.data?.items ?? [];
  return (
    <div className="cashier" data-testid="bonus-details">
      <HistoryFilters range={f.range} onRange={f.setRange} />
      <HistoryResults
        title={t('history.results')}
        query={q}
        isEmpty={rows.length === 0}
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
      >
        <HistoryTable<Bonus>
          paging={f}
          total={q.data?.total}
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            timeColumn(t('fields.time'), (r) => r.createdAt),
            { key: 'source', label: t('history.source'), cell: (r) => r.source ?? '—' },
            { key: 'remark', label: t('history.remark'), cell: (r) => r.remark ?? '—' },
            { key: 'amount', label: t('fields.amount'), align: 'end', cell: (r) => <SignedMoney minor={r.amount} /> },
          ]}
        />
      </HistoryResults>
    </div>
  );
}
