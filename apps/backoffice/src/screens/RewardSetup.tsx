import { GAME_CATEGORIES } from '@portal/contracts/limits.ts';
import { listRebateRates, saveRebateRates } from '@portal/contracts/backoffice/rewards.contract.ts';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useSession } from '../session.tsx';

const RATE = /^(10(\.0{1,2})?|[0-9](\.[0-9]{1,2})?)$/;

/** Rebate rates per game category (decision 071): percent with two decimals, kept as hundredths. */
export function RebateRates() {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['rebate-rates'], queryFn: () => call(listRebateRates) });
  const [draft, setDraft] = useState<Record<string, string>>({});
  const value = (g: string, bp: number) => draft[g] ?? (bp / 100).toFixed(2);
  const items = list.data?.items ?? [];
  const bad = items.filter((i) => !RATE.test(value(i.gameType, i.rateBp)));
  const save = useMutation({
    mutationFn: () =>
      call(saveRebateRates, {
        body: {
          items: items.map((i) => ({
            gameType: i.gameType as (typeof GAME_CATEGORIES)[number],
            rateBp: Math.round(Number(value(i.gameType, i.rateBp)) * 100),
          })),
        },
      }),
    onSuccess: async () => {
      setDraft({});
      await qc.invalidateQueries({ queryKey: ['rebate-rates'] });
    },
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }} data-testid="rebate-rates">
      <Typography variant="body2" color="text.secondary">
        {t('rebateLead')}
      </Typography>
      {items.map((i) => (
        <Stack key={i.gameType} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 100, fontWeight: 600 }}>{i.gameType}</Box>
          <TextField
            size="small"
            label={t('rebateRate')}
            value={value(i.gameType, i.rateBp)}
            onChange={(e) => setDraft({ ...draft, [i.gameType]: e.target.value.trim() })}
            disabled={!can('promotions.manage')}
            error={!RATE.test(value(i.gameType, i.rateBp))}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `rebate-rate-${i.gameType}` } }}
            sx={{ width: 140 }}
          />
          <Typography variant="caption" color="text.secondary">
            {i.updatedAt ? `${t('rebateUpdated')} ${formatTime(i.updatedAt)}` : ''}
          </Typography>
        </Stack>
      ))}
      {bad.length > 0 && <Alert severity="warning">{t('rebateRateInvalid')}</Alert>}
      {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
      {save.isSuccess && <Alert severity="success">{t('saved')}</Alert>}
      {can('promotions.manage') && (
        <Box>
          <Button
            variant="contained"
            onClick={() => save.mutate()}
            disabled={save.isPending || bad.length > 0 || items.length === 0}
            data-testid="rebate-save"
          >
            {t('save')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
