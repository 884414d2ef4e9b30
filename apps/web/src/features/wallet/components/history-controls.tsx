import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
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
          <span className="select-control">
            <select name={s.name} value={s.value} onChange={(e) => s.onChange(e.target.value)}>
              {s.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <Icon name="chevronDown" size={16} />
          </span>
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
          <span className="date-control">
            <Icon name="calendar" size={16} />
            <input
              type="date"
              name="from"
              aria-label={t('history.from')}
              value={draft.from}
              max={draft.to}
              onChange={(e) => applyDraft({ ...draft, from: e.target.value })}
            />
          </span>
          <span className="muted" aria-hidden="true">
            –
          </span>
          <span className="date-control">
            <Icon name="calendar" size={16} />
            <input
              type="date"
              name="to"
              aria-label={t('history.to')}
              value={draft.to}
              min={draft.from}
              onChange={(e) => applyDraft({ ...draft, to: e.target.value })}
            />
          </span>
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
