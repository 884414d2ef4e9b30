import { GAME_CATEGORIES } from '@portal/contracts/limits.ts';
import type { ProfitRow } from '@portal/contracts/wallet/history.contract.ts';
import { useTranslation } from 'react-i18next';
import { usePersonalProfit } from '../api/history-api.ts';
import { useHistoryFilters } from '../hooks/use-history-filters.ts';
import { useMoney } from '../hooks/use-money.ts';
import { HistoryPage, Money, SignedMoney, Stat } from './history-controls.tsx';

/** personalProfit: profit and loss by day and game type, with totals over the period. */
export function PersonalProfitPage() {
  const { t } = useTranslation('wallet');
  const { t: tg } = useTranslation('games');
  const money = useMoney();
  const f = useHistoryFilters<{ gameType: string | undefined }>({ gameType: undefined });
  const q = usePersonalProfit(f.query);
  const gameLabel = (type: string) => tg(`category.${type}`, { defaultValue: type });
  const totals = q.data?.totals;
  return (
    <HistoryPage<ProfitRow>
      testId="personal-profit"
      filters={f}
      selects={[
        f.select(
          'gameType',
          t('history.gameType'),
          GAME_CATEGORIES.map((g) => ({ value: g, label: gameLabel(g) })),
        ),
      ]}
      query={q}
      summary={
        totals ? (
          <div className="stat-row">
            <Stat label={t('history.bets')}>
              <Money minor={totals.betAmount} />
            </Stat>
            <Stat label={t('history.wins')}>
              <Money minor={totals.winAmount} />
            </Stat>
            <Stat label={t('history.net')} gold testId="profit-net">
              <SignedMoney minor={totals.netAmount} />
            </Stat>
          </div>
        ) : null
      }
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
  );
}
