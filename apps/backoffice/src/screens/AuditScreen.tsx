import { searchAudit } from '@portal/contracts/backoffice/staff.contract.ts';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { call } from '../api.ts';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The audit trail with server-side paging and filters, CSV export of the page shown. */
export function AuditScreen() {
  const { t } = useI18n();
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [draft, setDraft] = useState({ actor: '', action: '', target: '' });
  const [filter, setFilter] = useState(draft);
  const audit = useQuery({
    queryKey: ['audit', paging, filter],
    queryFn: () => call(searchAudit, { query: { ...paging, ...filter } }),
    placeholderData: keepPreviousData,
  });
  const columns: GridColDef[] = [
    { field: 'at', headerName: t('at'), width: 180, valueFormatter: (v: string) => formatTime(v) },
    { field: 'actor', headerName: t('actor'), width: 130 },
    { field: 'ip', headerName: t('ip'), width: 130 },
    { field: 'action', headerName: t('action'), width: 190 },
    { field: 'target', headerName: t('target'), width: 140 },
    { field: 'before', headerName: t('before'), flex: 1, minWidth: 160, valueGetter: (v: unknown) => json(v) },
    { field: 'after', headerName: t('after'), flex: 1, minWidth: 200, valueGetter: (v: unknown) => json(v) },
  ];
  const search = (e: FormEvent) => {
    e.preventDefault();
    setPaging({ ...paging, page: 0 });
    setFilter(draft);
  };
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h5">{t('auditTitle')}</Typography>
        <Typography color="text.secondary">{t('auditLead')}</Typography>
      </div>
      <Stack component="form" onSubmit={search} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          size="small"
          label={t('filterActor')}
          value={draft.actor}
          onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
        />
        <TextField
          size="small"
          label={t('filterAction')}
          value={draft.action}
          onChange={(e) => setDraft({ ...draft, action: e.target.value })}
        />
        <TextField
          size="small"
          label={t('filterTarget')}
          value={draft.target}
          onChange={(e) => setDraft({ ...draft, target: e.target.value })}
        />
        <Button type="submit" variant="contained">
          {t('search')}
        </Button>
      </Stack>
      <DataGrid
        autoHeight
        rows={audit.data?.entries ?? []}
        rowCount={audit.data?.total ?? 0}
        columns={columns}
        loading={audit.isFetching}
        paginationMode="server"
        paginationModel={paging}
        onPaginationModelChange={setPaging}
        pageSizeOptions={[25, 50, 100]}
        showToolbar
        sx={{ bgcolor: 'background.paper' }}
      />
    </Stack>
  );
}
