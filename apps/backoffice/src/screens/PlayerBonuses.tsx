import {
  cancelBonus,
  grantBonus,
  listMemberBonuses,
  type StaffBonus,
} from '@portal/contracts/backoffice/rewards.contract.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { formatMoney, newRequestId, parseAmount } from '@portal/contracts/money.ts';
import { Alert, Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { actionsColumn } from '../components/actionsColumn.tsx';
import { ReasonDialog } from '../components/DecisionDialog.tsx';
import { chipColumn } from '../components/GridCells.tsx';
import { RowGrid } from '../components/RowGrid.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useLabels } from '../labels.ts';
import { useSession } from '../session.tsx';

const STATUS_COLOR = { ACTIVE: 'warning', RELEASED: 'success', FORFEITED: 'default', EXPIRED: 'default' } as const;
const money = (v: string) => formatMoney(v, SITE_CURRENCY);

/**
 * A member's bonuses in the profile (decision 074): each with its source, wagering progress and how it
 * ended; staff with `bonuses.grant` grant one (amount, wagering multiple, validity, a reason the
 * member reads), staff with `bonuses.cancel` cancel an active one with a reason. Both are audited.
 */
export function PlayerBonuses({ memberId }: { memberId: string }) {
  const { t } = useI18n();
  const labels = useLabels();
  const { can } = useSession();
  const qc = useQueryClient();
  const key = ['player', memberId, 'bonuses'];
  const list = useQuery({ queryKey: key, queryFn: () => call(listMemberBonuses, { query: { memberId } }) });
  const [cancelling, setCancelling] = useState<StaffBonus | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = async (message: string) => {
    setNotice(message);
    // The profile's wallets and transactions move too.
    await qc.invalidateQueries({ queryKey: ['player', memberId] });
  };
  const cancel = useMutation({
    mutationFn: (reason: string) => call(cancelBonus, { body: { id: cancelling!.id, reason } }),
    onSuccess: async () => {
      setCancelling(null);
      await refresh(t('bonusCancelled'));
    },
  });
  const source = (b: StaffBonus) =>
    b.source === 'PROMOTION' && b.promotionCode
      ? `${labels.reward('bonusSource', b.source)} · ${b.promotionCode}`
      : b.source === 'STAFF' && b.grantedBy
        ? `${labels.reward('bonusSource', b.source)} · ${b.grantedBy}`
        : labels.reward('bonusSource', b.source);
  const columns: GridColDef<StaffBonus>[] = [
    { field: 'issuedAt', headerName: t('bonusIssued'), width: 140, valueFormatter: (v: string) => formatTime(v) },
    { field: 'source', headerName: t('bonusSource'), flex: 1, minWidth: 150, valueGetter: (_v, row) => source(row) },
    { field: 'amount', headerName: t('amount'), width: 110, valueFormatter: money },
    {
      field: 'progressPercent',
      headerName: t('bonusProgress'),
      width: 190,
      renderCell: (p) => (
        <Stack sx={{ justifyContent: 'center', height: '100%' }} spacing={0.5}>
          <LinearProgress variant="determinate" value={p.row.progressPercent} />
          <Typography variant="caption">
            {money(p.row.wagered)} / {money(p.row.wageringRequired)} · {p.row.progressPercent}%
          </Typography>
        </Stack>
      ),
    },
    chipColumn({
      headerName: t('status'),
      width: 110,
      label: (row) => labels.reward('bonusStatus', row.status),
      color: (row) => STATUS_COLOR[row.status],
      testId: (row) => `bonus-status-${row.id}`,
    }),
    {
      field: 'expiresAt',
      headerName: t('bonusExpires'),
      width: 140,
      valueGetter: (_v, row) => formatTime(row.endedAt ?? row.expiresAt ?? ''),
    },
    {
      field: 'endReason',
      headerName: t('bonusEndReason'),
      flex: 1,
      minWidth: 130,
      valueGetter: (_v, row) =>
        row.endReason === 'MEMBER' || row.endReason === 'EXPIRED'
          ? labels.reward('bonusStatus', row.status)
          : (row.endReason ?? row.grantReason ?? ''),
    },
    ...(can('bonuses.cancel')
      ? [
          actionsColumn<StaffBonus>(t('actions'), 100, (b) =>
            b.status === 'ACTIVE' ? (
              <Button size="small" color="error" onClick={() => setCancelling(b)} data-testid={`bonus-cancel-${b.id}`}>
                {t('bonusCancel')}
              </Button>
            ) : null,
          ),
        ]
      : []),
  ];
  return (
    <Stack spacing={2} data-testid="player-bonuses">
      <Typography variant="subtitle1">
        {t('bonusBalanceLabel')}: {list.data ? money(list.data.bonusBalance) : '…'}
      </Typography>
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {can('bonuses.grant') && <GrantForm memberId={memberId} onGranted={() => refresh(t('bonusGranted'))} />}
      <RowGrid rows={list.data?.items} columns={columns} loading={list.isLoading} density="compact" hideFooter />
      {cancelling && (
        <ReasonDialog
          title={t('bonusCancelTitle')}
          lead={<Typography variant="body2">{t('bonusCancelLead', { amount: money(cancelling.amount) })}</Typography>}
          label={t('bonusCancelReason')}
          confirmLabel={t('bonusCancel')}
          pending={cancel.isPending}
          error={cancel.error}
          onConfirm={(reason) => cancel.mutate(reason)}
          onClose={() => {
            cancel.reset();
            setCancelling(null);
          }}
          testId="bonus-cancel"
        />
      )}
    </Stack>
  );
}

/** The grant form: one request id per grant, so a double click or a retry grants once. */
function GrantForm({ memberId, onGranted }: { memberId: string; onGranted(): Promise<void> }) {
  const { t, errorText } = useI18n();
  const [f, setF] = useState({ amount: '', wagering: '1', days: '30', reason: '' });
  const [requestId, setRequestId] = useState(newRequestId);
  const amount = parseAmount(f.amount);
  const whole = (v: string, max: number) => /^[0-9]{1,3}$/.test(v) && Number(v) <= max;
  const valid =
    amount.ok && whole(f.wagering, 100) && whole(f.days, 365) && Number(f.days) > 0 && f.reason.trim() !== '';
  const grant = useMutation({
    mutationFn: () =>
      call(grantBonus, {
        body: {
          memberId,
          amount: amount.ok ? amount.minor : '0',
          wageringMultiple: Number(f.wagering),
          validDays: Number(f.days),
          reason: f.reason.trim(),
          requestId,
        },
      }),
    onSuccess: async () => {
      setF({ amount: '', wagering: '1', days: '30', reason: '' });
      setRequestId(newRequestId());
      await onGranted();
    },
  });
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  return (
    <Box
      component="form"
      sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) grant.mutate();
      }}
    >
      <Typography variant="subtitle2">{t('bonusGrantTitle')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('bonusGrantLead')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
        <TextField
          size="small"
          label={t('bonusAmount', { currency: SITE_CURRENCY })}
          value={f.amount}
          onChange={set('amount')}
          error={f.amount !== '' && !amount.ok}
          helperText={f.amount !== '' && !amount.ok ? t('bonusAmountInvalid') : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'bonus-grant-amount' } }}
        />
        <TextField
          size="small"
          label={t('bonusWageringMultiple')}
          value={f.wagering}
          onChange={set('wagering')}
          error={!whole(f.wagering, 100)}
          helperText=" "
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'bonus-grant-wagering' } }}
          sx={{ width: { md: 150 } }}
        />
        <TextField
          size="small"
          label={t('bonusValidDays')}
          value={f.days}
          onChange={set('days')}
          error={!whole(f.days, 365) || Number(f.days) === 0}
          helperText=" "
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ width: { md: 120 } }}
        />
        <TextField
          size="small"
          label={t('bonusReason')}
          value={f.reason}
          onChange={set('reason')}
          helperText=" "
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'bonus-grant-reason' } }}
          sx={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!valid || grant.isPending}
          sx={{ alignSelf: 'flex-start', whiteSpace: 'nowrap' }}
          data-testid="bonus-grant"
        >
          {t('bonusGrant')}
        </Button>
      </Stack>
      {grant.error && <Alert severity="error">{errorText(grant.error)}</Alert>}
    </Box>
  );
}
