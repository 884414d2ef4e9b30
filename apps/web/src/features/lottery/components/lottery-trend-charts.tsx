import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Loading } from '../../../components/ui/query-body.tsx';
import { siteDay } from '../../../lib/format.ts';
import { lotteryApi, type LotteryTrends } from '../api/lottery-api.ts';
import { drawLabel } from './lottery-labels.ts';
import { ChipChoice } from './slip-parts.tsx';

/** How many of the last draws the charts cover (the vendor takes 10–200). */
const SPANS = [30, 50, 100, 200] as const;
const TOOLTIP = {
  contentStyle: {
    background: 'var(--surface)',
    border: '1px solid var(--line-strong)',
    borderRadius: 10,
    color: 'var(--text)',
    fontSize: 13,
  },
  labelStyle: { color: 'var(--muted)' },
  cursor: { fill: 'var(--violet-soft)' },
};
const AXIS = { stroke: 'var(--line-strong)', tick: { fill: 'var(--muted)', fontSize: 12 }, tickLine: false };

type Point = LotteryTrends['series'][number];
type Side = Point['bigSmall'] | Point['oddEven'];

export const trendKeys = (gameCode: string, draws: number) => ['lottery', 'trends', gameCode, draws] as const;

/**
 * The game page's trend charts (decision 093), over the last 30–200 drawn draws from the vendor:
 * five digits — each digit's frequency per position, the sum per draw, the sums' distribution;
 * three dice — the sums' and faces' frequency; the race — the places of each car and the winners;
 * the daily games — each two-digit ending's heat grid, the hot, cold and longest-absent numbers, the
 * headline number (đề, 2 top) per draw; every game — its big/small and odd/even roads.
 */
export function LotteryTrendCharts({ gameCode, family }: { gameCode: string; family: string }) {
  const { t } = useTranslation('pages');
  const [span, setSpan] = useState<number>(50);
  const q = useQuery({
    queryKey: trendKeys(gameCode, span),
    queryFn: ({ signal }) => lotteryApi.trends(gameCode, span, signal),
    refetchInterval: 15_000,
    placeholderData: keepPreviousData,
  });
  const data = q.data;
  return (
    <section
      className="card lotto-panel lotto-trends"
      aria-labelledby="lotto-trends-title"
      data-testid="lottery-trends"
    >
      <div className="lotto-trends__head">
        <h3 id="lotto-trends-title">{t('lottery.trend.title')}</h3>
        <div className="lotto-chips" role="group" aria-label={t('lottery.trend.span')}>
          {SPANS.map((n) => (
            <button
              key={n}
              type="button"
              className={n === span ? 'lotto-chip lotto-chip--on' : 'lotto-chip'}
              aria-pressed={n === span}
              onClick={() => setSpan(n)}
            >
              {t('lottery.trend.last', { count: n })}
            </button>
          ))}
        </div>
      </div>
      {!data ? (
        <Loading />
      ) : data.series.length === 0 ? (
        <p className="muted">{t('lottery.trend.none')}</p>
      ) : (
        <>
          <p className="muted lotto-trends__lead" data-testid="lottery-trends-count">
            {t('lottery.trend.covering', { count: data.series.length })}
          </p>
          <div className="lotto-trends__grid">
            {data.endings ? (
              <DailyCharts data={data} family={family} />
            ) : family === 'THREE_DICE' ? (
              <DiceCharts data={data} />
            ) : family === 'TEN_CAR_RACE' ? (
              <RaceCharts data={data} />
            ) : (
              <DigitCharts data={data} />
            )}
            <Roads data={data} family={family} />
          </div>
        </>
      )}
    </section>
  );
}

function ChartCard({
  title,
  note,
  tools,
  children,
  testId,
  wide = false,
}: {
  title: string;
  note?: string;
  tools?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Across the whole grid (the roads, when the charts before them fill their rows). */
  wide?: boolean;
}) {
  return (
    <figure className={wide ? 'lotto-chart lotto-chart--wide' : 'lotto-chart'} data-testid={testId}>
      <figcaption className="lotto-chart__head">
        <span className="lotto-chart__title">{title}</span>
        {note ? <span className="muted lotto-chart__note">{note}</span> : null}
      </figcaption>
      {tools}
      <div className="lotto-chart__plot">{children}</div>
    </figure>
  );
}

