import {
  BO_FIXTURE_STATES,
  boSaveSportsSettings,
  boSettleSports,
  boSportsFixture,
  boSportsFixtures,
  boSportsSettings,
  boSuspendSports,
  boVoidSports,
  type BoSportsFixture,
  type BoSportsSettings,
} from '@portal/contracts/backoffice/sports.contract.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { formatMoney, minorToInput, parseAmount } from '@portal/contracts/money.ts';
import { marketTitle, selectionLabel } from '@portal/contracts/sports/market-labels.ts';
import { Alert, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call } from '../api.ts';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { ReasonDialog } from '../components/DecisionDialog.tsx';
import { FilterSelect } from '../components/FilterSelect.tsx';
import { RowGrid } from '../components/RowGrid.tsx';
import { SaveRow, SectionCard } from '../components/SectionCard.tsx';
import { ServerGrid } from '../components/ServerGrid.tsx';
import { ScreenTabs } from '../components/ScreenTabs.tsx';
import { SwitchField } from '../components/SwitchField.tsx';
import { textIn } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import type { Messages } from '../messages/en.ts';
import { useSession } from '../session.tsx';
import { useSportsWords } from '../sports-words.ts';

const won = (v: string | null | undefined) => (v === null || v === undefined ? '—' : formatMoney(v, SITE_CURRENCY));
/** A kick-off to the minute, as the staff member's locale writes it. */
const kickOffText = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
const scoreText = (s: { home: number; away: number } | null) => (s ? `${s.home} : ${s.away}` : '—');
const HALF = new Set(['football', 'basketball', 'baseball']);
const KEY = ['bo-sports'];

type Names = { ko: string; en: string; zh: string };
type Row = BoSportsFixture & { id: string };

/**
 * The sportsbook screen (issue 20, decision 102): the book's matches with state of play, stakes held,
 * liability and worst case; a match's markets and open tickets per selection; suspending a match or a
 * market, settling, voiding or correcting a result by hand; margins and limits.
 */
export function SportsScreen() {
  const { t } = useI18n();
  const [tab, setTab] = useState<'MATCHES' | 'SETTINGS'>('MATCHES');
  return (
    <Stack spacing={2} data-testid="sports-screen">
      <Typography variant="h5">{t('sbTitle')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('sbLead')}
      </Typography>
      <ScreenTabs
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'MATCHES', label: t('sbTabMatches') },
          { value: 'SETTINGS', label: t('sbTabSettings') },
        ]}
        variant="standard"
      />
      {tab === 'MATCHES' ? <Matches /> : <Settings />}
    </Stack>
  );
}

/** "Home v Away" in the staff member's language. */
const matchName = (f: { home: { names: Names }; away: { names: Names } }, lang: string) =>
  `${textIn(f.home.names, lang)} v ${textIn(f.away.names, lang)}`;

function PlayCell({ f }: { f: BoSportsFixture }) {
  const { t } = useI18n();
  const label = f.status === 'SETTLED' ? t('sbSettled') : t(`sbPhase_${f.phase}` as keyof Messages);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
      <Chip
        size="small"
        label={label}
        color={
          f.phase === 'LIVE' ? 'success' : f.status === 'VOID' ? 'default' : f.phase === 'ENDED' ? 'warning' : 'info'
        }
        variant={f.status === 'OPEN' ? 'filled' : 'outlined'}
      />
      {f.phase !== 'PRE' && f.status !== 'VOID' && (
        <Typography variant="body2">{scoreText(f.result?.final ?? f.score)}</Typography>
      )}
      {f.suspended && f.status === 'OPEN' && <Chip size="small" color="error" label={t('sbSuspended')} />}
    </Stack>
  );
}

