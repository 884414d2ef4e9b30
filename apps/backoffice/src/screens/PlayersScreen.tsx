import { decideAdjustment, listAdjustments, searchPlayers } from '@portal/contracts/backoffice/players.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { actionsColumn } from '../components/actionsColumn.tsx';
import { chipColumn } from '../components/GridCells.tsx';
import { ServerGrid } from '../components/ServerGrid.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useLabels } from '../labels.ts';
import { useSession } from '../session.tsx';
import { PlayerProfile, typeLabel } from './PlayerProfile.tsx';
import { SearchBar } from '../components/SearchBar.tsx';

/** Player search (server-side paging), a player's profile with its tools, and the adjustments waiting. */
export function PlayersScreen() {
  const { t } = useI18n();
  const labels = useLabels();
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const columns: GridColDef[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'account', headerName: t('account'), width: 150 },
    { field: 'type', headerName: t('memberType'), width: 120, valueFormatter: (v: number) => t(typeLabel(v)) },
    {
      field: 'status',
      headerName: t('status'),
      width: 110,
      valueFormatter: (v: string) => labels.memberStatus(v),
      renderCell: (p) => (
        <Chip size="small" label={p.formattedValue} color={p.value === 'ACTIVE' ? 'success' : 'error'} />
      ),
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
  return (
    <Stack spacing={2}>
      <Typography variant="h5">{t('playersTitle')}</Typography>
      <SearchBar label={t('playersSearch')} onSearch={setQ} />
      <ServerGrid
        queryKey={['players', q]}
        fetch={(paging) =>
          call(searchPlayers, { query: { ...paging, q } }).then((v) => ({ rows: v.players, total: v.total }))
        }
        columns={columns}
        onRowClick={(p) => setOpen(String(p.id))}
        sx={{ cursor: 'pointer' }}
      />
      <Adjustments />
      {open && <PlayerProfile id={open} onClose={() => setOpen(null)} />}
    </Stack>
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
            chipColumn<GridValidRowModel>({
              headerName: t('status'),
              width: 190,
              label: (row) => label[row.status as keyof typeof label],
              color: (row) => (row.status === 'PENDING' ? 'warning' : 'default'),
            }),
            { field: 'createdBy', headerName: t('createdBy'), width: 120 },
            { field: 'decidedBy', headerName: t('decidedBy'), width: 120 },
            actionsColumn<GridValidRowModel>(t('actions'), 190, (row) =>
              row.status === 'PENDING' && can('players.approveAdjustment') ? (
                <>
                  <Button
                    size="small"
                    variant="contained"
                    color="success"
                    onClick={() => decide.mutate({ id: row.id, decision: 'APPLIED' })}
                  >
                    {t('approve')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => decide.mutate({ id: row.id, decision: 'REJECTED' })}
                  >
                    {t('reject')}
                  </Button>
                </>
              ) : null,
            ),
          ]}
          sx={{ border: 0 }}
        />
      </CardContent>
    </Card>
  );
}