/** Chips that pick one of `count` items (a position, a car), numbered from 1. */
function Picker({
  count,
  value,
  onValue,
  label,
  itemLabel,
}: {
  count: number;
  value: number;
  onValue: (n: number) => void;
  label: string;
  itemLabel: (n: number) => string;
}) {
  return (
    <ChipChoice
      className="lotto-chart__picker"
      groupLabel={label}
      options={Array.from({ length: count }, (_, i) => i + 1)}
      value={value}
      onChange={onValue}
      label={itemLabel}
    />
  );
}

/** A bar per value, the most frequent in gold, with the count each would have on average as a dashed line. */
function FrequencyBars({
  rows,
  expected,
  name,
}: {
  rows: { label: string; count: number }[];
  expected?: number;
  name: string;
}) {
  const top = Math.max(...rows.map((r) => r.count));
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart data={rows} margin={{ top: 12, right: 8, bottom: 0, left: -18 }}>
        <CartesianGrid stroke="var(--line)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" {...AXIS} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        {expected !== undefined ? <ReferenceLine y={expected} stroke="var(--gold)" strokeDasharray="5 4" /> : null}
        <Bar dataKey="count" name={name} radius={[5, 5, 0, 0]} maxBarSize={34} isAnimationActive={false}>
          {rows.map((r) => (
            <Cell key={r.label} fill={r.count === top && top > 0 ? 'var(--gold)' : 'var(--violet)'} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** One value per draw, oldest on the left: a line with a dot per draw, an optional dashed border. */
function DrawLine({
  rows,
  name,
  color,
  domain,
  reversed = false,
  ticks,
  border,
}: {
  rows: { time: string; value: number }[];
  name: string;
  color: string;
  domain: [number, number];
  reversed?: boolean;
  ticks?: number[];
  border?: { y: number; label: string };
}) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={rows} margin={{ top: 12, right: 8, bottom: 0, left: -18 }}>
        <CartesianGrid stroke="var(--line)" strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="time" {...AXIS} minTickGap={24} />
        <YAxis domain={domain} reversed={reversed} ticks={ticks} allowDecimals={false} {...AXIS} />
        <Tooltip {...TOOLTIP} />
        {border ? (
          <ReferenceLine
            y={border.y}
            stroke="var(--rose)"
            strokeDasharray="5 4"
            label={{ value: border.label, fill: 'var(--muted)', fontSize: 11, position: 'insideTopRight' }}
          />
        ) : null}
        <Line
          type={reversed ? 'stepAfter' : 'monotone'}
          dataKey="value"
          name={name}
          stroke={color}
          strokeWidth={2}
          dot={{ r: 2.5, fill: color }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** The headline sum of each draw against the big/small border. */
function SumLine({ series, border, min, max }: { series: Point[]; border: number; min: number; max: number }) {
  const { t } = useTranslation('pages');
  return (
    <DrawLine
      rows={series.map((p) => ({ time: drawLabel(p.drawsAt), value: p.sum }))}
      name={t('lottery.sum')}
      color="var(--teal)"
      domain={[min, max]}
      border={{ y: border, label: `${t('lottery.opt.BIG')} / ${t('lottery.opt.SMALL')}` }}
    />
  );
}

const sumRows = (sums: LotteryTrends['sums']) =>
  sums.counts.map((count, i) => ({ label: String(sums.min + i), count }));

function DigitCharts({ data }: { data: LotteryTrends }) {
  const { t } = useTranslation('pages');
  const [position, setPosition] = useState(1);
  const n = data.series.length;
  const digits = (data.positions[position - 1] ?? []).map((count, d) => ({ label: String(d + data.valueMin), count }));
  return (
    <>
      <ChartCard
        title={t('lottery.trend.digitByPosition')}
        note={`${t('lottery.trend.digitNote')} · ${t('lottery.trend.dashed')}`}
        testId="lottery-trend-positions"
        tools={
          <Picker
            count={data.positions.length}
            value={position}
            onValue={setPosition}
            label={t('lottery.trend.pickPosition')}
            itemLabel={(p) => t('lottery.position', { n: p })}
          />
        }
      >
        <FrequencyBars rows={digits} expected={n / 10} name={t('lottery.trend.times')} />
      </ChartCard>
      <ChartCard title={t('lottery.trend.sumPerDraw')} note={t('lottery.trend.sumNote5d')}>
        <SumLine series={data.series} border={22.5} min={data.sums.min} max={data.sums.max} />
      </ChartCard>
      <ChartCard title={t('lottery.trend.sumDistribution')}>
        <FrequencyBars rows={sumRows(data.sums)} name={t('lottery.trend.times')} />
      </ChartCard>
    </>
  );
}

function DiceCharts({ data }: { data: LotteryTrends }) {
  const { t } = useTranslation('pages');
  const n = data.series.length;
  const faces = Array.from({ length: 6 }, (_, f) => ({
    label: String(f + data.valueMin),
    count: data.positions.reduce((a, row) => a + (row[f] ?? 0), 0),
  }));
  return (
    <>
      <ChartCard title={t('lottery.trend.sumFrequency')} testId="lottery-trend-sums">
        <FrequencyBars rows={sumRows(data.sums)} name={t('lottery.trend.times')} />
      </ChartCard>
      <ChartCard
        title={t('lottery.trend.faceFrequency')}
        note={`${t('lottery.trend.faceNote')} · ${t('lottery.trend.dashed')}`}
      >
        <FrequencyBars rows={faces} expected={(n * 3) / 6} name={t('lottery.trend.times')} />
      </ChartCard>
      <ChartCard title={t('lottery.trend.sumPerDraw')} note={t('lottery.trend.sumNoteK3')}>
        <SumLine series={data.series} border={10.5} min={data.sums.min} max={data.sums.max} />
      </ChartCard>
    </>
  );
}

function RaceCharts({ data }: { data: LotteryTrends }) {
  const { t } = useTranslation('pages');
  const [car, setCar] = useState(1);
  const n = data.series.length;
  const places = data.positions.map((row, p) => ({ label: String(p + 1), count: row[car - data.valueMin] ?? 0 }));
  const winners = (data.positions[0] ?? []).map((count, c) => ({ label: String(c + data.valueMin), count }));
  const path = data.series.map((p) => ({ time: drawLabel(p.drawsAt), value: p.result.indexOf(car) + 1 }));
  const average = n ? places.reduce((a, r) => a + Number(r.label) * r.count, 0) / n : 0;
  return (
    <>
      <ChartCard
        title={t('lottery.trend.carPlaces', { n: car })}
        note={t('lottery.trend.averagePlace', { place: average.toFixed(1) })}
        testId="lottery-trend-cars"
        tools={
          <Picker
            count={10}
            value={car}
            onValue={setCar}
            label={t('lottery.trend.pickCar')}
            itemLabel={(c) => String(c)}
          />
        }
      >
        <FrequencyBars rows={places} expected={n / 10} name={t('lottery.trend.times')} />
      </ChartCard>
      <ChartCard title={t('lottery.trend.carPath', { n: car })} note={t('lottery.trend.carPathNote')}>
        <DrawLine
          rows={path}
          name={t('lottery.trend.place')}
          color="var(--gold)"
          domain={[1, 10]}
          reversed
          ticks={[1, 3, 5, 7, 10]}
        />
      </ChartCard>
      <ChartCard title={t('lottery.trend.winners')} note={t('lottery.trend.dashed')}>
        <FrequencyBars rows={winners} expected={n / 10} name={t('lottery.trend.times')} />
      </ChartCard>
      <ChartCard title={t('lottery.trend.top2Distribution')}>
        <FrequencyBars rows={sumRows(data.sums)} name={t('lottery.trend.times')} />
      </ChartCard>
    </>
  );
}

type Ending = NonNullable<LotteryTrends['endings']>[number];
const two = (n: number) => String(n).padStart(2, '0');
/** An ending's name: the daily page's name of the bet judged on it. */
const ENDING_BET = { LO: 'VN_LO', DE: 'VN_DE', TOP2: 'SEA_2TOP', BOTTOM2: 'SEA_2BOTTOM' } as const;
const endingName = (t: TFunction<'pages'>, kind: Ending['kind']) => t(`dailyLottery.bet.${ENDING_BET[kind]}`);
/** How many numbers each of the hot, cold and absent lists shows. */
const LISTED = 5;

/** The daily games (Vietnam lô and đề, SEA 2 top and 2 bottom): their two-digit endings. */
function DailyCharts({ data, family }: { data: LotteryTrends; family: string }) {
  const { t } = useTranslation('pages');
  const endings = data.endings ?? [];
  const [kind, setKind] = useState(0);
  const ending = endings[kind] ?? endings[0];
  const headline = family === 'SEA' ? 'TOP2' : 'DE';
  if (!ending) return null;
  return (
    <>
      <ChartCard
        title={t('lottery.trend.heat')}
        note={t('lottery.trend.heatNote')}
        testId="lottery-trend-heat"
        tools={
          <Picker
            count={endings.length}
            value={kind + 1}
            onValue={(n) => setKind(n - 1)}
            label={t('lottery.trend.pickEnding')}
            itemLabel={(n) => endingName(t, endings[n - 1]!.kind)}
          />
        }
      >
        <HeatGrid ending={ending} />
      </ChartCard>
      <ChartCard
        title={t('lottery.trend.hotCold', { kind: endingName(t, ending.kind) })}
        note={t('lottery.trend.ganNote')}
        testId="lottery-trend-hotcold"
      >
        <HotCold ending={ending} />
      </ChartCard>
      <ChartCard
        title={t('lottery.trend.headlinePerDraw', { kind: endingName(t, headline) })}
        note={t('lottery.trend.headlineNote')}
        testId="lottery-trend-history"
      >
        <DrawLine
          // A draw a day: its day (MM-dd), not its time.
          rows={data.series.map((p) => ({ time: siteDay(new Date(p.drawsAt)).slice(5), value: p.sum }))}
          name={endingName(t, headline)}
          color="var(--teal)"
          domain={[0, 99]}
          ticks={[0, 25, 50, 75, 99]}
          border={{ y: 49.5, label: `${t('lottery.opt.BIG')} / ${t('lottery.opt.SMALL')}` }}
        />
      </ChartCard>
    </>
  );
}

/** 00–99 as a 10×10 grid, each cell as warm as its count against the most frequent. */
function HeatGrid({ ending }: { ending: Ending }) {
  const { t } = useTranslation('pages');
  const top = Math.max(1, ...ending.counts);
  return (
    <div className="lotto-heat" role="list">
      {ending.counts.map((count, n) => (
        <span
          key={n}
          role="listitem"
          className="lotto-heat__cell"
          style={{ '--heat': count / top } as CSSProperties}
          title={t('lottery.trend.cell', { n: two(n), count, since: ending.since[n] ?? 0 })}
          aria-label={t('lottery.trend.cell', { n: two(n), count, since: ending.since[n] ?? 0 })}
        >
          <span className="lotto-heat__n">{two(n)}</span>
          <span className="lotto-heat__c">{count}</span>
        </span>
      ))}
    </div>
  );
}

/** The most and least frequent numbers, and the longest absent ("gan"), each with its draws since. */
function HotCold({ ending }: { ending: Ending }) {
  const { t } = useTranslation('pages');
  const all = ending.counts.map((count, n) => ({ n, count, since: ending.since[n] ?? 0 }));
  const lists = [
    { key: 'hot', rows: [...all].sort((a, b) => b.count - a.count || a.since - b.since).slice(0, LISTED) },
    { key: 'cold', rows: [...all].sort((a, b) => a.count - b.count || b.since - a.since).slice(0, LISTED) },
    { key: 'gan', rows: [...all].sort((a, b) => b.since - a.since || a.count - b.count).slice(0, LISTED) },
  ] as const;
  return (
    <div className="lotto-hot">
      {lists.map((list) => (
        <div key={list.key} className="lotto-hot__list" data-testid={`lottery-trend-${list.key}`}>
          <span className={`lotto-hot__label lotto-hot__label--${list.key}`}>{t(`lottery.trend.${list.key}`)}</span>
          <ol>
            {list.rows.map((r) => (
              <li key={r.n}>
                <span className="lotto-hot__n">{two(r.n)}</span>
                <span className="muted">{t('lottery.trend.timesShort', { count: r.count })}</span>
                <span className="muted">{t('lottery.trend.since', { count: r.since })}</span>
              </li>
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}

/** Most beads one column of a road shows; a longer run shows its length on its last bead. */
const ROAD_ROWS = 6;
/** Columns kept on a road: the latest runs. */
const ROAD_COLUMNS = 48;

/** The big/small and odd/even roads: each run of equal sides is a column of beads, oldest on the left. */
function Roads({ data, family }: { data: LotteryTrends; family: string }) {
  const { t } = useTranslation('pages');
  const race = family === 'TEN_CAR_RACE';
  return (
    <ChartCard
      title={t('lottery.trend.roads')}
      note={
        race
          ? t('lottery.trend.ofWinner')
          : data.endings
            ? t('lottery.trend.ofHeadline', { kind: endingName(t, family === 'SEA' ? 'TOP2' : 'DE') })
            : t('lottery.trend.ofSum')
      }
      testId="lottery-trend-roads"
      wide={race}
    >
      <div className="lotto-roads">
        <Road
          label={t('lottery.trend.bigSmall')}
          runs={data.runs.bigSmall}
          series={data.series.map((p) => p.bigSmall)}
        />
        <Road label={t('lottery.trend.oddEven')} runs={data.runs.oddEven} series={data.series.map((p) => p.oddEven)} />
      </div>
    </ChartCard>
  );
}

function Road({ label, runs, series }: { label: string; runs: { side: Side; length: number }[]; series: Side[] }) {
  const { t } = useTranslation('pages');
  const counts = new Map<Side, number>();
  for (const s of series) counts.set(s, (counts.get(s) ?? 0) + 1);
  const last = runs[runs.length - 1];
  const shown = runs.slice(-ROAD_COLUMNS);
  // The latest run is on the right: a road wider than its card opens scrolled to it.
  const grid = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (grid.current) grid.current.scrollLeft = grid.current.scrollWidth;
  }, [runs]);
  return (
    <div className="lotto-road">
      <div className="lotto-road__head">
        <span className="lotto-road__label">{label}</span>
        <span className="lotto-road__counts">
          {[...counts.entries()].map(([side, n]) => (
            <span key={side} className={`lotto-road__count lotto-bead--${side.toLowerCase()}`}>
              {t(`lottery.trend.side.${side}`)} {n}
            </span>
          ))}
        </span>
        {last ? (
          <span className="lotto-road__streak">
            {t('lottery.trend.streak', { side: t(`lottery.trend.side.${last.side}`), count: last.length })}
          </span>
        ) : null}
      </div>
      <div
        ref={grid}
        // Scrolls sideways when wider than its card: reachable from the keyboard.
        tabIndex={0}
        className="lotto-road__grid"
        role="img"
        aria-label={`${label}: ${series.map((s) => t(`lottery.trend.side.${s}`)).join(', ')}`}
      >
        {shown.map((run, i) => (
          <span key={i} className="lotto-road__col">
            {Array.from({ length: Math.min(run.length, ROAD_ROWS) }, (_, j) => (
              <span key={j} className={`lotto-bead lotto-bead--${run.side.toLowerCase()}`} aria-hidden="true">
                {j === ROAD_ROWS - 1 && run.length > ROAD_ROWS ? run.length : t(`lottery.trend.short.${run.side}`)}
              </span>
            ))}
          </span>
        ))}
      </div>
    </div>
  );
}