function Matches() {
  const { t, lang } = useI18n();
  const [sport, setSport] = useState('');
  const [competition, setCompetition] = useState('');
  const [state, setState] = useState('');
  const [day, setDay] = useState(() => new Date().toLocaleDateString('en-CA'));
  const [withBets, setWithBets] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  // The filters' choices come with every page; the first page's are kept for the drop-downs.
  const [choices, setChoices] = useState<{
    sports: { code: string; names: Names }[];
    competitions: { code: string; sport: string; names: Names }[];
  } | null>(null);
  const from = day ? new Date(`${day}T00:00:00`) : null;
  const query = {
    ...(sport ? { sport } : {}),
    ...(competition ? { competition } : {}),
    ...(state ? { state } : {}),
    ...(from ? { from: from.toISOString(), to: new Date(from.getTime() + 86_400_000).toISOString() } : {}),
    ...(withBets ? { withBets: 'true' } : {}),
  } as Record<string, string>;
  const columns: GridColDef<Row>[] = [
    { field: 'startsAt', headerName: t('sbKickOff'), width: 150, valueFormatter: kickOffText },
    {
      field: 'match',
      headerName: t('sbMatch'),
      flex: 1,
      minWidth: 240,
      sortable: false,
      renderCell: (p) => (
        <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
          <Typography variant="body2" noWrap>
            {matchName(p.row, lang)}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap>
            {textIn(p.row.competitionNames, lang)}
          </Typography>
        </Box>
      ),
    },
    { field: 'phase', headerName: t('sbPlay'), width: 230, sortable: false, renderCell: (p) => <PlayCell f={p.row} /> },
    { field: 'tickets', headerName: t('sbTickets'), width: 100, type: 'number' },
    { field: 'stakes', headerName: t('sbStakes'), width: 130, valueFormatter: won },
    {
      field: 'liability',
      headerName: t('sbLiability'),
      width: 140,
      valueFormatter: won,
    },
    {
      field: 'exposure',
      headerName: t('sbExposure'),
      width: 170,
      renderCell: (p) => (
        <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
          <Typography variant="body2">{won(p.row.exposure)}</Typography>
          {p.row.worstScore && (
            <Typography variant="caption" color="text.secondary">
              {t('sbWorstAt', { score: scoreText(p.row.worstScore) })}
            </Typography>
          )}
        </Box>
      ),
    },
  ];
  const name = (n: Names) => textIn(n, lang) ?? '';
  return (
    <>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <FilterSelect
          label={t('sbSport')}
          value={sport}
          onValue={(v) => {
            setSport(v);
            setCompetition('');
          }}
          allLabel={t('sbAllSports')}
          options={choices?.sports.map((s) => s.code) ?? []}
          optionLabel={(c) => name(choices!.sports.find((s) => s.code === c)!.names)}
          minWidth={180}
        />
        <FilterSelect
          label={t('sbCompetition')}
          value={competition}
          onValue={setCompetition}
          allLabel={t('sbAllCompetitions')}
          options={choices?.competitions.filter((c) => !sport || c.sport === sport).map((c) => c.code) ?? []}
          optionLabel={(c) => name(choices!.competitions.find((x) => x.code === c)!.names)}
          minWidth={200}
        />
        <FilterSelect
          label={t('sbState')}
          value={state}
          onValue={setState}
          allLabel={t('sbAllStates')}
          options={BO_FIXTURE_STATES}
          optionLabel={(s) => t(`sbState_${s}` as keyof Messages)}
          minWidth={200}
        />
        <TextField
          type="date"
          size="small"
          label={t('sbDate')}
          value={day}
          onChange={(e) => setDay(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <SwitchField label={t('sbWithBets')} checked={withBets} onChange={setWithBets} />
      </Stack>
      <Box data-testid="sports-fixtures">
        <ServerGrid<Row>
          queryKey={[...KEY, 'fixtures', query]}
          fetch={async ({ page, pageSize }) => {
            const v = await call(boSportsFixtures, { query: { ...query, page, pageSize } as never });
            setChoices((c) => c ?? { sports: v.sports, competitions: v.competitions });
            return { rows: v.fixtures.map((f) => ({ ...f, id: f.id })), total: v.total };
          }}
          columns={columns}
          getRowHeight={() => 'auto'}
          disableRowSelectionOnClick
          onRowClick={(p) => setOpen(p.row.id)}
          localeText={{ noRowsLabel: t('nothingYet') }}
          sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' }, '& .MuiDataGrid-cell': { py: 0.5 } }}
        />
      </Box>
      {open && <FixtureDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}

type Pending =
  | { kind: 'suspend'; marketId?: string; suspended: boolean; name: string }
  | { kind: 'void' }
  | { kind: 'result' }
  | null;

function FixtureDialog({ id, onClose }: { id: string; onClose(): void }) {
  const { t, lang } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const words = useSportsWords(lang);
  const [pending, setPending] = useState<Pending>(null);
  const [done, setDone] = useState<number | null>(null);
  const detail = useQuery({
    queryKey: [...KEY, 'fixture', id],
    queryFn: () => call(boSportsFixture, { query: { id } }),
    refetchInterval: 5_000,
  });
  const refresh = () => qc.invalidateQueries({ queryKey: KEY });
  const suspend = useMutation({
    mutationFn: (body: { fixtureId: string; marketId?: string; suspended: boolean; reason: string }) =>
      call(boSuspendSports, { body }),
    onSuccess: () => {
      setPending(null);
      void refresh();
    },
  });
  const voiding = useMutation({
    mutationFn: (body: { fixtureId: string; revision: number; reason: string }) => call(boVoidSports, { body }),
    onSuccess: (v) => {
      setPending(null);
      setDone(v.tickets);
      void refresh();
    },
  });
  const d = detail.data;
  const f = d?.fixture;
  const name = f ? matchName(f, lang) : id;
  const home = f ? (textIn(f.home.names, lang) ?? '') : '';
  const away = f ? (textIn(f.away.names, lang) ?? '') : '';
  const started = f ? Date.parse(f.startsAt) <= Date.now() || f.phase !== 'PRE' : false;
  return (
    <ActionDialog
      title={name}
      onClose={onClose}
      closeLabel={t('sbClose')}
      maxWidth="md"
      fullScreenBelow="sm"
      scroll="paper"
      error={detail.error}
    >
      {f && d && (
        <Stack spacing={2} data-testid="sports-fixture">
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {textIn(f.competitionNames, lang)} · {kickOffText(f.startsAt)}
            </Typography>
            <PlayCell f={f} />
          </Stack>
          {done !== null && (
            <Alert severity="success" onClose={() => setDone(null)}>
              {t('sbDone', { count: done })}
            </Alert>
          )}
          {f.result && (
            <Alert severity="info" data-testid="sports-result">
              {t('sbResult')}: {scoreText(f.result.final)}
              {f.result.half ? ` (${scoreText(f.result.half)})` : ''}
              {f.resultBy ? ` — ${t('sbResultBy', { by: f.resultBy, reason: f.resultReason ?? '' })}` : ''}
            </Alert>
          )}
          {f.margin !== null && (
            <Typography variant="body2">
              {t('sbMatchMargin', { margin: `${(f.margin * 100).toFixed(2)} %` })}
            </Typography>
          )}
          <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Figure label={t('sbTickets')} value={String(f.tickets)} />
            <Figure label={t('sbStakes')} value={won(f.stakes)} />
            <Figure label={t('sbLiability')} value={won(f.liability)} />
            <Figure
              label={t('sbExposure')}
              value={won(f.exposure)}
              note={f.worstScore ? t('sbWorstAt', { score: scoreText(f.worstScore) }) : undefined}
              testId="sports-exposure"
            />
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {can('sports.suspend') && f.status === 'OPEN' && (
              <Button
                variant="outlined"
                color={f.operatorSuspended ? 'primary' : 'warning'}
                onClick={() => setPending({ kind: 'suspend', suspended: !f.operatorSuspended, name })}
                data-testid="sports-suspend-match"
              >
                {f.operatorSuspended ? t('sbResumeMatch') : t('sbSuspendMatch')}
              </Button>
            )}
            {can('sports.settle') && (f.status !== 'OPEN' || started) && (
              <Button variant="outlined" onClick={() => setPending({ kind: 'result' })} data-testid="sports-settle">
                {f.status === 'OPEN' ? t('sbSettle') : t('sbCorrect')}
              </Button>
            )}
            {can('sports.settle') && f.status !== 'VOID' && (
              <Button
                variant="outlined"
                color="error"
                onClick={() => setPending({ kind: 'void' })}
                data-testid="sports-void"
              >
                {t('sbVoid')}
              </Button>
            )}
          </Stack>
          <Typography variant="subtitle1">{t('sbSelections')}</Typography>
          {d.selections.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('sbNoTickets')}
            </Typography>
          ) : (
            <RowGrid
              density="compact"
              hideFooter
              columns={[
                {
                  field: 'marketId',
                  headerName: t('sbMarket'),
                  flex: 1,
                  minWidth: 160,
                  valueFormatter: (v: string) => marketTitle(words, f.sport, v),
                },
                {
                  field: 'selection',
                  headerName: t('sbSelection'),
                  flex: 1,
                  minWidth: 140,
                  valueGetter: (_: unknown, r: { marketId: string; selection: string }) =>
                    selectionLabel(words, r.marketId, r.selection, home, away),
                },
                { field: 'tickets', headerName: t('sbTickets'), width: 100, type: 'number' },
                { field: 'stake', headerName: t('sbStakes'), width: 120, valueFormatter: won },
                { field: 'potential', headerName: t('sbPotential'), width: 140, valueFormatter: won },
              ]}
              rows={d.selections.map((s) => ({ ...s, id: `${s.marketId}/${s.selection}` }))}
            />
          )}
          {f.status === 'OPEN' && <Typography variant="subtitle1">{t('sbMarkets')}</Typography>}
          <Stack spacing={1} data-testid="sports-markets" sx={{ display: f.status === 'OPEN' ? undefined : 'none' }}>
            {d.markets.map((m) => (
              <Stack
                key={m.id}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                data-testid={`sports-market-${m.id}`}
                sx={{
                  p: 1,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  alignItems: { sm: 'center' },
                  opacity: m.suspended ? 0.7 : 1,
                }}
              >
                <Typography variant="body2" sx={{ minWidth: 200, fontWeight: 600 }}>
                  {marketTitle(words, f.sport, m.id)}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flex: 1 }}>
                  {m.selections.map((s) => (
                    <Chip
                      key={s.selection}
                      size="small"
                      variant="outlined"
                      label={`${selectionLabel(words, m.id, s.selection, home, away)} ${
                        s.oddsBp === null ? '—' : (s.oddsBp / 10_000).toFixed(2)
                      }`}
                    />
                  ))}
                </Stack>
                {m.suspended && <Chip size="small" color="error" label={t('sbSuspended')} />}
                {can('sports.suspend') && f.status === 'OPEN' && (
                  <Button
                    size="small"
                    onClick={() =>
                      setPending({
                        kind: 'suspend',
                        marketId: m.id,
                        suspended: !m.operatorSuspended,
                        name: marketTitle(words, f.sport, m.id),
                      })
                    }
                  >
                    {m.operatorSuspended ? t('sbResumeMarket') : t('sbSuspendMarket')}
                  </Button>
                )}
              </Stack>
            ))}
          </Stack>
        </Stack>
      )}
      {f && pending?.kind === 'suspend' && (
        <ReasonDialog
          title={t(pending.suspended ? 'sbSuspendTitle' : 'sbResumeTitle', { name: pending.name })}
          lead={<Typography variant="body2">{t(pending.suspended ? 'sbSuspendHelp' : 'sbResumeHelp')}</Typography>}
          label={t('sbReason')}
          confirmLabel={pending.suspended ? t('sbSuspendMarket') : t('sbResumeMarket')}
          pending={suspend.isPending}
          error={suspend.error}
          onClose={() => setPending(null)}
          onConfirm={(reason) =>
            suspend.mutate({
              fixtureId: f.id,
              ...(pending.marketId ? { marketId: pending.marketId } : {}),
              suspended: pending.suspended,
              reason,
            })
          }
          testId="sports-suspend"
        />
      )}
      {f && pending?.kind === 'void' && (
        <ReasonDialog
          title={t('sbVoidTitle', { name })}
          lead={<Typography variant="body2">{t('sbVoidHelp')}</Typography>}
          label={t('sbReason')}
          confirmLabel={t('sbVoid')}
          pending={voiding.isPending}
          error={voiding.error}
          onClose={() => setPending(null)}
          onConfirm={(reason) => voiding.mutate({ fixtureId: f.id, revision: f.revision, reason })}
          testId="sports-void"
        />
      )}
      {f && pending?.kind === 'result' && (
        <ResultDialog
          fixture={f}
          name={name}
          home={home}
          away={away}
          onClose={() => setPending(null)}
          onDone={(n) => {
            setPending(null);
            setDone(n);
            void refresh();
          }}
        />
      )}
    </ActionDialog>
  );
}

