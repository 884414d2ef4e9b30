import {
  boListGames,
  boListVendors,
  boLookUpRound,
  boRotateVendorSecret,
  boSetGame,
  boSetVendor,
  type BoGame,
  type BoVendor,
} from '@portal/contracts/backoffice/games.contract.ts';
import type { GameCategory } from '@portal/contracts/limits.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import {
  Alert,
  Autocomplete,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call } from '../api.ts';
import { ServerGrid } from '../components/ServerGrid.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useSession } from '../session.tsx';

type VendorChange = {
  vendorId: string;
  enabled?: boolean;
  maintenance?: boolean;
  sort?: number;
  categories?: GameCategory[];
};
type GameChange = {
  nodeId: string;
  enabled?: boolean;
  maintenance?: boolean;
  sort?: number;
  isHot?: boolean;
  hotSort?: number;
};

/** A number cell saved when it loses focus or on Enter, when it changed. */
function OrderField({
  value,
  disabled,
  onSave,
  label,
}: {
  value: number;
  disabled: boolean;
  onSave(n: number): void;
  label: string;
}) {
  const [draft, setDraft] = useState(String(value));
  const save = () => {
    const n = Number(draft);
    if (Number.isInteger(n) && n >= 0 && n !== value) onSave(n);
    else setDraft(String(value));
  };
  return (
    <TextField
      size="small"
      type="number"
      value={draft}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => e.key === 'Enter' && save()}
      slotProps={{ htmlInput: { min: 0, 'aria-label': label, style: { padding: '4px 8px' } } }}
      sx={{ width: 80 }}
    />
  );
}

