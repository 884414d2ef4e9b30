import {
  riskLargeWins,
  riskNewAddressSignIns,
  riskSharedClusters,
  type SharedCluster,
  type SharedKind,
} from '@portal/contracts/backoffice/risk.contract.ts';
import { formatMoney, minorToInput, parseAmount } from '@portal/contracts/money.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { Box, Button, Chip, Stack, TextField, Typography, useMediaQuery } from '@mui/material';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useState, type FormEvent } from 'react';
import { call } from '../api.ts';
import { chipColumn } from '../components/GridCells.tsx';
import { GridTotals } from '../components/GridTotals.tsx';
import { ScreenTabs } from '../components/ScreenTabs.tsx';
import { ServerGrid } from '../components/ServerGrid.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import type { Messages } from '../messages/en.ts';
import { PlayerProfile } from './PlayerProfile.tsx';
import { SearchBar } from '../components/SearchBar.tsx';

type TabKey = SharedKind | 'WINS' | 'NEW_ADDRESS';
const TABS: { key: TabKey; label: keyof Messages }[] = [
  { key: 'BANK', label: 'tabSharedBank' },
  { key: 'IP', label: 'tabSharedIp' },
  { key: 'DEVICE', label: 'tabSharedDevice' },
  { key: 'WINS', label: 'tabLargeWins' },
  { key: 'NEW_ADDRESS', label: 'tabNewAddress' },
];
const HELP: Record<SharedKind, keyof Messages> = {
  BANK: 'sharedBankHelp',
  IP: 'sharedIpHelp',
  DEVICE: 'sharedDeviceHelp',
};

/**
 * The risk screens (issue 14, decision 028): members sharing a bank account, an address or a
 * browser, each cluster's members opening their profile; large wins; new-address sign-ins.
 */
export function RiskScreen() {
  const { t } = useI18n();
  const [tab, setTab] = useState<TabKey>('BANK');
  const [profile, setProfile] = useState<string | null>(null);
  return (
    <Stack spacing={2}>
      <Typography variant="h5">{t('riskTitle')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('riskLead')}
      </Typography>
      <ScreenTabs value={tab} onChange={setTab} tabs={TABS.map((x) => ({ value: x.key, label: t(x.label) }))} />
      {tab === 'WINS' ? (
        <LargeWins onOpen={setProfile} />
      ) : tab === 'NEW_ADDRESS' ? (
        <NewAddressSignIns onOpen={setProfile} />
      ) : (
        <SharedClusters key={tab} kind={tab} onOpen={setProfile} />
      )}
      {profile && <PlayerProfile id={profile} onClose={() => setProfile(null)} />}
    </Stack>
  );
}

function SharedClusters({ kind, onOpen }: { kind: SharedKind; onOpen(id: string): void }) {
  const { t } = useI18n();
  const [q, setQ] = useState('');
  // On a phone the members come into view first: a narrower value, no last-seen column.
  const narrow = useMediaQuery('(max-width: 599px)');
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>({});
  const columns: GridColDef<SharedCluster & { id: string }>[] = [
    { field: 'value', headerName: t('sharedValue'), flex: 1, minWidth: narrow ? 130 : 200 },
    { field: 'memberCount', headerName: t('memberCount'), width: 100, type: 'number' },
    {
      field: 'members',
      headerName: t('players'),
      flex: 2,
      minWidth: narrow ? 200 : 260,
      sortable: false,
      valueFormatter: (v: SharedCluster['members']) => v.map((m) => m.account).join(' '),
      renderCell: (p) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 1 }}>
          {p.row.members.map((m) => (
            <Chip
              key={m.id}
              size="small"
              label={m.account}
              color={m.status === 'ACTIVE' ? 'default' : 'error'}
              onClick={() => onOpen(m.id)}
              data-testid={`risk-member-${m.account}`}
            />
          ))}
        </Box>
      ),
    },
    { field: 'lastSeenAt', headerName: t('lastSeen'), width: 170, valueFormatter: (v: string) => formatTime(v) },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t(HELP[kind])}
      </Typography>
      <SearchBar label={t('sharedValue')} onSearch={setQ} />
      <ServerGrid
        queryKey={['risk', 'shared', kind, q]}
        fetch={async ({ page, pageSize }) => {
          const v = await call(riskSharedClusters, { query: { kind, q, page, pageSize } });
          return { rows: v.clusters.map((c) => ({ ...c, id: `${c.kind}:${c.value}` })), total: v.total };
        }}
        columns={columns}
        getRowHeight={() => 'auto'}
        columnVisibilityModel={narrow ? { lastSeenAt: false, memberCount: false, ...visibility } : visibility}
        onColumnVisibilityModelChange={setVisibility}
        localeText={{ noRowsLabel: t('noClusters') }}
        data-testid="risk-clusters"
      />
    </Stack>
  );
}

