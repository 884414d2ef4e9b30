import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateControl } from '../../../components/ui/date-control.tsx';
import { SelectControl } from '../../../components/ui/select-control.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { checkRange, presetOf, presetRange, RANGE_PRESETS, type DateRange } from '../lib/date-range.ts';
import { useMoney } from '../hooks/use-money.ts';

export interface SelectFilter {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}

/**
 * The filter bar of a history page: selects (type, status…), quick ranges (today, 7 days, 30 days)
 * and a custom from–to that is applied only when it is a valid range.
 */
export function HistoryFilters({
  range,
  onRange,
  selects = [],
  testId,
}: {
  range: DateRange;
  onRange: (range: DateRange) => void;
  selects?: SelectFilter[];
  testId?: string;
}) {
  const { t } = useTranslation('wallet');
  const id = useId();
  const [draft, setDraft] = useState(range);
  const [issue, setIssue] = useState<string | null>(null);
  const active = presetOf(range);

  const applyDraft = (next: DateRange) => {
    setDraft(next);
    const problem = checkRange(next);
    setIssue(
      problem === 'order'
        ? t('errors:DATE_RANGE_INVALID')
        : problem === 'tooLong'
          ? t('errors:DATE_RANGE_TOO_LONG')
          : problem
            ? t('history.badDate')
            : null,
    );
    if (!problem) onRange(next);
  };

  return (
    <div className="history-filters cashier-card" data-testid={testId ?? 'history-filters'}>
      {selects.map((s) => (
        <label key={s.name} className="history-filters__select">
          <span className="field__label">{s.label}</span>
          <SelectControl name={s.name} value={s.value} options={s.options} onValue={s.onChange} />
        </label>
      ))}
      <div className="history-filters__range">
        <span className="field__label" id={`${id}-range`}>
          {t('history.period')}
        </span>
        <div className="history-filters__presets" role="group" aria-labelledby={`${id}-range`}>
          {RANGE_PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              className={active === p ? 'chip chip--active' : 'chip'}
              aria-pressed={active === p}
              onClick={() => {
                const r = presetRange(p);
                setDraft(r);
                setIssue(null);
                onRange(r);
              }}
              data-testid={`range-${p}`}
            >
              {t(`history.presets.${p}`)}
            </button>
          ))}
        </div>
        <div className="history-filters__dates">
          <DateControl
            name="from"
            label={t('history.from')}
            value={draft.from}
            max={draft.to}
            onValue={(from) => applyDraft({ ...draft, from })}
          />
          <span className="muted" aria-hidden="true">
            –
          </span>
          <DateControl
            name="to"
            label={t('history.to')}
            value={draft.to}
            min={draft.from}
            onValue={(to) => applyDraft({ ...draft, to })}
          />
        </div>
        {issue ? (
          <p className="field__error" role="alert">
            {issue}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** An amount with the site's currency symbol. */
export function Money({ minor }: { minor: string }) {
  const money = useMoney();
  return (
    <>
      {money.symbol}
      {money.format(minor)}
    </>
  );
}

/** One figure of a history page's summary: its label above its value (`gold` for the headline one). */
export function Stat({
  label,
  gold,
  testId,
  children,
}: {
  label: string;
  gold?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={gold ? 'stat stat--gold' : 'stat'}>
      <span className="stat__label">{label}</span>
      <span className="stat__value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

/** A signed amount: + in green when money came in, − in red when it left, grey at zero. */
export function SignedMoney({ minor, forceSign }: { minor: string; forceSign?: '+' | '-' }) {
  const money = useMoney();
  const negative = forceSign ? forceSign === '-' : minor.startsWith('-');
  const zero = /^-?0+$/.test(minor);
  const digits = minor.replace(/^-/, '');
  const cls = zero ? 'amount amount--zero' : negative ? 'amount amount--out' : 'amount amount--in';
  return (
    <span className={cls}>
      {zero ? '' : negative ? '−' : '+'}
      {money.symbol}
      {money.format(digits)}
    </span>
  );
}

/** The results card of a history page: loading, error, "No data", or the table and the pager. */
export function HistoryResults({
  title,
  query,
  isEmpty,
  children,
  summary,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean };
  isEmpty: boolean;
  children?: ReactNode;
  summary?: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  return (
    <section
      className={
        query.isFetching ? 'cashier-card history-results history-results--busy' : 'cashier-card history-results'
      }
      aria-label={title}
      aria-busy={query.isFetching}
      data-testid="history-results"
    >
      {summary}
      <QueryBody
        query={query}
        failed={t('common.loadFailed')}
        serverError
        empty={
          isEmpty && (
            <EmptyState title={t('common.noData')} testId="history-empty">
              {t('history.emptyText')}
            </EmptyState>
          )
        }
      >
        {children}
      </QueryBody>
    </section>
  );
}

/** A history table's first column: when it happened, in the site's time zone. */
export const timeColumn = <T,>(label: string, at: (row: T) => string): Column<T> => ({
  key: 'time',
  label,
  primary: true,
  cell: (r) => <span className="nowrap">{formatDateTime(at(r))}</span>,
});

/**
 * A whole history page: its filter bar, then the results card with an optional summary above the
 * table and the pager. The page names its query, selects, columns and how a row is keyed.
 */
export function HistoryPage<T>({
  testId,
  filters,
  selects,
  query,
  summary,
  rowKey,
  columns,
}: {
  testId: string;
  filters: {
    range: DateRange;
    setRange: (range: DateRange) => void;
    page: number;
    setPage: (page: number) => void;
    query: { pageSize: number };
  };
  selects?: SelectFilter[];
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    isFetching: boolean;
    data?: { items: T[]; total: number } | undefined;
  };
  summary?: ReactNode;
  rowKey: (row: T) => string;
  columns: Column<T>[];
}) {
  const { t } = useTranslation('wallet');
  const rows = query.data?.items ?? [];
  return (
    <div className="cashier" data-testid={testId}>
      <HistoryFilters range={filters.range} onRange={filters.setRange} selects={selects} />
      <HistoryResults title={t('history.results')} query={query} isEmpty={rows.length === 0} summary={summary}>
        <HistoryTable<T> paging={filters} total={query.data?.total} rows={rows} rowKey={rowKey} columns={columns} />
      </HistoryResults>
    </div>
  );
}

/** A history page's rows and its pager, driven by the page's filters. */
export function HistoryTable<T>({
  rows,
  rowKey,
  columns,
  paging,
  total,
}: {
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  paging: { page: number; setPage: (page: number) => void; query: { pageSize: number } };
  total: number | undefined;
}) {
  const { t } = useTranslation('wallet');
  return (
    <>
      <DataTable<T>
        caption={t('history.results')}
        testId="history-table"
        rows={rows}
        rowKey={rowKey}
        columns={columns}
      />
      <Pager page={paging.page} pageSize={paging.query.pageSize} total={total ?? 0} onPage={paging.setPage} />
    </>
  );
}
