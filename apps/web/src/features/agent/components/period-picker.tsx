import { REPORT_PERIODS, type ReportPeriod } from '@portal/contracts/agent/agent.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteDay } from '../../../lib/format.ts';
import type { RangeFilter } from '../api/agent-api.ts';

/** The period of a report: today by default; a chosen range applies once both dates are set. */
export function usePeriod(initial: ReportPeriod = 'today') {
  const [filter, setFilter] = useState<RangeFilter>({ period: initial });
  return { filter, setFilter };
}

/** Today / yesterday / this week / this month / a range, in the site's time zone. */
export function PeriodPicker({ value, onChange }: { value: RangeFilter; onChange: (f: RangeFilter) => void }) {
  const { t } = useTranslation('pages');
  const today = siteDay();
  const [from, setFrom] = useState(value.from ?? today);
  const [to, setTo] = useState(value.to ?? today);
  return (
    <div className="agent-period" role="group" aria-label={t('agent.period.label')}>
      <div className="agent-period__chips">
        {REPORT_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className={p === value.period ? 'chip chip--active' : 'chip'}
            aria-pressed={p === value.period}
            onClick={() => onChange(p === 'range' ? { period: p, from, to } : { period: p })}
            data-testid={`period-${p}`}
          >
            {t(`agent.period.${p}`)}
          </button>
        ))}
      </div>
      {value.period === 'range' ? (
        <div className="agent-period__range">
          <DayInput
            label={t('agent.period.from')}
            labelHidden
            value={from}
            max={to}
            onDay={(day) => {
              setFrom(day);
              if (day) onChange({ period: 'range', from: day, to });
            }}
          />
          <span aria-hidden="true">–</span>
          <DayInput
            label={t('agent.period.to')}
            labelHidden
            value={to}
            min={from}
            max={today}
            onDay={(day) => {
              setTo(day);
              if (day) onChange({ period: 'range', from, to: day });
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

/** One end of a date range: a date input inside its label (shown, or for screen readers only). */
export function DayInput({
  label,
  labelHidden,
  className,
  value,
  min,
  max,
  onDay,
}: {
  label: string;
  labelHidden?: boolean;
  className?: string;
  value: string;
  min?: string;
  max?: string;
  /** The day picked, or '' when the input was cleared. */
  onDay: (day: string) => void;
}) {
  return (
    <label className={className}>
      <span className={labelHidden ? 'sr-only' : undefined}>{label}</span>
      <input type="date" value={value} min={min} max={max} onChange={(e) => onDay(e.target.value)} />
    </label>
  );
}