function DateRange({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange(range: { from: string; to: string }): void;
}) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        size="small"
        type="date"
        label={t('from')}
        value={from}
        onChange={(e) => onChange({ from: e.target.value, to })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label={t('to')}
        value={to}
        onChange={(e) => onChange({ from, to: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}

function LargeWins({ onOpen }: { onOpen(id: string): void }) {
  const { t, errorText } = useI18n();
  const [range, setRange] = useState({ from: '', to: '' });
  const [draft, setDraft] = useState(minorToInput('1000000'));
  const [minWin, setMinWin] = useState('1000000');
  const [error, setError] = useState<string | null>(null);
  const [totals, setTotals] = useState<string[]>([]);
  const parsed = parseAmount(draft);
  const columns: GridColDef[] = [
    { field: 'at', headerName: t('at'), width: 170, valueFormatter: (v: string) => formatTime(v) },
    {
      field: 'memberAccount',
      headerName: t('member'),
      width: 150,
      renderCell: (p) =>
        p.row.memberId ? (
          <Button size="small" onClick={() => onOpen(p.row.memberId)}>
            {p.value}
          </Button>
        ) : (
          p.value
        ),
    },
    { field: 'vendorName', headerName: t('vendor'), width: 120 },
    { field: 'roundId', headerName: t('round'), flex: 1, minWidth: 160 },
    {
      field: 'bet',
      headerName: t('betAmount'),
      width: 130,
      valueFormatter: (v: string, row) => formatMoney(v, row.currency),
    },
    {
      field: 'win',
      headerName: t('winAmount'),
      width: 140,
      valueFormatter: (v: string, row) => formatMoney(v, row.currency),
    },
    {
      field: 'multiple',
      headerName: t('multiple'),
      width: 100,
      sortable: false,
      valueGetter: (_: unknown, row: { bet: string; win: string }) =>
        BigInt(row.bet) > 0n ? `${(Number(row.win) / Number(row.bet)).toFixed(1)}×` : '—',
    },
  ];
  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (parsed.ok) setMinWin(parsed.minor);
        }}
      >
        <DateRange from={range.from} to={range.to} onChange={setRange} />
        <TextField
          size="small"
          label={t('winAtLeast')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          error={!parsed.ok}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Button type="submit" variant="contained" disabled={!parsed.ok}>
          {t('search')}
        </Button>
      </Stack>
      {error && <Typography color="error">{error}</Typography>}
      <ServerGrid
        queryKey={['risk', 'wins', range, minWin]}
        fetch={async ({ page, pageSize }) => {
          try {
            const v = await call(riskLargeWins, {
              query: { from: range.from || undefined, to: range.to || undefined, minWin, page, pageSize },
            });
            setError(null);
            setTotals(
              v.totals.map((x) =>
                t('totalWins', {
                  count: x.count,
                  win: formatMoney(x.win, x.currency ?? SITE_CURRENCY),
                  bet: formatMoney(x.bet, x.currency ?? SITE_CURRENCY),
                }),
              ),
            );
            return { rows: v.wins.map((w) => ({ ...w, id: `${w.vendorId}:${w.transactionId}` })), total: v.total };
          } catch (e) {
            setError(errorText(e));
            setTotals([]);
            return { rows: [], total: 0 };
          }
        }}
        columns={columns}
        data-testid="risk-wins"
      />
      <GridTotals lines={totals} testId="risk-wins-totals" />
    </Stack>
  );
}

function NewAddressSignIns({ onOpen }: { onOpen(id: string): void }) {
  const { t, errorText } = useI18n();
  const [range, setRange] = useState({ from: '', to: '' });
  const [account, setAccount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const state: Record<string, keyof Messages> = {
    VERIFIED: 'challengeVERIFIED',
    PENDING: 'challengePENDING',
    EXPIRED: 'challengeEXPIRED',
  };
  const method: Record<string, keyof Messages> = { SMS: 'methodSMS', EMAIL: 'methodEMAIL', BANK: 'methodBANK' };
  const columns: GridColDef[] = [
    { field: 'askedAt', headerName: t('askedAt'), width: 170, valueFormatter: (v: string) => formatTime(v) },
    {
      field: 'memberAccount',
      headerName: t('member'),
      width: 150,
      renderCell: (p) => (
        <Button size="small" onClick={() => onOpen(p.row.memberId)}>
          {p.value}
        </Button>
      ),
    },
    { field: 'ip', headerName: t('ip'), width: 140 },
    { field: 'method', headerName: t('challengeMethod'), width: 140, valueFormatter: (v: string) => t(method[v]!) },
    chipColumn({
      field: 'state',
      headerName: t('challengeState'),
      width: 130,
      label: (row) => t(state[row.state]!),
      color: (row) => (row.state === 'VERIFIED' ? 'success' : row.state === 'PENDING' ? 'warning' : 'default'),
    }),
    {
      field: 'verifiedAt',
      headerName: t('verifiedAt'),
      width: 170,
      valueFormatter: (v: string | null) => formatTime(v),
    },
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <DateRange from={range.from} to={range.to} onChange={setRange} />
        <SearchBar label={t('account')} onSearch={setAccount} />
      </Stack>
      {error && <Typography color="error">{error}</Typography>}
      <ServerGrid
        queryKey={['risk', 'new-address', range, account]}
        fetch={async ({ page, pageSize }) => {
          try {
            const v = await call(riskNewAddressSignIns, {
              query: { from: range.from || undefined, to: range.to || undefined, account, page, pageSize },
            });
            setError(null);
            return {
              rows: v.events.map((x, i) => ({ ...x, id: `${x.memberId}:${x.askedAt}:${page}:${i}` })),
              total: v.total,
            };
          } catch (e) {
            setError(errorText(e));
            return { rows: [], total: 0 };
          }
        }}
        columns={columns}
        data-testid="risk-new-address"
      />
    </Stack>
  );
}