function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: string | undefined;
  testId?: string;
}) {
  return (
    <Box data-testid={testId}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6">{value}</Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Box>
  );
}

/** Two whole-number fields for a score, the sides named. */
function ScoreFields({
  label,
  value,
  onChange,
  home,
  away,
  testId,
}: {
  label: string;
  value: { home: string; away: string };
  onChange(v: { home: string; away: string }): void;
  home: string;
  away: string;
  testId: string;
}) {
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        {label}
      </Typography>
      <Stack direction="row" spacing={2}>
        {(['home', 'away'] as const).map((side) => (
          <TextField
            key={side}
            size="small"
            label={side === 'home' ? home : away}
            value={value[side]}
            onChange={(e) => onChange({ ...value, [side]: e.target.value.replace(/[^0-9]/g, '') })}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3, 'data-testid': `${testId}-${side}` } }}
            fullWidth
          />
        ))}
      </Stack>
    </Box>
  );
}

function ResultDialog({
  fixture: f,
  name,
  home,
  away,
  onClose,
  onDone,
}: {
  fixture: BoSportsFixture;
  name: string;
  home: string;
  away: string;
  onClose(): void;
  onDone(tickets: number): void;
}) {
  const { t } = useI18n();
  const seed = f.result ?? { final: f.score, half: null };
  const asText = (s: { home: number; away: number } | null) =>
    s ? { home: String(s.home), away: String(s.away) } : { home: '', away: '' };
  const [final, setFinal] = useState(asText(seed.final));
  const [half, setHalf] = useState(asText(seed.half));
  const [reason, setReason] = useState('');
  const hasHalf = HALF.has(f.sport);
  const save = useMutation({
    mutationFn: () =>
      call(boSettleSports, {
        body: {
          fixtureId: f.id,
          revision: f.revision,
          final: { home: Number(final.home), away: Number(final.away) },
          half: hasHalf ? { home: Number(half.home), away: Number(half.away) } : null,
          reason,
        },
      }),
    onSuccess: (v) => onDone(v.tickets),
  });
  const complete =
    final.home !== '' &&
    final.away !== '' &&
    (!hasHalf || (half.home !== '' && half.away !== '')) &&
    reason.trim().length >= 3;
  return (
    <ActionDialog
      title={t('sbSettleTitle', { name })}
      onClose={onClose}
      onConfirm={() => save.mutate()}
      confirmLabel={f.status === 'OPEN' ? t('sbSettle') : t('sbCorrect')}
      confirmDisabled={save.isPending || !complete}
      confirmTestId="sports-result-confirm"
      error={save.error}
      form
      maxWidth="sm"
      fullScreenBelow="sm"
    >
      <Typography variant="body2">{t('sbSettleHelp')}</Typography>
      <ScoreFields
        label={t('sbFinal')}
        value={final}
        onChange={setFinal}
        home={home}
        away={away}
        testId="sports-final"
      />
      {hasHalf && (
        <ScoreFields
          label={f.sport === 'baseball' ? t('sbFirstFive') : t('sbHalf')}
          value={half}
          onChange={setHalf}
          home={home}
          away={away}
          testId="sports-half"
        />
      )}
      <TextField
        label={t('sbReason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        size="small"
        slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'sports-result-reason' } }}
      />
    </ActionDialog>
  );
}

