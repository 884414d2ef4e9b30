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
          <label>
            <span className="sr-only">{t('agent.period.from')}</span>
            <input
              type="date"
              value={from}
              max={to}
              onChange={(e) => {
                setFrom(e.target.value);
                if (e.target.value) onChange({ period: 'range', from: e.target.value, to });
              }}
            />
          </label>
          <span aria-hidden="true">–</span>
          <label>
            <span className="sr-only">{t('agent.period.to')}</span>
            <input
              type="date"
              value={to}
              min={from}
              max={today}
              onChange={(e) => {
                setTo(e.target.value);
                if (e.target.value) onChange({ period: 'range', from, to: e.target.value });
              }}
            />
          </label>
        </div>
      ) : null}
    </div>
  );
}
