import { HISTORY } from '@portal/contracts/limits.ts';
import { LOTTERY_HISTORY_STATUSES } from '@portal/contracts/lottery/lottery-vendor.contract.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { SelectControl } from '../../../components/ui/select-control.tsx';
import { formatDateTime, formatTime } from '../../../lib/format.ts';
import { lotteryApi, type LotteryTicket, type TicketHistoryFilters } from '../api/lottery-api.ts';
import { isSessionEnded, keptLotteryGame, useLotterySession } from '../hooks/use-lottery-session.ts';
import { DayField, FilterField, GameSelect } from './lottery-filters.tsx';
import { betLabel, drawInstantFromId, lottoMoney, oddsText } from './lottery-labels.ts';

type Status = (typeof LOTTERY_HISTORY_STATUSES)[number];
/** The game whose session is opened for the history when the tab keeps none. */
const HISTORY_GAME = 'lotto-5d-1m';

/** Where a ticket's draw is checked: the results page, on its game, with the draw's proof open. */
export const verifyLink = (x: { gameCode: string; drawId: string }) =>
  `/lottery?tab=results&game=${encodeURIComponent(x.gameCode)}&draw=${encodeURIComponent(x.drawId)}`;

/**
 * The player's lottery tickets of every game (decision 093): newest first, 20 a page as the wallet's
 * records, filtered by status, game and dates; each with its selection, stake, odds, payout, draw and
 * a link to verify the draw. Any of the player's vendor sessions answers it.
 */