/** A margin shown in per cent ("5"), and read back as a share (0.05), or null when it is not a number. */
const pct = (m: number | undefined) => (m === undefined ? '' : String(Math.round(m * 10_000) / 100));
const share = (text: string): number | null => {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? Math.round(n * 100) / 10_000 : null;
};

function Settings() {
  const { errorText } = useI18n();
  const { can } = useSession();
  const settings = useQuery({ queryKey: [...KEY, 'settings'], queryFn: () => call(boSportsSettings) });
  const names = useQuery({
    queryKey: [...KEY, 'sports'],
    queryFn: () => call(boSportsFixtures, { query: { page: 0, pageSize: 1 } as never }),
  });
  if (settings.error) return <Alert severity="error">{errorText(settings.error)}</Alert>;
  if (!settings.data || !names.data) return null;
  return <SettingsForm current={settings.data} sports={names.data.sports} manage={can('sports.settings')} />;
}

function SettingsForm({
  current,
  sports,
  manage,
}: {
  current: BoSportsSettings;
  sports: { code: string; names: Names }[];
  manage: boolean;
}) {
  const { t, lang, errorText } = useI18n();
  const qc = useQueryClient();
  const [margin, setMargin] = useState(pct(current.margin));
  const [perSport, setPerSport] = useState<Record<string, string>>(() =>
    Object.fromEntries(sports.map((s) => [s.code, pct((current.sportMargins as Record<string, number>)[s.code])])),
  );
  const [amounts, setAmounts] = useState({
    minStake: minorToInput(current.minStake),
    maxStake: minorToInput(current.maxStake),
    maxPayout: minorToInput(current.maxPayout),
    maxMatchPayout: minorToInput(current.maxMatchPayout),
  });
  const [delay, setDelay] = useState(String(current.inplayDelayMs / 1000));
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: BoSportsSettings & { reason: string }) => call(boSaveSportsSettings, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...KEY, 'settings'] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const m = share(margin);
    const sportMargins: Record<string, number> = {};
    for (const [code, text] of Object.entries(perSport)) {
      const v = share(text);
      if (text.trim() !== '' && v === null) return setLocal(code);
      if (v !== null) sportMargins[code] = v;
    }
    const parsed = Object.fromEntries(Object.entries(amounts).map(([k, v]) => [k, parseAmount(v)]));
    const bad = Object.entries(parsed).find(([, v]) => !v.ok);
    const seconds = Number(delay);
    if (m === null) return setLocal('margin');
    if (bad) return setLocal(bad[0]);
    if (!Number.isFinite(seconds) || delay.trim() === '') return setLocal('inplayDelayMs');
    setLocal(null);
    const minor = (k: string) => (parsed[k] as { ok: true; minor: string }).minor;
    save.mutate({
      margin: m,
      sportMargins,
      minStake: minor('minStake'),
      maxStake: minor('maxStake'),
      maxPayout: minor('maxPayout'),
      maxMatchPayout: minor('maxMatchPayout'),
      inplayDelayMs: Math.round(seconds * 1000),
      reason,
    });
  };
  const serverField = (save.error as { field?: string } | null)?.field;
  const invalid = (key: string) =>
    local === key || serverField === `body.${key}` || serverField === `body.sportMargins.${key}`;
  const helper = (key: string, fallback?: string) =>
    local === key ? t('sbNumberInvalid') : invalid(key) ? errorText(save.error) : fallback;
  const field = (key: string, label: string, value: string, onChange: (v: string) => void, fallback?: string) => (
    <TextField
      key={key}
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={invalid(key)}
      helperText={helper(key, fallback)}
      disabled={!manage}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `sports-setting-${key}` } }}
      sx={{ minWidth: 200, flex: '1 1 200px' }}
    />
  );
  return (
    <Stack component="form" spacing={3} onSubmit={submit} noValidate data-testid="sports-settings">
      <SectionCard title={t('sbMarginsTitle')} lead={t('sbMarginsLead')} testId="sports-margins">
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {field('margin', t('sbBookMargin'), margin, setMargin)}
          {sports.map((s) =>
            field(
              s.code,
              `${textIn(s.names, lang)} (%)`,
              perSport[s.code] ?? '',
              (v) => setPerSport((p) => ({ ...p, [s.code]: v })),
              t('sbSportMarginHelp'),
            ),
          )}
        </Stack>
      </SectionCard>
      <SectionCard title={t('sbLimitsTitle')} lead={t('sbLimitsLead')} testId="sports-limits">
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {(['minStake', 'maxStake', 'maxPayout', 'maxMatchPayout'] as const).map((k) =>
            field(
              k,
              `${t(`sb${k[0]!.toUpperCase()}${k.slice(1)}` as keyof Messages)} (${SITE_CURRENCY})`,
              amounts[k],
              (v) => setAmounts((a) => ({ ...a, [k]: v })),
            ),
          )}
          {field('inplayDelayMs', t('sbDelay'), delay, setDelay)}
        </Stack>
      </SectionCard>
      {manage && (
        <TextField
          size="small"
          label={t('sbReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 300, 'data-testid': 'sports-settings-reason' } }}
          sx={{ maxWidth: 480 }}
        />
      )}
      <SaveRow
        manage={manage}
        pending={save.isPending}
        saved={save.isSuccess}
        error={save.error && !serverField ? <Alert severity="error">{errorText(save.error)}</Alert> : null}
      />
    </Stack>
  );
}
