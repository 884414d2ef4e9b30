import { createStaff, listStaff, STAFF_ROLES, type StaffRole } from '@portal/contracts/backoffice/staff.contract.ts';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useSession } from '../session.tsx';

/** Staff users, and adding one with a role (they enrol their second factor at first sign-in). */
export function StaffScreen() {
  const { t } = useI18n();
  const { can } = useSession();
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => call(listStaff) });
  const [adding, setAdding] = useState(false);
  const columns: GridColDef[] = [
    { field: 'username', headerName: t('username'), flex: 1, minWidth: 120 },
    { field: 'displayName', headerName: t('displayName'), flex: 1, minWidth: 140 },
    { field: 'role', headerName: t('role'), width: 110 },
    {
      field: 'status',
      headerName: t('status'),
      width: 110,
      renderCell: (p) => <Chip size="small" label={p.value} color={p.value === 'ACTIVE' ? 'success' : 'default'} />,
    },
    {
      field: 'totpEnabled',
      headerName: t('twoFactor'),
      width: 120,
      type: 'boolean',
    },
    { field: 'createdAt', headerName: t('created'), width: 170, valueFormatter: (v: string) => formatTime(v) },
    {
      field: 'lastLoginAt',
      headerName: t('lastSignIn'),
      width: 170,
      valueFormatter: (v: string | null) => formatTime(v),
    },
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5">{t('staffTitle')}</Typography>
        {can('staff.manage') && (
          <Button variant="contained" onClick={() => setAdding(true)}>
            {t('addStaff')}
          </Button>
        )}
      </Stack>
      <DataGrid
        autoHeight
        rows={staff.data?.staff ?? []}
        columns={columns}
        loading={staff.isLoading}
        showToolbar
        pageSizeOptions={[25, 50, 100]}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        sx={{ bgcolor: 'background.paper' }}
      />
      {adding && <AddStaffDialog onClose={() => setAdding(false)} />}
    </Stack>
  );
}

function AddStaffDialog({ onClose }: { onClose(): void }) {
  const { t, errorText } = useI18n();
  const qc = useQueryClient();
  const [form, setForm] = useState({ username: '', displayName: '', role: 'support' as StaffRole, password: '' });
  const save = useMutation({
    mutationFn: () => call(createStaff, { body: form }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['staff'] });
      onClose();
    },
  });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <DialogTitle>{t('addStaff')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t('username')} value={form.username} onChange={set('username')} required />
            <TextField label={t('displayName')} value={form.displayName} onChange={set('displayName')} required />
            <TextField select label={t('role')} value={form.role} onChange={set('role')}>
              {STAFF_ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('password')}
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={set('password')}
              required
            />
            {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
