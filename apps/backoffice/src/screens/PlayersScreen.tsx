import {
  createAdjustment,
  decideAdjustment,
  forcePlayerPasswordChange,
  listAdjustments,
  playerProfile,
  searchPlayers,
  setPlayerStatus,
} from '@portal/contracts/backoffice/players.contract.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call } from '../api.ts';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useSession } from '../session.tsx';

/** Player search (server-side paging), a player's profile with its tools, and the adjustments waiting. */
export function PlayersScreen() {
  const { t } = useI18n();
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const players = useQuery({
    queryKey: ['players', paging, q],
    queryFn: () => call(searchPlayers, { query: { ...paging, q } }),
    placeholderData: keepPreviousData,
  });
  const columns: GridColDef[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'account', headerName: t('account'), width: 150 },
    {
      field: 'status',
      headerName: t('status'),
      width: 110,
      renderCell: (p) => <Chip size="small" label={p.value} color={p.value === 'ACTIVE' ? 'success' : 'error'} />,
    },
    { field: 'mobile', headerName: t('mobile'), width: 150 },
    { field: 'email', headerName: t('email'), flex: 1, minWidth: 180 },
    {
      field: 'lastLoginAt',
      headerName: t('lastLogin'),
      width: 180,
      valueFormatter: (v: string | null) => formatTime(v),
    },
    { field: 'lastLoginIp', headerName: t('ip'), width: 130 },
  ];
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPaging({ ...paging, page: 0 });
    setQ(draft.trim());
  };
  return (
    <Stack spacing={2}>
      <Typography variant="h5">{t('playersTitle')}</Typography>
      <Stack component="form" onSubmit={search} direction="row" spacing={1}>
        <TextField
          size="small"
          label={t('playersSearch')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          sx={{ flex: 1, maxWidth: 420 }}
        />
        <Button type="submit" variant="contained">
          {t('search')}
        </Button>
      </Stack>
      <DataGrid
        autoHeight
        rows={players.data?.players ?? []}
        rowCount={players.data?.total ?? 0}
        columns={columns}
        loading={players.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[25, 50, 100]}
        showToolbar
        onRowClick={(p) => setOpen(String(p.id))}
        sx={{ bgcolor: 'background.paper', cursor: 'pointer' }}
      />
      <Adjustments />
      {open && <Profile id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}

function Profile({ id, onClose }: { id: string; onClose(): void }) {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const profile = useQuery({ queryKey: ['player', id], queryFn: () => call(playerProfile, { query: { id } }) });
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const refresh = () =>
    qc.invalidateQueries({ predicate: (q) => ['player', 'players', 'adjustments'].includes(String(q.queryKey[0])) });
  const act = useMutation({
    mutationFn: async (what: 'lock' | 'unlock' | 'force' | 'adjust') => {
      if (what === 'force') return void (await call(forcePlayerPasswordChange, { body: { id } }));
      if (what === 'adjust')
        return void (await call(createAdjustment, { body: { memberId: id, amount: amount.trim(), reason } }));
      await call(setPlayerStatus, { body: { id, status: what === 'lock' ? 'DISABLED' : 'ACTIVE' } });
    },
    onSuccess: async (_v, what) => {
      if (what === 'adjust') {
        setAmount('');
        setReason('');
      }
      await refresh();
    },
  });
  const data = profile.data;
  const p = data?.player;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {t('profile')} · {p?.account}
      </DialogTitle>
      <DialogContent dividers>
        {p && data && (
          <Stack spacing={2} data-testid="player-profile">
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Chip label={p.status} color={p.status === 'ACTIVE' ? 'success' : 'error'} data-testid="player-status" />
              {p.passwordChangeForced && <Chip label={t('passwordChangeForced')} color="warning" />}
              <Typography variant="body2" color="text.secondary">
                {p.email ?? '—'} · {p.mobile ?? '—'} · {t('created')} {formatTime(p.createdAt)}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1}>
              {can('players.lock') &&
                (p.status === 'ACTIVE' ? (
                  <Button color="error" variant="outlined" onClick={() => act.mutate('lock')}>
                    {t('lock')}
                  </Button>
                ) : (
                  <Button variant="outlined" onClick={() => act.mutate('unlock')}>
                    {t('unlock')}
                  </Button>
                ))}
              {can('players.forcePassword') && (
                <Button variant="outlined" onClick={() => act.mutate('force')}>
                  {t('forcePasswordChange')}
                </Button>
              )}
            </Stack>
            {act.error && <Alert severity="error">{errorText(act.error)}</Alert>}
            <Divider />
            <Typography variant="subtitle1">{t('wallets')}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {data.wallets.map((w) => (
                <Chip
                  key={`${w.kind}${w.vendorId ?? ''}`}
                  variant="outlined"
                  label={`${w.kind}${w.vendorId ? ` · ${w.vendorId}` : ''}: ${formatMoney(w.balance, w.currency)}`}
                  data-testid={`wallet-${w.kind}`}
                />
              ))}
            </Stack>
            {can('players.adjust') && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  size="small"
                  label={t('amount')}
                  helperText={t('amountHelp', { currency: `${SITE_CURRENCY}, minor units` })}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
                <TextField
                  size="small"
                  label={t('reason')}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  sx={{ flex: 1 }}
                />
                <Button
                  variant="contained"
                  onClick={() => act.mutate('adjust')}
                  disabled={act.isPending}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {t('adjustBalance')}
                </Button>
              </Stack>
            )}
            <Typography variant="subtitle1">{t('sessions')}</Typography>
            <DataGrid
              autoHeight
              density="compact"
              rows={data.sessions}
              columns={[
                { field: 'createdAt', headerName: t('at'), width: 170, valueFormatter: (v: string) => formatTime(v) },
                { field: 'ip', headerName: t('ip'), width: 130 },
                { field: 'live', headerName: t('status'), width: 90, type: 'boolean' },
                { field: 'userAgent', headerName: t('device'), flex: 1, minWidth: 200 },
              ]}
              hideFooter
            />
            <Typography variant="subtitle1">{t('transactions')}</Typography>
            <DataGrid
              autoHeight
              density="compact"
              rows={data.transactions}
              columns={[
                { field: 'createdAt', headerName: t('at'), width: 170, valueFormatter: (v: string) => formatTime(v) },
                { field: 'kind', headerName: t('kind'), width: 160 },
                {
                  field: 'amount',
                  headerName: t('amount'),
                  width: 160,
                  valueGetter: (v: string, row) =>
                    `${row.direction === 'IN' ? '+' : '−'}${formatMoney(v, SITE_CURRENCY)}`,
                },
              ]}
              hideFooter
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function Adjustments() {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['adjustments'], queryFn: () => call(listAdjustments) });
  const decide = useMutation({
    mutationFn: (v: { id: string; decision: 'APPLIED' | 'REJECTED' }) => call(decideAdjustment, { body: v }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['adjustments'] }),
  });
  const label = { PENDING: t('pendingApproval'), APPLIED: t('applied'), REJECTED: t('rejected') };
  return (
    <Card data-testid="adjustments">
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {t('adjustmentsTitle')}
        </Typography>
        {decide.error && <Alert severity="error">{errorText(decide.error)}</Alert>}
        <DataGrid
          autoHeight
          rows={list.data?.adjustments ?? []}
          loading={list.isLoading}
          showToolbar
          columns={[
            { field: 'memberAccount', headerName: t('member'), width: 140 },
            {
              field: 'amount',
              headerName: t('amount'),
              width: 140,
              valueFormatter: (v: string, row) => formatMoney(v, row.currency),
            },
            { field: 'reason', headerName: t('reason'), flex: 1, minWidth: 160 },
            {
              field: 'status',
              headerName: t('status'),
              width: 190,
              renderCell: (p) => (
                <Chip
                  size="small"
                  label={label[p.value as keyof typeof label]}
                  color={p.value === 'PENDING' ? 'warning' : 'default'}
                />
              ),
            },
            { field: 'createdBy', headerName: t('createdBy'), width: 120 },
            { field: 'decidedBy', headerName: t('decidedBy'), width: 120 },
            {
              field: 'actions',
              headerName: '',
              width: 190,
              sortable: false,
              disableExport: true,
              renderCell: (p) =>
                p.row.status === 'PENDING' &&
                can('players.approveAdjustment') && (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
                    <Button
                      size="small"
                      variant="contained"
                      color="success"
                      onClick={() => decide.mutate({ id: p.row.id, decision: 'APPLIED' })}
                    >
                      {t('approve')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => decide.mutate({ id: p.row.id, decision: 'REJECTED' })}
                    >
                      {t('reject')}
                    </Button>
                  </Stack>
                ),
            },
          ]}
          sx={{ border: 0 }}
        />
      </CardContent>
    </Card>
  );
}
