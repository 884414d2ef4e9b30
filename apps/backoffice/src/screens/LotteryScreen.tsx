import {
  boCancelLotteryDraw,
  boLotteryDraws,
  type BoLotteryDraw,
} from '@portal/contracts/backoffice/lottery.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { RowGrid } from '../components/RowGrid.tsx';
import { SectionCard } from '../components/SectionCard.tsx';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useSession } from '../session.tsx';

const STATUSES = ['OPEN', 'DRAWN', 'SETTLED', 'CANCELLED'] as const;
type Status = (typeof STATUSES)[number];
const won = (v: string) => formatMoney(v, 'KRW');

/**
 * The lottery screen (issue 19, decision 091): the built-in lottery's draws with tickets, stakes and
 * possible payout, each game's limits, and cancelling a draw before its result (games.manage).
 */
export function LotteryScreen() {
  const { t } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status | ''>('');
  const [cancelling, setCancelling] = useState<BoLotteryDraw | null>(null);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<number | null>(null);
  const draws = useQuery({
    queryKey: ['bo-lottery-draws', status],
    queryFn: () => call(boLotteryDraws, { query: { limit: 100, ...(status ? { status } : {}) } }),
  });
  const cancel = useMutation({
    mutationFn: (body: { drawId: string; reason: string }) => call(boCancelLotteryDraw, { body }),
    onSuccess: (v) => {
      setDone(v.refunded);
      setCancelling(null);
      setReason('');
      void qc.invalidateQueries({ queryKey: ['bo-lottery-draws'] });
    },
  });
  const columns: GridColDef<BoLotteryDraw & { id: string }>[] = [
    { field: 'drawId', headerName: t('lotteryDraw'), flex: 1, minWidth: 250 },
    { field: 'status', headerName: t('lotteryStatus'), width: 110, valueFormatter: (v: Status) => t(`draw${v}`) },
    { field: 'drawsAt', headerName: t('lotteryDrawsAt'), width: 170, valueFormatter: (v: string) => formatTime(v) },
    { field: 'tickets', headerName: t('lotteryTickets'), width: 90, type: 'number' },
    { field: 'stakes', headerName: t('lotteryStakes'), width: 130, valueFormatter: won },
    { field: 'liability', headerName: t('lotteryLiability'), width: 150, valueFormatter: won },
    { field: 'cancelReason', headerName: t('lotteryReason'), flex: 1, minWidth: 160 },
    ...(can('games.manage')
      ? [
          {
            field: 'actions',
            headerName: '',
            width: 130,
            sortable: false,
            renderCell: (p: { row: BoLotteryDraw }) =>
              p.row.status === 'OPEN' ? (
                <Button size="small" color="error" onClick={() => setCancelling(p.row)}>
                  {t('lotteryCancel')}
                </Button>
              ) : null,
          } satisfies GridColDef<BoLotteryDraw & { id: string }>,
        ]
      : []),
  ];
  const limitColumns: GridColDef<{ id: string; gameCode: string } & Record<string, string>>[] = [
    { field: 'gameCode', headerName: t('lotteryGame'), flex: 1, minWidth: 140 },
    { field: 'minStake', headerName: t('lotteryMinStake'), width: 120, valueFormatter: won },
    { field: 'maxStake', headerName: t('lotteryMaxStake'), width: 140, valueFormatter: won },
    { field: 'maxPayout', headerName: t('lotteryMaxPayout'), width: 170, valueFormatter: won },
    { field: 'maxSelectionLiability', headerName: t('lotterySelectionCap'), width: 170, valueFormatter: won },
    { field: 'maxDrawPayout', headerName: t('lotteryDrawCap'), width: 170, valueFormatter: won },
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h5">{t('lotteryTitle')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('lotteryLead')}
      </Typography>
      {done !== null && (
        <Alert severity="success" onClose={() => setDone(null)}>
          {t('lotteryCancelled', { count: done })}
        </Alert>
      )}
      <SelectField<Status | ''>
        size="small"
        label={t('lotteryStatus')}
        value={status}
        onValue={setStatus}
        emptyLabel={t('lotteryAllStatuses')}
        options={STATUSES}
        optionLabel={(s) => s && t(`draw${s}`)}
        sx={{ maxWidth: 220 }}
      />
      <Box data-testid="lottery-draws">
        <RowGrid
          loading={draws.isLoading}
          columns={columns}
          rows={draws.data?.draws.map((d) => ({ ...d, id: d.drawId }))}
        />
      </Box>
      <SectionCard title={t('lotteryLimits')} testId="lottery-limits">
        <RowGrid columns={limitColumns} rows={draws.data?.limits.map((l) => ({ ...l, id: l.gameCode }))} />
      </SectionCard>
      {cancelling && (
        <ActionDialog
          title={t('lotteryCancelTitle', { id: cancelling.drawId })}
          onClose={() => setCancelling(null)}
          onConfirm={() => cancel.mutate({ drawId: cancelling.drawId, reason })}
          confirmLabel={t('lotteryCancel')}
          confirmColor="error"
          confirmDisabled={cancel.isPending || reason.trim().length < 3}
          error={cancel.error}
          form
        >
          <Typography variant="body2">{t('lotteryCancelHelp')}</Typography>
          <TextField
            label={t('lotteryReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            autoFocus
          />
        </ActionDialog>
      )}
    </Stack>
  );
}
