import { formatMinor } from '@portal/contracts/money.ts';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTeamOverview } from '../api/agent-api.ts';
import { AgentResults } from './agent-card.tsx';
import { FiguresTable } from './figures.tsx';
import { PeriodPicker, usePeriod } from './period-picker.tsx';

/** Minor units to major for the chart's scale (a chart has no need of exact cents). */
const major = (minor: string) => Number(minor) / 100;

/** The chart's bars: the day's deposits and valid bets, each in its colour. */
const BARS = [
  { key: 'deposits', fill: '#7c5cff' },
  { key: 'validBets', fill: '#22c3a6' },
] as const;

/** Team overview: direct downline and whole team side by side, and the team's daily series as a chart. */
export function TeamOverviewPage() {
  const { t } = useTranslation('pages');
  const { filter, setFilter } = usePeriod('today');
  const q = useTeamOverview(filter);
  const v = q.data;
  const series = (v?.series ?? []).map((d) => ({
    day: d.day.slice(5),
    deposits: major(d.deposits),
    validBets: major(d.validBets),
    profitLoss: major(d.profitLoss),
  }));
  return (
    <div className="agent-page" data-testid="agent-overview">
      <PeriodPicker value={filter} onChange={setFilter} />
      <AgentResults label={t('agent.items.teamOverview')} query={q} isEmpty={false}>
        {v ? (
          <>
            <p className="muted agent-range" data-testid="overview-range">
              {v.from === v.to ? v.from : `${v.from} – ${v.to}`}
            </p>
            <FiguresTable
              currency={v.currency}
              testId="overview-figures"
              columns={[
                { key: 'direct', label: t('agent.figures.direct'), figures: v.direct },
                { key: 'team', label: t('agent.figures.team'), figures: v.team },
              ]}
            />
          </>
        ) : null}
      </AgentResults>
      <section className="card agent-card" aria-label={t('agent.chart.title')}>
        <h3 className="agent-card__title">{t('agent.chart.title')}</h3>
        {series.length === 0 ? (
          <p className="muted">{t('agent.noData')}</p>
        ) : (
          <div className="agent-chart" data-testid="overview-chart">
            <ResponsiveContainer width="100%" height={260}>
              <ComposedChart data={series} barCategoryGap="20%" margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid stroke="var(--border, #2a2f4a)" strokeDasharray="3 3" />
                <XAxis dataKey="day" stroke="currentColor" fontSize={12} />
                <YAxis stroke="currentColor" fontSize={12} width={64} />
                <Tooltip formatter={(value) => formatMinor(String(Math.round(Number(value) * 100)))} />
                <Legend />
                {BARS.map((bar) => (
                  <Bar
                    key={bar.key}
                    dataKey={bar.key}
                    name={t(`agent.figures.${bar.key}`)}
                    fill={bar.fill}
                    maxBarSize={40}
                    radius={[4, 4, 0, 0]}
                  />
                ))}
                <Line dataKey="profitLoss" name={t('agent.figures.profitLoss')} stroke="#ffb547" strokeWidth={2} />
              </ComposedChart>
            </ResponsiveContainer>
          </div>
        )}
      </section>
    </div>
  );
}
