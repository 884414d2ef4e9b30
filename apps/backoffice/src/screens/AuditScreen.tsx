import { searchAudit } from '@portal/contracts/backoffice/staff.contract.ts';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { type GridColDef } from '@mui/x-data-grid';
import { useState, type FormEvent } from 'react';
import { call } from '../api.ts';
import { ServerGrid } from '../components/ServerGrid.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/** The audit trail with server-side paging and filters, CSV export of the page shown. */
export function AuditScreen() {
  const { t } = useI18n();
  const [draft, setDraft] = useState({ actor: '', action: '', target: '' });
  const [filter, setFilter] = useState(draft);
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
      <ServerGrid
        queryKey={['audit', filter]}
        fetch={(paging) =>
          call(searchAudit, { query: { ...paging, ...filter } }).then((v) => ({ rows: v.entries, total: v.total }))
        }
        columns={columns}
      />
    </Stack>
  );
}
