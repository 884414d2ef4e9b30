import {
  boDashboard,
  type DashboardFigures,
  type GameFigures,
} from '@portal/contracts/backoffice/dashboard.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Grid,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { useLabels } from '../labels.ts';
import type { Messages } from '../messages/en.ts';

const DAY_MS = 86_400_000;
/** A site day `n` days before `day` (YYYY-MM-DD, calendar arithmetic only). */
const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
/** Minor units to a chart number (major units; exact enough for a chart's scale). */
const major = (minor: string) => Number(minor) / 100;

type Preset = 'today' | 'last7' | 'last30' | 'custom';

/** Today's and a range's figures, by day, by game category and by vendor, from the ledger's daily aggregates. */
export function DashboardScreen() {
  const { t, errorText } = useI18n();
  const labels = useLabels();
  const scheme = useTheme().palette.mode;
  const [preset, setPreset] = useState<Preset>('last7');
  const [custom, setCustom] = useState<{ from: string; to: string }>({ from: '', to: '' });
  // The site's today comes from the server (its time zone), so the presets are set from its answer.
  const [siteToday, setSiteToday] = useState<string | null>(null);
  const range =
    preset === 'custom'
      ? custom
      : siteToday
        ? { from: daysBefore(siteToday, preset === 'today' ? 0 : preset === 'last7' ? 6 : 29), to: siteToday }
        : { from: '', to: '' };
  const dash = useQuery({
    queryKey: ['dashboard', range.from, range.to],
    queryFn: async () => {
      const v = await call(boDashboard, { query: { from: range.from || undefined, to: range.to || undefined } });
      setSiteToday(v.today);
      return v;
    },
    placeholderData: keepPreviousData,
  });
  const v = dash.data;
  const money = (minor: string) => formatMoney(minor, v?.currency ?? 'KRW');

  return (
    <Stack spacing={3} data-testid="dashboard">
      <Stack
        direction={{ xs: 'column', lg: 'row' }}
        sx={{ gap: 2, alignItems: { lg: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h5">{t('dashboardTitle')}</Typography>
          {v && (
            <Typography variant="body2" color="text.secondary">
              {t('dashboardTimeZone', { zone: v.timeZone, currency: v.currency })}
            </Typography>
          )}
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'center' } }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={preset}
            onChange={(_, p: Preset | null) => {
              if (!p) return;
              if (p === 'custom') setCustom({ from: v?.from ?? '', to: v?.to ?? '' });
              setPreset(p);
            }}
          >
            <ToggleButton value="today">{t('today')}</ToggleButton>
            <ToggleButton value="last7">{t('last7')}</ToggleButton>
            <ToggleButton value="last30">{t('last30')}</ToggleButton>
          </ToggleButtonGroup>
          <Stack direction="row" sx={{ gap: 1 }}>
            {(['from', 'to'] as const).map((k) => (
              <TextField
                key={k}
                type="date"
                size="small"
                label={t(k)}
                value={preset === 'custom' ? custom[k] : (v?.[k] ?? '')}
                onChange={(e) => {
                  setCustom({
                    ...(preset === 'custom' ? custom : { from: v?.from ?? '', to: v?.to ?? '' }),
                    [k]: e.target.value,
                  });
                  setPreset('custom');
                }}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1, minWidth: 150, '& input': { colorScheme: scheme } }}
              />
            ))}
          </Stack>
        </Stack>
      </Stack>
      {dash.error && <Alert severity="error">{errorText(dash.error)}</Alert>}

      <FigureCards title={t('today')} figures={v?.todayFigures} money={money} testId="today-figures" />
      <FigureCards
        title={v ? t('rangeTotal', { from: v.from, to: v.to }) : ''}
        figures={v?.rangeFigures}
        money={money}
        testId="range-figures"
      />

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <ChartCard title={t('byDayMoney')}>{v && <MoneyByDay days={v.days} money={money} />}</ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <ChartCard title={t('byDayPlayers')}>{v && <PlayersByDay days={v.days} />}</ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <ChartCard title={t('byCategory')}>
            {v &&
              (v.categories.length ? (
                <GameBars rows={v.categories.map((c) => ({ ...c, name: labels.category(c.category) }))} money={money} />
              ) : (
                <NoPlay />
              ))}
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <ChartCard title={t('byVendor')}>
            {v &&
              (v.vendors.length ? (
                <GameBars rows={v.vendors.map((r) => ({ name: r.vendorName, ...r }))} money={money} />
              ) : (
                <NoPlay />
              ))}
          </ChartCard>
        </Grid>
      </Grid>

      <GameTable
        title={t('byCategory')}
        nameHeader={t('category')}
        rows={(v?.categories ?? []).map((c) => ({ ...c, id: c.category || '—', name: labels.category(c.category) }))}
        money={money}
        loading={dash.isLoading}
        testId="category-grid"
      />
      <GameTable
        title={t('byVendor')}
        nameHeader={t('vendor')}
        rows={(v?.vendors ?? []).map((r) => ({ id: r.vendorId, name: r.vendorName, ...r }))}
        money={money}
        loading={dash.isLoading}
        testId="vendor-grid"
      />
      <Typography variant="body2" color="text.secondary">
        {t('ggrHelp')}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="transfer-vendors-note">
        {t('transferVendorsExcluded')}
      </Typography>
    </Stack>
  );
}

