import {
  createStaff,
  listStaff,
  STAFF_ROLES,
  updateStaff,
  type StaffRole,
} from '@portal/contracts/backoffice/staff.contract.ts';
import type { RouteValue } from '@portal/contracts/http.ts';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useLabels } from '../labels.ts';
import { useSession } from '../session.tsx';
import { actionsColumn } from '../components/actionsColumn.tsx';
import { chipColumn } from '../components/GridCells.tsx';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { useSaveThenClose } from '../components/useSaveThenClose.ts';

/** A staff user as the list call answers it. */
type StaffRow = RouteValue<typeof listStaff>['staff'][number];

/**
 * Staff users, adding one with a role (they enrol their second factor at first sign-in), disabling,
 * enabling and changing the role of another (the server ends their sessions and keeps the rules:
 * never oneself, only owners touch owners, one active owner always).
 */
export function StaffScreen() {
  const { t, errorText } = useI18n();
  const labels = useLabels();
  const { can, me } = useSession();
  const qc = useQueryClient();
  const staff = useQuery({ queryKey: ['staff'], queryFn: () => call(listStaff) });
  const [adding, setAdding] = useState(false);
  const [disabling, setDisabling] = useState<StaffRow | null>(null);
  const [reRoling, setReRoling] = useState<StaffRow | null>(null);
  const change = useMutation({
    mutationFn: (body: { id: string; status?: 'ACTIVE' | 'DISABLED'; role?: StaffRole }) => call(updateStaff, { body }),
    onSuccess: async () => {
      setDisabling(null);
      setReRoling(null);
      await qc.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  /** What the signed-in user may change on a row: not their own, and an owner's only as an owner. */
  const mayChange = (r: StaffRow) =>
    can('staff.manage') && r.id !== me?.id && (r.role !== 'owner' || me?.role === 'owner');
  const columns: GridColDef[] = [
    {
      field: 'username',
      headerName: t('username'),
      flex: 1,
      minWidth: 120,
      valueFormatter: (v: string, row: StaffRow) => (row.id === me?.id ? `${v} (${t('you')})` : v),
    },
    { field: 'displayName', headerName: t('displayName'), flex: 1, minWidth: 140 },
    { field: 'role', headerName: t('role'), width: 110, valueFormatter: (v: string) => labels.role(v) },
    chipColumn<StaffRow>({
      headerName: t('status'),
      width: 110,
      label: (row) => (row.status === 'ACTIVE' ? t('statusACTIVE') : t('statusDISABLED')),
      color: (row) => (row.status === 'ACTIVE' ? 'success' : 'default'),
    }),
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
    ...(can('staff.manage')
      ? [
          actionsColumn<StaffRow>(t('actions'), 230, (row) =>
            mayChange(row) ? (
              <>
                {row.status === 'ACTIVE' ? (
                  <Button size="small" color="error" onClick={() => setDisabling(row)}>
                    {t('disable')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    color="success"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ id: row.id, status: 'ACTIVE' })}
                  >
                    {t('enable')}
                  </Button>
                )}
                <Button size="small" onClick={() => setReRoling(row)}>
                  {t('changeRole')}
                </Button>
              </>
            ) : null,
          ),
        ]
      : []),
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
        data-testid="staff-grid"
        columns={columns}
        loading={staff.isLoading}
        showToolbar
        pageSizeOptions={[25, 50, 100]}
        initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
        sx={{ bgcolor: 'background.paper' }}
      />
      {change.error && !disabling && !reRoling && <Alert severity="error">{errorText(change.error)}</Alert>}
      {adding && <AddStaffDialog onClose={() => setAdding(false)} />}
      {disabling && (
        <ActionDialog
          title={t('confirmTitle')}
          onClose={() => setDisabling(null)}
          onConfirm={() => change.mutate({ id: disabling.id, status: 'DISABLED' })}
          confirmLabel={t('disable')}
          confirmColor="error"
          confirmDisabled={change.isPending}
          error={change.error}
        >
          <Typography>{t('staffDisableConfirm', { name: disabling.username })}</Typography>
        </ActionDialog>
      )}
      {reRoling && (
        <RoleDialog
          row={reRoling}
          ownerMayBeGranted={me?.role === 'owner'}
          pending={change.isPending}
          error={change.error ? errorText(change.error) : null}
          onClose={() => setReRoling(null)}
          onSave={(role) => change.mutate({ id: reRoling.id, role })}
        />
      )}
    </Stack>
  );
}

function RoleDialog({
  row,
  ownerMayBeGranted,
  pending,
  error,
  onClose,
  onSave,
}: {
  row: StaffRow;
  ownerMayBeGranted: boolean;
  pending: boolean;
  error: string | null;
  onClose(): void;
  onSave(role: StaffRole): void;
}) {
  const { t } = useI18n();
  const labels = useLabels();
  const [role, setRole] = useState<StaffRole>(row.role);
  return (
    <ActionDialog
      title={t('staffRoleTitle', { name: row.username })}
      onClose={onClose}
      onConfirm={() => onSave(role)}
      confirmDisabled={pending || role === row.role}
      error={error}
    >
      <SelectField
        label={t('role')}
        value={role}
        onValue={setRole}
        options={STAFF_ROLES.filter((r) => r !== 'owner' || ownerMayBeGranted)}
        optionLabel={labels.role}
        helperText={t('staffRoleHelp')}
      />
    </ActionDialog>
  );
}

function AddStaffDialog({ onClose }: { onClose(): void }) {
  const { t } = useI18n();
  const labels = useLabels();
  const { me } = useSession();
  const [form, setForm] = useState({ username: '', displayName: '', role: 'support' as StaffRole, password: '' });
  const save = useSaveThenClose(['staff'], () => call(createStaff, { body: form }), onClose);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  return (
    <ActionDialog
      title={t('addStaff')}
      onClose={onClose}
      onConfirm={() => save.mutate()}
      confirmDisabled={save.isPending}
      error={save.error}
      form
      browserChecks
    >
      <TextField label={t('username')} value={form.username} onChange={set('username')} required />
      <TextField label={t('displayName')} value={form.displayName} onChange={set('displayName')} required />
      <SelectField
        label={t('role')}
        value={form.role}
        onValue={(role) => setForm({ ...form, role })}
        options={STAFF_ROLES.filter((r) => r !== 'owner' || me?.role === 'owner')}
        optionLabel={labels.role}
      />
      <TextField
        label={t('password')}
        type="password"
        autoComplete="new-password"
        value={form.password}
        onChange={set('password')}
        required
      />
    </ActionDialog>
  );
}
