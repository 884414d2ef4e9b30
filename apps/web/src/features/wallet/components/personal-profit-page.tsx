import { GAME_CATEGORIES } from '@portal/contracts/limits.ts';
import type { ProfitRow } from '@portal/contracts/wallet/history.contract.ts';
import { useTranslation } from 'react-i18next';
import { usePersonalProfit } from '../api/history-api.ts';
import { useHistoryFilters } from '../hooks/use-history-filters.ts';
import { useMoney } from '../hooks/use-money.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { HistoryFilters, HistoryResults, SignedMoney } from './history-controls.tsx';

/** personalProfit: profit and loss by day and game type, with totals over the period. */
export function PersonalProfitPage() {
  const { t } = useTranslation('wallet');
  const { t: tg } = useTranslation('games');
  const money = useMoney();
  const f = useHistoryFilters<{ gameType: string | undefined }>({ gameType: undefined });
  const q = usePersonalProfit(f.query);
  const rows = q.data?.items ?? [];
  const gameLabel = (type: string) => tg(`category.${type}`, { defaultValue: type });
  const totals = q.data?.totals;
  return (
    <div className="cashier" data-testid="personal-profit">
      <HistoryFilters
        range={f.range}
        onRange={f.setRange}
        selects={[
          f.select(
            'gameType',
            t('history.gameType'),
            GAME_CATEGORIES.map((g) => ({ value: g, label: gameLabel(g) })),
          ),
        ]}
      />
      <HistoryResults
        title={t('history.results')}
        query={q}
        isEmpty={rows.length === 0}
        summary={
          totals ? (
            <div className="stat-row">
              <div className="stat">
                <span className="stat__label">{t('history.bets')}</span>
                <span className="stat__value">
                  {money.symbol}
                  {money.format(totals.betAmount)}
                </span>
              </div>
              <div className="stat">
                <span className="stat__label">{t('history.wins')}</span>
                <span className="stat__value">
                  {money.symbol}
                  {money.format(totals.winAmount)}
                </span>
              </div>
              <div className="stat stat--gold">
                <span className="stat__label">{t('history.net')}</span>
                <span className="stat__value" data-testid="profit-net">
                  <SignedMoney minor={totals.netAmount} />
                </span>
              </div>
            </div>
          ) : null
        }
      >
        <DataTable<ProfitRow>
          caption={t('history.results')}
          testId="history-table"
          rows={rows}
          rowKey={(r) => `${r.day}-${r.gameType}`}
          columns={[
            {
              key: 'day',
              label: t('history.day'),
              primary: true,
              cell: (r) => <span className="nowrap">{r.day}</span>,
            },
            { key: 'game', label: t('history.gameType'), cell: (r) => gameLabel(r.gameType) },
            { key: 'count', label: t('history.betCount'), align: 'end', cell: (r) => r.betCount },
            {
              key: 'bets',
              label: t('history.bets'),
              align: 'end',
              cell: (r) => <span className="nowrap">{money.format(r.betAmount)}</span>,
            },
            {
              key: 'wins',
              label: t('history.wins'),
              align: 'end',
              cell: (r) => <span className="nowrap">{money.format(r.winAmount)}</span>,
            },
            { key: 'net', label: t('history.net'), align: 'end', cell: (r) => <SignedMoney minor={r.netAmount} /> },
          ]}
        />
        <Pager page={f.page} pageSize={f.query.pageSize} total={q.data?.total ?? 0} onPage={f.setPage} />
      </HistoryResults>
    </div>
  );
}
