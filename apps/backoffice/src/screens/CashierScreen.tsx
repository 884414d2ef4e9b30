import {
  boDecideDeposit,
  boDecideWithdrawal,
  boPendingDeposits,
  boPendingWithdrawals,
} from '@portal/contracts/backoffice/cashier.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { call } from '../api.ts';
import { actionsColumn } from '../components/actionsColumn.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { GridTotals } from '../components/GridTotals.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useSession } from '../session.tsx';

type Decision = { kind: 'deposit' | 'withdrawal'; id: string; approve: boolean };

/** The deposit and withdrawal queues: the same decisions as `npm run ops`, recorded in the audit trail. */
export function CashierScreen() {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const deposits = useQuery({ queryKey: ['cashier', 'deposits'], queryFn: () => call(boPendingDeposits) });
  const withdrawals = useQuery({ queryKey: ['cashier', 'withdrawals'], queryFn: () => call(boPendingWithdrawals) });
  const [rejecting, setRejecting] = useState<Decision | null>(null);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: async (d: Decision & { reason?: string }) => {
      if (d.kind === 'deposit')
        await call(boDecideDeposit, {
          body: { id: d.id, decision: d.approve ? 'CONFIRMED' : 'REJECTED', reason: d.reason },
        });
      else
        await call(boDecideWithdrawal, {
          body: { id: d.id, decision: d.approve ? 'APPROVED' : 'REJECTED', reason: d.reason },
        });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['cashier'] }),
    onSuccess: () => setRejecting(null),
  });

  const actions = (kind: Decision['kind']): GridColDef =>
    actionsColumn<GridValidRowModel>(t('actions'), 200, (row) =>
      can('cashier.decide') ? (
        <>
          <Button
            size="small"
            variant="contained"
            color="success"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ kind, id: String(row.id), approve: true })}
          >
            {kind === 'deposit' ? t('confirmDeposit') : t('approve')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => {
              setReason('');
              setRejecting({ kind, id: String(row.id), approve: false });
            }}
          >
            {t('reject')}
          </Button>
        </>
      ) : null,
    );
  // The whole queue's count and sum from the server, per currency (the grid may show part of it).
  const queueTotals = (totals: { currency: string; count: number; amount: string }[] | undefined) =>
    (totals ?? []).map((x) => t('totalQueue', { count: x.count, amount: formatMoney(x.amount, x.currency) }));
  const money = { valueFormatter: (v: string, row: { currency: string }) => formatMoney(v, row.currency) };
  const common: GridColDef[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'memberAccount', headerName: t('member'), width: 150 },
    { field: 'amount', headerName: t('amount'), width: 140, type: 'string', ...money },
    { field: 'createdAt', headerName: t('requested'), width: 180, valueFormatter: (v: string) => formatTime(v) },
  ];
  return (
    <Stack spacing={3}>
      <Typography variant="h5">{t('cashierTitle')}</Typography>
      {decide.error && <Alert severity="error">{errorText(decide.error)}</Alert>}
      <SectionCard title={t('withdrawals')} testId="withdrawal-queue">
        <DataGrid
          autoHeight
          rows={withdrawals.data?.withdrawals ?? []}
          loading={withdrawals.isLoading}
          columns={[
            ...common,
            {
              field: 'bank',
              headerName: t('bank'),
              flex: 1,
              minWidth: 220,
              valueGetter: (_v, row) => `${row.bankName} ${row.accountNumber} · ${row.payeeName}`,
            },
            actions('withdrawal'),
          ]}
          showToolbar
          localeText={{ noRowsLabel: t('nothingWaiting') }}
          sx={{ border: 0 }}
        />
        <GridTotals lines={queueTotals(withdrawals.data?.totals)} testId="withdrawal-totals" />
      </SectionCard>
      <SectionCard title={t('deposits')} testId="deposit-queue">
        <DataGrid
          autoHeight
          rows={deposits.data?.deposits ?? []}
          loading={deposits.isLoading}
          columns={[
            ...common,
            { field: 'methodCode', headerName: t('method'), flex: 1, minWidth: 140 },
            actions('deposit'),
          ]}
          showToolbar
          localeText={{ noRowsLabel: t('nothingWaiting') }}
          sx={{ border: 0 }}
        />
        <GridTotals lines={queueTotals(deposits.data?.totals)} testId="deposit-totals" />
      </SectionCard>
      <ActionDialog
        open={rejecting !== null}
        title={t('reject')}
        onClose={() => setRejecting(null)}
        onConfirm={() => rejecting && decide.mutate({ ...rejecting, reason })}
        confirmLabel={t('reject')}
        confirmColor="error"
        confirmDisabled={decide.isPending}
      >
        <TextField
          fullWidth
          label={t('reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </ActionDialog>
    </Stack>
  );
}
