import type { Bonus } from '@portal/contracts/wallet/history.contract.ts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import { useBonusDetails } from '../api/history-api.ts';
import { useHistoryFilters } from '../hooks/use-history-filters.ts';
import { useMoney } from '../hooks/use-money.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { HistoryFilters, HistoryResults, SignedMoney } from './history-controls.tsx';

/** bonusDetails: bonuses credited in the period, with their total. */
export function BonusDetailsPage() {
  const { t } = useTranslation('wallet');
  const money = useMoney();
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
              <div className="stat stat--gold">
                <span className="stat__label">{t('history.bonusTotal')}</span>
                <span className="stat__value" data-testid="bonus-total">
                  {money.symbol}
                  {money.format(q.data.totalAmount)}
                </span>
              </div>
              <div className="stat">
                <span className="stat__label">{t('history.count')}</span>
                <span className="stat__value">{q.data.total}</span>
              </div>
            </div>
          ) : null
        }
      >
        <DataTable<Bonus>
          caption={t('history.results')}
          testId="history-table"
          rows={rows}
          rowKey={(r) => r.id}
          columns={[
            {
              key: 'time',
              label: t('fields.time'),
              primary: true,
              cell: (r) => <span className="nowrap">{formatDateTime(r.createdAt)}</span>,
            },
            { key: 'source', label: t('history.source'), cell: (r) => r.source ?? '—' },
            { key: 'remark', label: t('history.remark'), cell: (r) => r.remark ?? '—' },
            { key: 'amount', label: t('fields.amount'), align: 'end', cell: (r) => <SignedMoney minor={r.amount} /> },
          ]}
        />
        <Pager page={f.page} pageSize={f.query.pageSize} total={q.data?.total ?? 0} onPage={f.setPage} />
      </HistoryResults>
    </div>
  );
}