function NoPlay() {
  const { t } = useI18n();
  return (
    <Box sx={{ height: '100%', display: 'grid', placeItems: 'center' }}>
      <Typography color="text.secondary">{t('noPlay')}</Typography>
    </Box>
  );
}

/** The KPI cards of one period. */
function FigureCards({
  title,
  figures,
  money,
  testId,
}: {
  title: string;
  figures: DashboardFigures | undefined;
  money(minor: string): string;
  testId: string;
}) {
  const { t } = useI18n();
  const cards: {
    label: keyof Messages;
    value: (f: DashboardFigures) => string;
    sub?: (f: DashboardFigures) => string;
    tone?: (f: DashboardFigures) => 'success' | 'error' | undefined;
  }[] = [
    { label: 'registrations', value: (f) => f.registrations.toLocaleString() },
    { label: 'firstDeposits', value: (f) => f.firstDeposits.toLocaleString(), sub: (f) => money(f.firstDepositAmount) },
    { label: 'activePlayers', value: (f) => f.activePlayers.toLocaleString() },
    { label: 'depositsLabel', value: (f) => money(f.deposits), sub: (f) => t('countOf', { count: f.depositCount }) },
    {
      label: 'withdrawalsLabel',
      value: (f) => money(f.withdrawals),
      sub: (f) => t('countOf', { count: f.withdrawalCount }),
    },
    { label: 'bets', value: (f) => money(f.bets), sub: (f) => `${t('validBets')} ${money(f.validBets)}` },
    {
      label: 'ggr',
      value: (f) => money(f.ggr),
      sub: (f) => `${t('payouts')} ${money(f.payouts)}`,
      tone: (f) => tone(f.ggr),
    },
    {
      label: 'rewardsPaid',
      value: (f) => money((BigInt(f.bonuses) + BigInt(f.rebates) + BigInt(f.pointsCash)).toString()),
      sub: (f) =>
        `${t('bonuses')} ${money(f.bonuses)} · ${t('rebates')} ${money(f.rebates)} · ${t('pointsCash')} ${money(f.pointsCash)}`,
    },
    {
      label: 'ngr',
      value: (f) => money(f.ngr),
      sub: (f) => `${t('ggr')} ${money(f.ggr)}`,
      tone: (f) => tone(f.ngr),
    },
  ];
  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title || <Skeleton width={160} />}
      </Typography>
      <Grid container spacing={1.5}>
        {cards.map((c) => (
          <Grid key={c.label} size={{ xs: 6, sm: 4 }}>
            <Card sx={{ height: '100%' }} data-testid={`figure-${c.label}`}>
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Typography variant="body2" color="text.secondary">
                  {t(c.label)}
                </Typography>
                <Typography
                  variant="h6"
                  data-testid="figure-value"
                  color={figures && c.tone?.(figures) === 'error' ? 'error.main' : 'text.primary'}
                  sx={{
                    fontVariantNumeric: 'tabular-nums',
                    whiteSpace: 'nowrap',
                    fontSize: { xs: '0.95rem', sm: '1.25rem' },
                  }}
                >
                  {figures ? c.value(figures) : <Skeleton width={80} />}
                </Typography>
                {c.sub && (
                  <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {figures ? c.sub(figures) : ''}
                  </Typography>
                )}
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
const tone = (minor: string) => (minor.startsWith('-') ? ('error' as const) : undefined);

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Box sx={{ height: 280 }}>{children ?? <Skeleton variant="rounded" height={280} />}</Box>
      </CardContent>
    </Card>
  );
}

/** Axis, grid and tooltip colours from the MUI theme, so the charts read in light and dark. */
function useChartStyle() {
  const theme = useTheme();
  return {
    axis: { stroke: theme.palette.text.secondary, fontSize: 12 },
    grid: theme.palette.divider,
    tooltip: {
      contentStyle: {
        background: theme.palette.background.paper,
        border: `1px solid ${theme.palette.divider}`,
        borderRadius: 8,
        color: theme.palette.text.primary,
      },
    },
    colors: {
      deposits: theme.palette.success.main,
      withdrawals: theme.palette.warning.main,
      ggr: theme.palette.primary.main,
      ngr: theme.palette.secondary.main,
      bets: theme.palette.info.main,
      registrations: theme.palette.primary.main,
      firstDeposits: theme.palette.success.main,
      active: theme.palette.secondary.main,
    },
  };
}

function MoneyByDay({ days, money }: { days: (DashboardFigures & { day: string })[]; money(minor: string): string }) {
  const { t } = useI18n();
  const s = useChartStyle();
  const data = days.map((d) => ({
    day: d.day.slice(5),
    deposits: major(d.deposits),
    withdrawals: major(d.withdrawals),
    ggr: major(d.ggr),
    ngr: major(d.ngr),
  }));
  const fmt = (n: number) => money(String(Math.round(n * 100)));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid stroke={s.grid} vertical={false} />
        <XAxis dataKey="day" tick={s.axis} stroke={s.grid} />
        <YAxis tick={s.axis} stroke={s.grid} tickFormatter={(n: number) => compact(n)} width={56} />
        <Tooltip {...s.tooltip} formatter={(n) => fmt(Number(n))} />
        <Legend />
        <Bar dataKey="deposits" name={t('depositsLabel')} fill={s.colors.deposits} radius={[4, 4, 0, 0]} />
        <Bar dataKey="withdrawals" name={t('withdrawalsLabel')} fill={s.colors.withdrawals} radius={[4, 4, 0, 0]} />
        <Line dataKey="ggr" name={t('ggr')} stroke={s.colors.ggr} strokeWidth={2} dot={false} />
        <Line dataKey="ngr" name={t('ngr')} stroke={s.colors.ngr} strokeWidth={2} dot={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

function PlayersByDay({ days }: { days: (DashboardFigures & { day: string })[] }) {
  const { t } = useI18n();
  const s = useChartStyle();
  const data = days.map((d) => ({
    day: d.day.slice(5),
    registrations: d.registrations,
    firstDeposits: d.firstDeposits,
    active: d.activePlayers,
  }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid stroke={s.grid} vertical={false} />
        <XAxis dataKey="day" tick={s.axis} stroke={s.grid} />
        <YAxis tick={s.axis} stroke={s.grid} allowDecimals={false} width={36} />
        <Tooltip {...s.tooltip} />
        <Legend />
        <Line dataKey="registrations" name={t('registrations')} stroke={s.colors.registrations} strokeWidth={2} />
        <Line dataKey="firstDeposits" name={t('firstDeposits')} stroke={s.colors.firstDeposits} strokeWidth={2} />
        <Line dataKey="active" name={t('activePlayers')} stroke={s.colors.active} strokeWidth={2} />
      </LineChart>
    </ResponsiveContainer>
  );
}

function GameBars({ rows, money }: { rows: (GameFigures & { name: string })[]; money(minor: string): string }) {
  const { t } = useI18n();
  const s = useChartStyle();
  const narrow = useMediaQuery('(max-width: 599px)');
  const data = rows.map((r) => ({ name: r.name || '—', validBets: major(r.validBets), ggr: major(r.ggr) }));
  const fmt = (n: number) => money(String(Math.round(n * 100)));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
        <CartesianGrid stroke={s.grid} vertical={false} />
        <XAxis
          dataKey="name"
          tick={s.axis}
          stroke={s.grid}
          interval={0}
          {...(narrow ? { angle: -35, textAnchor: 'end', height: 70 } : {})}
        />
        <YAxis tick={s.axis} stroke={s.grid} tickFormatter={(n: number) => compact(n)} width={56} />
        <Tooltip {...s.tooltip} formatter={(n) => fmt(Number(n))} />
        <Legend />
        <Bar dataKey="validBets" name={t('validBets')} fill={s.colors.bets} radius={[4, 4, 0, 0]} />
        <Bar dataKey="ggr" name={t('ggr')} fill={s.colors.ggr} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

const compact = (n: number) =>
  new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 }).format(n);

function GameTable({
  title,
  nameHeader,
  rows,
  money,
  loading,
  testId,
}: {
  title: string;
  nameHeader: string;
  rows: (GameFigures & { id: string; name: string })[];
  money(minor: string): string;
  loading: boolean;
  testId: string;
}) {
  const { t } = useI18n();
  const amount = {
    type: 'number' as const,
    valueFormatter: (v: string) => money(v),
    sortComparator: (a: string, b: string) => Number(BigInt(a) - BigInt(b)),
  };
  const columns: GridColDef[] = [
    { field: 'name', headerName: nameHeader, flex: 1, minWidth: 140 },
    { field: 'players', headerName: t('players'), type: 'number', width: 100 },
    { field: 'betCount', headerName: t('betCount'), type: 'number', width: 110 },
    { field: 'bets', headerName: t('bets'), width: 140, ...amount },
    { field: 'validBets', headerName: t('validBets'), width: 140, ...amount },
    { field: 'payouts', headerName: t('payouts'), width: 140, ...amount },
    {
      field: 'ggr',
      headerName: t('ggr'),
      width: 140,
      ...amount,
      renderCell: (p) => (
        <Chip
          size="small"
          variant="outlined"
          color={String(p.value).startsWith('-') ? 'error' : 'success'}
          label={money(String(p.value))}
        />
      ),
    },
  ];
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <DataGrid
        autoHeight
        rows={rows}
        columns={columns}
        loading={loading}
        showToolbar
        hideFooter={rows.length <= 25}
        initialState={{ sorting: { sortModel: [{ field: 'ggr', sort: 'desc' }] } }}
        sx={{ bgcolor: 'background.paper' }}
        data-testid={testId}
      />
    </Box>
  );
}
