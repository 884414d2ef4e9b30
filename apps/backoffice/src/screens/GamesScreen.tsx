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
import { Alert, Autocomplete, Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { call } from '../api.ts';
import { orderColumn, switchColumn } from '../components/GridCells.tsx';
import { ServerGrid } from '../components/ServerGrid.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useLabels } from '../labels.ts';
import { useSession } from '../session.tsx';
import { SearchBar } from '../components/SearchBar.tsx';

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

/** Vendors and games (on or off, maintenance, order, hot, lobby categories), vendor secrets, round look-up. */
export function GamesScreen() {
  const { t, errorText } = useI18n();
  const labels = useLabels();
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
  const vendorName = new Map((vendors.data?.vendors ?? []).map((v) => [v.id, v.name]));

  const vendorCell = { rowName: (v: BoVendor) => v.id, disabled: !manage };
  const vendorColumns: GridColDef<BoVendor>[] = [
    { field: 'id', headerName: 'ID', width: 100 },
    { field: 'name', headerName: t('name'), width: 150 },
    { field: 'mode', headerName: t('mode'), width: 100 },
    { field: 'games', headerName: t('games'), width: 80, type: 'number' },
    switchColumn({
      ...vendorCell,
      field: 'enabled',
      headerName: t('enabled'),
      width: 80,
      checked: (v) => v.enabled,
      onToggle: (v, enabled) => setVendor.mutate({ vendorId: v.id, enabled }),
    }),
    switchColumn({
      ...vendorCell,
      field: 'status',
      headerName: t('maintenance'),
      width: 110,
      color: 'warning',
      badge: (v) => (v.status === 'COMING' ? labels.catalogueStatus('COMING') : null),
      checked: (v) => v.status === 'MAINTENANCE',
      onToggle: (v, maintenance) => setVendor.mutate({ vendorId: v.id, maintenance }),
    }),
    orderColumn({
      ...vendorCell,
      field: 'sort',
      headerName: t('order'),
      width: 100,
      value: (v) => v.sort,
      onSave: (v, sort) => setVendor.mutate({ vendorId: v.id, sort }),
    }),
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
          getOptionLabel={(c) => labels.category(c)}
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

  const gameCell = { rowName: (g: BoGame) => g.gameCode, disabled: !manage };
  const gameColumns: GridColDef<BoGame>[] = [
    { field: 'nodeId', headerName: 'ID', width: 80 },
    {
      field: 'vendorId',
      headerName: t('vendor'),
      width: 120,
      valueFormatter: (v: string) => vendorName.get(v) ?? v,
    },
    { field: 'gameCode', headerName: t('gameCode'), width: 160 },
    { field: 'name', headerName: t('name'), flex: 1, minWidth: 160 },
    { field: 'gameType', headerName: t('kind'), width: 110, valueFormatter: (v: string) => labels.category(v) },
    switchColumn({
      ...gameCell,
      field: 'enabled',
      headerName: t('enabled'),
      width: 80,
      checked: (g) => g.enabled,
      onToggle: (g, enabled) => setGame.mutate({ nodeId: g.nodeId, enabled }),
    }),
    switchColumn({
      ...gameCell,
      field: 'status',
      headerName: t('maintenance'),
      width: 110,
      color: 'warning',
      badge: (g) => (g.status === 'HIDDEN' ? labels.catalogueStatus('HIDDEN') : null),
      checked: (g) => g.status === 'MAINTENANCE',
      onToggle: (g, maintenance) => setGame.mutate({ nodeId: g.nodeId, maintenance }),
    }),
    switchColumn({
      ...gameCell,
      field: 'isHot',
      headerName: t('hot'),
      width: 80,
      color: 'secondary',
      checked: (g) => g.isHot,
      onToggle: (g, isHot) => setGame.mutate({ nodeId: g.nodeId, isHot }),
    }),
    orderColumn({
      ...gameCell,
      field: 'sort',
      headerName: t('order'),
      width: 100,
      value: (g) => g.sort,
      onSave: (g, sort) => setGame.mutate({ nodeId: g.nodeId, sort }),
    }),
    orderColumn({
      ...gameCell,
      field: 'hotSort',
      headerName: t('hotOrder'),
      width: 100,
      value: (g) => g.hotSort,
      onSave: (g, hotSort) => setGame.mutate({ nodeId: g.nodeId, hotSort }),
    }),
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
      <ActionDialog
        open={rotating !== null}
        title={`${t('rotateSecret')} · ${rotating ?? ''}`}
        onClose={() => setRotating(null)}
        onConfirm={() => rotating && rotate.mutate(rotating)}
        confirmLabel={t('rotateSecret')}
        confirmColor="error"
        confirmDisabled={rotate.isPending}
      >
        <Typography>{t('confirmTitle')}</Typography>
      </ActionDialog>
      <ActionDialog
        open={secret !== null}
        title={`${t('rotateSecret')} · ${secret?.vendorId ?? ''}`}
        onClose={() => setSecret(null)}
        closeLabel={t('recoveryDone')}
        maxWidth="sm"
      >
        <Typography>{t('rotateSecretLead')}</Typography>
        <TextField
          fullWidth
          label={t('newSecret')}
          value={secret?.secret ?? ''}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-secret' } }}
        />
      </ActionDialog>
    </Stack>
  );
}

function RoundLookup() {
  const { t, errorText } = useI18n();
  const labels = useLabels();
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
          <SearchBar label={t('roundOrTransaction')} buttonLabel={t('lookUp')} onSearch={setId} />
          {found.error && <Alert severity="error">{errorText(found.error)}</Alert>}
          {found.data && found.data.transactions.length === 0 && <Alert severity="info">{t('notFound')}</Alert>}
          {found.data && found.data.rounds.length > 0 && (
            <DataGrid
              autoHeight
              density="compact"
              rows={found.data.rounds}
              getRowId={(r) => `${r.vendorId}:${r.roundId}`}
              columns={[
                { field: 'vendorName', headerName: t('vendor'), width: 120 },
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
                {
                  field: 'action',
                  headerName: t('action'),
                  width: 110,
                  valueFormatter: (v: string) => labels.txKind(v),
                },
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