/** Vendors and games (on or off, maintenance, order, hot, lobby categories), vendor secrets, round look-up. */
export function GamesScreen() {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const manage = can('games.manage');
  const qc = useQueryClient();
  const vendors = useQuery({ queryKey: ['bo-vendors'], queryFn: () => call(boListVendors) });
  const [vendorId, setVendorId] = useState('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [secret, setSecret] = useState<{ vendorId: string; secret: string } | null>(null);
  const [rotating, setRotating] = useState<string | null>(null);
  const refresh = () =>
    qc.invalidateQueries({ predicate: (x) => ['bo-vendors', 'bo-games'].includes(String(x.queryKey[0])) });
  const setVendor = useMutation({
    mutationFn: (body: VendorChange) => call(boSetVendor, { body }),
    onSettled: refresh,
  });
  const setGame = useMutation({
    mutationFn: (body: GameChange) => call(boSetGame, { body }),
    onSettled: refresh,
  });
  const rotate = useMutation({
    mutationFn: (id: string) => call(boRotateVendorSecret, { body: { vendorId: id } }),
    onSuccess: (v) => {
      setRotating(null);
      setSecret(v);
    },
  });
  const error = setVendor.error ?? setGame.error ?? rotate.error;
  const categories = vendors.data?.categories ?? [];

  const vendorColumns: GridColDef<BoVendor>[] = [
    { field: 'id', headerName: 'ID', width: 100 },
    { field: 'name', headerName: t('name'), width: 150 },
    { field: 'mode', headerName: t('mode'), width: 100 },
    { field: 'games', headerName: t('games'), width: 80, type: 'number' },
    {
      field: 'enabled',
      headerName: t('enabled'),
      width: 80,
      renderCell: (p) => (
        <Switch
          checked={p.row.enabled}
          disabled={!manage}
          slotProps={{ input: { 'aria-label': `${t('enabled')} ${p.row.id}` } }}
          onChange={(e) => setVendor.mutate({ vendorId: p.row.id, enabled: e.target.checked })}
        />
      ),
    },
    {
      field: 'status',
      headerName: t('maintenance'),
      width: 110,
      renderCell: (p) =>
        p.row.status === 'COMING' ? (
          <Chip size="small" label="COMING" />
        ) : (
          <Switch
            checked={p.row.status === 'MAINTENANCE'}
            disabled={!manage}
            color="warning"
            slotProps={{ input: { 'aria-label': `${t('maintenance')} ${p.row.id}` } }}
            onChange={(e) => setVendor.mutate({ vendorId: p.row.id, maintenance: e.target.checked })}
          />
        ),
    },
    {
      field: 'sort',
      headerName: t('order'),
      width: 100,
      renderCell: (p) => (
        <OrderField
          key={p.row.sort}
          value={p.row.sort}
          disabled={!manage}
          label={`${t('order')} ${p.row.id}`}
          onSave={(sort) => setVendor.mutate({ vendorId: p.row.id, sort })}
        />
      ),
    },
    {
      field: 'categories',
      headerName: t('categories'),
      flex: 1,
      minWidth: 260,
      renderCell: (p) => (
        <Autocomplete
          multiple
          size="small"
          disableClearable
          disabled={!manage}
          options={categories}
          value={p.row.categories}
          onChange={(_e, next) => setVendor.mutate({ vendorId: p.row.id, categories: next as GameCategory[] })}
          renderInput={(params) => <TextField {...params} variant="standard" aria-label={t('categories')} />}
          sx={{ width: '100%' }}
        />
      ),
    },
    ...(can('games.secret')
      ? [
          {
            field: 'rotate',
            headerName: '',
            width: 150,
            sortable: false,
            disableExport: true,
            renderCell: (p) => (
              <Button size="small" onClick={() => setRotating(p.row.id)}>
                {t('rotateSecret')}
              </Button>
            ),
          } satisfies GridColDef<BoVendor>,
        ]
      : []),
  ];

  const gameColumns: GridColDef<BoGame>[] = [
    { field: 'nodeId', headerName: 'ID', width: 80 },
    { field: 'vendorId', headerName: t('vendor'), width: 100 },
    { field: 'gameCode', headerName: t('gameCode'), width: 160 },
    { field: 'name', headerName: t('name'), flex: 1, minWidth: 160 },
    { field: 'gameType', headerName: t('kind'), width: 80 },
    {
      field: 'enabled',
      headerName: t('enabled'),
      width: 80,
      renderCell: (p) => (
        <Switch
          checked={p.row.enabled}
          disabled={!manage}
          slotProps={{ input: { 'aria-label': `${t('enabled')} ${p.row.gameCode}` } }}
          onChange={(e) => setGame.mutate({ nodeId: p.row.nodeId, enabled: e.target.checked })}
        />
      ),
    },
    {
      field: 'status',
      headerName: t('maintenance'),
      width: 110,
      renderCell: (p) =>
        p.row.status === 'HIDDEN' ? (
          <Chip size="small" label="HIDDEN" />
        ) : (
          <Switch
            checked={p.row.status === 'MAINTENANCE'}
            disabled={!manage}
            color="warning"
            slotProps={{ input: { 'aria-label': `${t('maintenance')} ${p.row.gameCode}` } }}
            onChange={(e) => setGame.mutate({ nodeId: p.row.nodeId, maintenance: e.target.checked })}
          />
        ),
    },
    {
      field: 'isHot',
      headerName: t('hot'),
      width: 80,
      renderCell: (p) => (
        <Switch
          checked={p.row.isHot}
          disabled={!manage}
          color="secondary"
          slotProps={{ input: { 'aria-label': `${t('hot')} ${p.row.gameCode}` } }}
          onChange={(e) => setGame.mutate({ nodeId: p.row.nodeId, isHot: e.target.checked })}
        />
      ),
    },
    {
      field: 'sort',
      headerName: t('order'),
      width: 100,
      renderCell: (p) => (
        <OrderField
          key={p.row.sort}
          value={p.row.sort}
          disabled={!manage}
          label={`${t('order')} ${p.row.gameCode}`}
          onSave={(sort) => setGame.mutate({ nodeId: p.row.nodeId, sort })}
        />
      ),
    },
    {
      field: 'hotSort',
      headerName: t('hotOrder'),
      width: 100,
      renderCell: (p) => (
        <OrderField
          key={p.row.hotSort}
          value={p.row.hotSort}
          disabled={!manage}
          label={`${t('hotOrder')} ${p.row.gameCode}`}
          onSave={(hotSort) => setGame.mutate({ nodeId: p.row.nodeId, hotSort })}
        />
      ),
    },
  ];

  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(draft.trim());
  };
  return (
    <Stack spacing={3}>
      <Typography variant="h5">{t('gamesTitle')}</Typography>
      {error && <Alert severity="error">{errorText(error)}</Alert>}
      <Card data-testid="vendors">
        <CardContent>
          <Typography variant="h6" gutterBottom>
            {t('vendors')}
          </Typography>
          <DataGrid
            autoHeight
            rows={vendors.data?.vendors ?? []}
            loading={vendors.isLoading}
            columns={vendorColumns}
            rowHeight={56}
            hideFooter
            sx={{ border: 0 }}
          />
        </CardContent>
      </Card>
      <Card data-testid="games">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h6">{t('games')}</Typography>
            <Stack component="form" onSubmit={search} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <TextField
                select
                size="small"
                label={t('vendor')}
                value={vendorId}
                onChange={(e) => setVendorId(e.target.value)}
                sx={{ minWidth: 180 }}
              >
                <MenuItem value="">{t('allVendors')}</MenuItem>
                {(vendors.data?.vendors ?? []).map((v) => (
                  <MenuItem key={v.id} value={v.id}>
                    {v.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('searchGames')}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
              />
              <Button type="submit" variant="contained">
                {t('search')}
              </Button>
            </Stack>
            <ServerGrid
              queryKey={['bo-games', vendorId, q]}
              fetch={(paging) =>
                call(boListGames, { query: { ...paging, vendorId: vendorId || undefined, q } }).then((v) => ({
                  rows: v.games,
                  total: v.total,
                }))
              }
              getRowId={(r) => r.nodeId}
              columns={gameColumns}
              rowHeight={56}
            />
          </Stack>
        </CardContent>
      </Card>
      <RoundLookup />
      <Dialog open={rotating !== null} onClose={() => setRotating(null)} fullWidth maxWidth="xs">
        <DialogTitle>
          {t('rotateSecret')} · {rotating}
        </DialogTitle>
        <DialogContent>
          <Typography>{t('confirmTitle')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRotating(null)}>{t('cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={rotate.isPending}
            onClick={() => rotating && rotate.mutate(rotating)}
          >
            {t('rotateSecret')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={secret !== null} onClose={() => setSecret(null)} fullWidth maxWidth="sm">
        <DialogTitle>
          {t('rotateSecret')} · {secret?.vendorId}
        </DialogTitle>
        <DialogContent>
          <Typography gutterBottom>{t('rotateSecretLead')}</Typography>
          <TextField
            fullWidth
            label={t('newSecret')}
            value={secret?.secret ?? ''}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-secret' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSecret(null)}>{t('recoveryDone')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

function RoundLookup() {
  const { t, errorText } = useI18n();
  const [draft, setDraft] = useState('');
  const [id, setId] = useState('');
  const found = useQuery({
    queryKey: ['bo-round', id],
    queryFn: () => call(boLookUpRound, { query: { id } }),
    enabled: id !== '',
  });
  const money = (v: string) => formatMoney(v, 'KRW');
  return (
    <Card data-testid="round-lookup">
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6">{t('roundLookup')}</Typography>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            onSubmit={(e) => {
              e.preventDefault();
              setId(draft.trim());
            }}
          >
            <TextField
              size="small"
              label={t('roundOrTransaction')}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              sx={{ flex: 1, maxWidth: 420 }}
            />
            <Button type="submit" variant="contained">
              {t('lookUp')}
            </Button>
          </Stack>
          {found.error && <Alert severity="error">{errorText(found.error)}</Alert>}
          {found.data && found.data.transactions.length === 0 && <Alert severity="info">{t('notFound')}</Alert>}
          {found.data && found.data.rounds.length > 0 && (
            <DataGrid
              autoHeight
              density="compact"
              rows={found.data.rounds}
              getRowId={(r) => `${r.vendorId}:${r.roundId}`}
              columns={[
                { field: 'vendorId', headerName: t('vendor'), width: 100 },
                { field: 'roundId', headerName: t('round'), flex: 1, minWidth: 200 },
                { field: 'memberAccount', headerName: t('member'), width: 130 },
                { field: 'bet', headerName: t('bet'), width: 110, valueFormatter: money },
                { field: 'win', headerName: t('win'), width: 110, valueFormatter: money },
                { field: 'rolledBack', headerName: t('rolledBack'), width: 110, valueFormatter: money },
              ]}
              hideFooter
            />
          )}
          {found.data && found.data.transactions.length > 0 && (
            <DataGrid
              autoHeight
              density="compact"
              rows={found.data.transactions}
              getRowId={(r) => `${r.vendorId}:${r.transactionId}`}
              columns={[
                { field: 'createdAt', headerName: t('at'), width: 170, valueFormatter: (v: string) => formatTime(v) },
                { field: 'action', headerName: t('action'), width: 100 },
                { field: 'transactionId', headerName: t('transactionId'), flex: 1, minWidth: 200 },
                { field: 'amount', headerName: t('amount'), width: 110, valueFormatter: money },
                { field: 'referenceId', headerName: t('reference'), width: 160 },
              ]}
              hideFooter
              data-testid="round-transactions"
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