export function TicketHistory() {
  const { t } = useTranslation('pages');
  const [gameForSession] = useState(() => keptLotteryGame(HISTORY_GAME));
  const { phase, ended } = useLotterySession(gameForSession);
  const session = phase.kind === 'ready' ? phase.session : null;
  const [filters, setFilters] = useState<TicketHistoryFilters>({ page: 1, pageSize: HISTORY.defaultPageSize });
  const patch = (p: Partial<TicketHistoryFilters>) => setFilters((f) => ({ ...f, page: 1, ...p }));

  const q = useQuery({
    queryKey: ['lottery', 'history', session, filters],
    queryFn: ({ signal }) => lotteryApi.history(session!, filters, signal),
    enabled: session !== null,
    placeholderData: keepPreviousData,
    // Pending tickets settle at their draw: the page follows.
    refetchInterval: 10_000,
  });
  useEffect(() => {
    if (q.error && isSessionEnded(q.error)) ended();
  }, [q.error, ended]);
  const rows = q.data?.items ?? [];
  const gameName = (code: string) => t(`lottery.games.${code}`, { defaultValue: code });

  return (
    <div className="lotto-history" data-testid="lottery-history">
      <div className="card lotto-filters">
        <FilterField label={t('lottery.history.status')}>
          <SelectControl
            name="status"
            value={filters.status ?? ''}
            onValue={(v) => patch({ status: (v || undefined) as Status | undefined })}
            options={[
              { value: '', label: t('lottery.history.all') },
              ...LOTTERY_HISTORY_STATUSES.map((s) => ({ value: s, label: t(`lottery.status.${s}`) })),
            ]}
          />
        </FilterField>
        <GameSelect
          value={filters.gameCode ?? ''}
          onValue={(v) => patch({ gameCode: v || undefined })}
          first={{ value: '', label: t('lottery.history.allGames') }}
        />
        <DayField
          name="from"
          label={t('lottery.history.from')}
          value={filters.from ?? q.data?.from ?? ''}
          max={filters.to ?? q.data?.to}
          onValue={(from) => patch({ from })}
        />
        <DayField
          name="to"
          label={t('lottery.history.to')}
          value={filters.to ?? q.data?.to ?? ''}
          min={filters.from ?? q.data?.from}
          onValue={(to) => patch({ to })}
        />
        <Button
          variant="ghost"
          size="sm"
          className="lotto-filters__reset"
          onClick={() => setFilters({ page: 1, pageSize: HISTORY.defaultPageSize })}
        >
          {t('lottery.history.reset')}
        </Button>
      </div>

      <section
        className={
          q.isFetching ? 'card lotto-panel lotto-history__results is-busy' : 'card lotto-panel lotto-history__results'
        }
        aria-labelledby="lotto-history-title"
        aria-busy={q.isFetching}
      >
        <div className="lotto-panel__head">
          <h3 id="lotto-history-title">{t('lottery.history.title')}</h3>
          {q.data ? (
            <span className="muted" data-testid="lottery-history-total">
              {t('lottery.history.total', { count: q.data.total })}
            </span>
          ) : null}
        </div>
        <QueryBody
          query={phase.kind === 'error' ? { isPending: false, isError: true, error: phase.error } : q}
          failed={t('lottery.openFailed')}
          serverError
          empty={
            rows.length === 0 && (
              <EmptyState icon="lottery" title={t('lottery.history.empty')} testId="lottery-history-empty">
                {t('lottery.history.emptyText')}
              </EmptyState>
            )
          }
        >
          <DataTable<LotteryTicket>
            caption={t('lottery.history.title')}
            testId="lottery-history-table"
            rows={rows}
            rowKey={(x) => x.ticketId}
            rowTestId={(x) => `lottery-history-${x.status}`}
            columns={[
              {
                key: 'time',
                label: t('lottery.history.time'),
                primary: true,
                cell: (x) => <span className="nowrap">{formatDateTime(x.createdAt)}</span>,
              },
              {
                key: 'game',
                label: t('lottery.history.game'),
                cell: (x) => (
                  <span className="lotto-history__game">
                    <strong>{gameName(x.gameCode)}</strong>
                    <span className="muted mono">
                      {t('lottery.history.drawAt', {
                        time: formatTime(drawInstantFromId(x.drawId))?.slice(0, 5) ?? x.drawId,
                      })}
                    </span>
                  </span>
                ),
              },
              { key: 'bet', label: t('lottery.col.bet'), cell: (x) => betLabel(t, x.betType, x.selection) },
              {
                key: 'stake',
                label: t('lottery.col.stake'),
                align: 'end',
                cell: (x) => lottoMoney(x.stake, x.currency),
              },
              {
                key: 'odds',
                label: t('lottery.col.odds'),
                align: 'end',
                cell: (x) => `×${oddsText(x.oddsBasisPoints)}`,
              },
              {
                key: 'status',
                label: t('lottery.col.status'),
                cell: (x) => (
                  <span className={`lotto-status lotto-status--${x.status.toLowerCase()}`}>
                    {t(`lottery.status.${x.status}`)}
                  </span>
                ),
              },
              {
                key: 'payout',
                label: t('lottery.col.payout'),
                align: 'end',
                cell: (x) =>
                  x.status === 'PENDING' ? (
                    '—'
                  ) : (
                    <span className={x.status === 'WON' ? 'lotto-win' : undefined} data-testid="lottery-history-payout">
                      {lottoMoney(x.payout, x.currency)}
                    </span>
                  ),
              },
              {
                key: 'verify',
                label: t('lottery.col.draw'),
                align: 'end',
                cell: (x) =>
                  x.status === 'PENDING' ? (
                    <span className="muted">{t('lottery.history.awaiting')}</span>
                  ) : (
                    <Link to={verifyLink(x)} className="lotto-verify-link" data-testid="lottery-history-verify">
                      <Icon name="shield" size={14} /> {t('lottery.verify')}
                    </Link>
                  ),
              },
            ]}
          />
          <Pager
            page={filters.page}
            pageSize={filters.pageSize}
            total={q.data?.total ?? 0}
            onPage={(page) => setFilters((f) => ({ ...f, page }))}
          />
        </QueryBody>
      </section>
    </div>
  );
}
