import { GAME_CATEGORIES } from '@portal/contracts/limits.ts';
import {
  getReferralSettings,
  saveReferralSettings,
  listMissions,
  saveMission,
  type SaveMission,
  type StaffMission,
  listMallItems,
  listRebateRates,
  listRedemptions,
  reviewRedemption,
  saveMallItem,
  savePointsConfig,
  saveRebateRates,
  type SaveMallItem,
  type StaffMallItem,
  type StaffRedemption,
} from '@portal/contracts/backoffice/rewards.contract.ts';
import { MALL_ITEM_KINDS } from '@portal/contracts/rewards/points.contract.ts';
import { MISSION_KINDS, MISSION_PERIODS } from '@portal/contracts/rewards/missions.contract.ts';
import { Alert, Box, Button, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { DecisionDialog } from '../components/DecisionDialog.tsx';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { chipColumn } from '../components/GridCells.tsx';
import { RowGrid } from '../components/RowGrid.tsx';
import { SetupList } from '../components/SetupList.tsx';
import { useSaveThenClose } from '../components/useSaveThenClose.ts';
import { SwitchField } from '../components/SwitchField.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { formatTime, textIn } from '../format.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { formatMoney, minorToInput, parseAmount } from '@portal/contracts/money.ts';

const money = (v: string) => formatMoney(v, SITE_CURRENCY);
import { useI18n } from '../i18n.tsx';
import { useLabels } from '../labels.ts';
import { useSession } from '../session.tsx';

const RATE = /^(10(\.0{1,2})?|[0-9](\.[0-9]{1,2})?)$/;

/** Rebate rates per game category (decision 071): percent with two decimals, kept as hundredths. */
export function RebateRates() {
  const { t, errorText } = useI18n();
  const labels = useLabels();
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
          <Box sx={{ width: 120, flexShrink: 0, fontWeight: 600 }}>{labels.category(i.gameType)}</Box>
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

const MALL_LANGUAGES = ['ko', 'en', 'zh'] as const;

/** The points mall (decision 072): the points ratio, the items with stock and limits, and a dialog to edit one. */
export function MallSetup() {
  const { t, errorText, lang } = useI18n();
  const labels = useLabels();
  const { can } = useSession();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['mall-items'], queryFn: () => call(listMallItems) });
  const [ratio, setRatio] = useState<{ earn: string; rate: string } | null>(null);
  const config = list.data?.config;
  const earn = ratio?.earn ?? String(config?.earnPerMillion ?? '');
  const rate = ratio?.rate ?? String(config?.convertRate ?? '');
  const whole = (v: string) => /^[0-9]{1,9}$/.test(v);
  const saveRatio = useMutation({
    mutationFn: () => call(savePointsConfig, { body: { earnPerMillion: Number(earn), convertRate: Number(rate) } }),
    onSuccess: async () => {
      setRatio(null);
      await qc.invalidateQueries({ queryKey: ['mall-items'] });
    },
  });
  const columns: GridColDef<StaffMallItem>[] = [
    {
      field: 'name',
      headerName: t('mallName'),
      flex: 1,
      minWidth: 180,
      valueGetter: (_v, row) => textIn(row.texts, lang)?.name,
    },
    {
      field: 'kind',
      headerName: t('mallKind'),
      width: 150,
      valueFormatter: (v: string) => labels.reward('mallKind', v),
    },
    { field: 'points', headerName: t('mallPoints'), width: 100, type: 'number' },
    {
      field: 'amount',
      headerName: t('mallAmount'),
      width: 130,
      valueGetter: (_v, row) => (row.kind === 'GOODS' ? '—' : money(row.amount)),
    },
    { field: 'stock', headerName: t('mallStock'), width: 100, valueGetter: (_v, row) => row.stock ?? '∞' },
    { field: 'memberLimit', headerName: t('mallLimit'), width: 110, valueGetter: (_v, row) => row.memberLimit ?? '—' },
    { field: 'redeemed', headerName: t('mallRedeemed'), width: 100, type: 'number' },
    { field: 'enabled', headerName: t('promoEnabled'), width: 90, type: 'boolean' },
  ];
  return (
    <SetupList<StaffMallItem>
      lead={t('mallLead')}
      newLabel={t('mallNew')}
      newTestId="mall-new"
      canEdit={can('promotions.manage')}
      rows={list.data?.items}
      loading={list.isLoading}
      columns={columns}
      editor={(item, onClose) => <MallItemDialog item={item} onClose={onClose} />}
      testId="mall-setup"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          size="small"
          label={t('mallEarn')}
          value={earn}
          error={!whole(earn)}
          disabled={!can('promotions.manage')}
          onChange={(e) => setRatio({ earn: e.target.value.trim(), rate })}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'points-earn' } }}
        />
        <TextField
          size="small"
          label={t('mallConvert')}
          value={rate}
          error={!whole(rate)}
          disabled={!can('promotions.manage')}
          onChange={(e) => setRatio({ earn, rate: e.target.value.trim() })}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'points-rate' } }}
        />
        {can('promotions.manage') && (
          <Button
            variant="outlined"
            onClick={() => saveRatio.mutate()}
            disabled={saveRatio.isPending || !whole(earn) || !whole(rate)}
            data-testid="points-config-save"
          >
            {t('save')}
          </Button>
        )}
      </Stack>
      {saveRatio.error && <Alert severity="error">{errorText(saveRatio.error)}</Alert>}
      {saveRatio.isSuccess && <Alert severity="success">{t('saved')}</Alert>}
    </SetupList>
  );
}

function MallItemDialog({ item, onClose }: { item: StaffMallItem | null; onClose(): void }) {
  const { t } = useI18n();
  const labels = useLabels();
  const [f, setF] = useState({
    kind: item?.kind ?? ('CASH' as StaffMallItem['kind']),
    points: String(item?.points ?? ''),
    amount: item?.amount ?? '',
    wageringMultiple: String(item?.wageringMultiple ?? 0),
    stock: item?.stock === null || item?.stock === undefined ? '' : String(item.stock),
    memberLimit: item?.memberLimit === null || item?.memberLimit === undefined ? '' : String(item.memberLimit),
    enabled: item?.enabled ?? true,
    sort: String(item?.sort ?? 0),
  });
  const [texts, setTexts] = useState<Record<string, { name: string; description: string }>>(
    Object.fromEntries(MALL_LANGUAGES.map((l) => [l, item?.texts[l] ?? { name: '', description: '' }])),
  );
  const opt = (v: string) => (v.trim() === '' ? null : Number(v));
  const save = useSaveThenClose(
    ['mall-items'],
    () =>
      call(saveMallItem, {
        body: {
          ...(item ? { id: item.id } : {}),
          kind: f.kind,
          texts: Object.fromEntries(Object.entries(texts).filter(([, v]) => v.name.trim() !== '')),
          points: Number(f.points),
          amount: f.kind === 'GOODS' ? '0' : f.amount.trim(),
          wageringMultiple: Number(f.wageringMultiple),
          stock: opt(f.stock),
          memberLimit: opt(f.memberLimit),
          enabled: f.enabled,
          sort: Number(f.sort),
        } satisfies SaveMallItem,
      }),
    onClose,
  );
  const field = (key: keyof typeof f, label: string, testId: string) => (
    <TextField
      size="small"
      label={label}
      value={f[key] as string}
      onChange={(e) => setF({ ...f, [key]: e.target.value })}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
  return (
    <ActionDialog
      title={item ? t('mallEdit') : t('mallNew')}
      onClose={onClose}
      error={save.error}
      maxWidth="sm"
      fullScreenBelow="md"
      onConfirm={() => save.mutate()}
      confirmDisabled={save.isPending}
      confirmTestId="mall-save"
    >
      <SelectField
        size="small"
        label={t('mallKind')}
        value={f.kind}
        onValue={(kind) => setF({ ...f, kind })}
        options={MALL_ITEM_KINDS}
        optionLabel={(k) => labels.reward('mallKind', k)}
      />
      {MALL_LANGUAGES.map((l) => (
        <Stack key={l} direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            size="small"
            label={`${t('mallName')} (${labels.language(l)})`}
            value={texts[l]!.name}
            onChange={(e) => setTexts({ ...texts, [l]: { ...texts[l]!, name: e.target.value } })}
            slotProps={{ htmlInput: { maxLength: 80, 'data-testid': `mall-name-${l}` } }}
          />
          <TextField
            size="small"
            fullWidth
            label={`${t('mallDescription')} (${labels.language(l)})`}
            value={texts[l]!.description}
            onChange={(e) => setTexts({ ...texts, [l]: { ...texts[l]!, description: e.target.value } })}
            slotProps={{ htmlInput: { maxLength: 400 } }}
          />
        </Stack>
      ))}
      {field('points', t('mallPoints'), 'mall-points')}
      {f.kind !== 'GOODS' && field('amount', t('mallAmount'), 'mall-amount')}
      {f.kind === 'BONUS' && field('wageringMultiple', t('mallWagering'), 'mall-wagering')}
      {field('stock', t('mallStockHint'), 'mall-stock')}
      {field('memberLimit', t('mallLimitHint'), 'mall-limit')}
      {field('sort', t('promoSort'), 'mall-sort')}
      <SwitchField label={t('promoEnabled')} checked={f.enabled} onChange={(enabled) => setF({ ...f, enabled })} />
    </ActionDialog>
  );
}

const REDEEM_COLOR = { PROCESS: 'warning', APPROVED: 'success', REJECTED: 'default' } as const;

/** Redemptions of the points mall; goods in process are approved or rejected with a reason. */
export function RedemptionQueue() {
  const { t } = useI18n();
  const labels = useLabels();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: ['redemptions'], queryFn: () => call(listRedemptions, { query: {} }) });
  const [open, setOpen] = useState<StaffRedemption | null>(null);
  const review = useMutation({
    mutationFn: ({ decision, reason }: { decision: 'APPROVE' | 'REJECT'; reason: string }) =>
      call(reviewRedemption, { body: { id: open!.id, decision, ...(decision === 'REJECT' ? { reason } : {}) } }),
    onSuccess: async () => {
      setOpen(null);
      await qc.invalidateQueries({ queryKey: ['redemptions'] });
    },
  });
  const name = (r: StaffRedemption) => (r.kind === 'CONVERT' ? t('mallConverted') : `${r.name ?? ''} × ${r.quantity}`);
  const columns: GridColDef<StaffRedemption>[] = [
    { field: 'createdAt', headerName: t('mallAt'), width: 170, valueGetter: (_v, row) => formatTime(row.createdAt) },
    { field: 'memberAccount', headerName: t('mallMember'), width: 140 },
    { field: 'name', headerName: t('mallName'), flex: 1, minWidth: 160, valueGetter: (_v, row) => name(row) },
    { field: 'points', headerName: t('mallPoints'), width: 100 },
    chipColumn({
      headerName: t('promoState'),
      width: 120,
      label: (row) => labels.reward('redeemStatus', row.status),
      color: (row) => REDEEM_COLOR[row.status],
    }),
  ];
  return (
    <Stack spacing={2} data-testid="redemption-queue">
      <RowGrid rows={list.data?.items} columns={columns} loading={list.isLoading} onOpen={setOpen} />
      {open && (
        <DecisionDialog
          title={`${open.memberAccount} · ${name(open)}`}
          waiting={open.status === 'PROCESS'}
          rejectReason={open.rejectReason}
          pending={review.isPending}
          error={review.error}
          onDecide={(decision, reason) => review.mutate({ decision, reason })}
          onClose={() => setOpen(null)}
          testId="redemption"
          maxWidth="xs"
        >
          <Typography variant="body2">
            {t('mallPoints')} {open.points} · {labels.reward('redeemStatus', open.status)} ·{' '}
            {formatTime(open.createdAt)}
          </Typography>
        </DecisionDialog>
      )}
    </Stack>
  );
}

/** Daily and weekly missions (decision 073): the list and a dialog to create or edit one. */
export function MissionSetup() {
  const { t, lang } = useI18n();
  const labels = useLabels();
  const { can } = useSession();
  const list = useQuery({ queryKey: ['missions'], queryFn: () => call(listMissions) });
  const columns: GridColDef<StaffMission>[] = [
    {
      field: 'title',
      headerName: t('missionTitle'),
      flex: 1,
      minWidth: 180,
      valueGetter: (_v, row) => textIn(row.texts, lang)?.title,
    },
    {
      field: 'period',
      headerName: t('missionPeriod'),
      width: 100,
      valueFormatter: (v: string) => labels.reward('missionPeriod', v),
    },
    {
      field: 'kind',
      headerName: t('missionKind'),
      width: 150,
      valueFormatter: (v: string) => labels.reward('missionKind', v),
    },
    {
      field: 'gameType',
      headerName: t('rebateCategory'),
      width: 120,
      valueFormatter: (v: string | null) => (v ? labels.category(v) : t('missionAnyGame')),
    },
    {
      field: 'target',
      headerName: t('missionTarget'),
      width: 130,
      valueGetter: (_v, row) =>
        row.kind === 'DEPOSIT' || row.kind === 'VALID_BET' ? money(row.target) : Number(row.target).toLocaleString(),
    },
    { field: 'reward', headerName: t('missionReward'), width: 120, valueFormatter: money },
    { field: 'claims', headerName: t('promoClaims'), width: 90, type: 'number' },
    { field: 'enabled', headerName: t('promoEnabled'), width: 90, type: 'boolean' },
  ];
  return (
    <SetupList<StaffMission>
      lead={t('missionLead')}
      newLabel={t('missionNew')}
      newTestId="mission-new"
      canEdit={can('promotions.manage')}
      rows={list.data?.items}
      loading={list.isLoading}
      columns={columns}
      editor={(item, onClose) => <MissionDialog item={item} onClose={onClose} />}
      testId="mission-setup"
    />
  );
}

function MissionDialog({ item, onClose }: { item: StaffMission | null; onClose(): void }) {
  const { t } = useI18n();
  const labels = useLabels();
  const [f, setF] = useState({
    period: item?.period ?? ('DAILY' as StaffMission['period']),
    kind: item?.kind ?? ('VALID_BET' as StaffMission['kind']),
    gameType: item?.gameType ?? '',
    target: item?.target ?? '',
    reward: item?.reward ?? '',
    enabled: item?.enabled ?? true,
    sort: String(item?.sort ?? 0),
  });
  const [titles, setTitles] = useState<Record<string, string>>(
    Object.fromEntries(MALL_LANGUAGES.map((l) => [l, item?.texts[l]?.title ?? ''])),
  );
  const save = useSaveThenClose(
    ['missions'],
    () =>
      call(saveMission, {
        body: {
          ...(item ? { id: item.id } : {}),
          period: f.period,
          kind: f.kind,
          gameType: f.gameType === '' ? null : (f.gameType as (typeof GAME_CATEGORIES)[number]),
          target: f.target.trim(),
          reward: f.reward.trim(),
          texts: Object.fromEntries(
            Object.entries(titles)
              .filter(([, v]) => v.trim() !== '')
              .map(([l, v]) => [l, { title: v }]),
          ),
          enabled: f.enabled,
          sort: Number(f.sort),
        } satisfies SaveMission,
      }),
    onClose,
  );
  const byCategory = f.kind === 'VALID_BET' || f.kind === 'ROUNDS';
  return (
    <ActionDialog
      title={item ? t('missionEdit') : t('missionNew')}
      onClose={onClose}
      error={save.error}
      maxWidth="sm"
      fullScreenBelow="md"
      onConfirm={() => save.mutate()}
      confirmDisabled={save.isPending}
      confirmTestId="mission-save"
    >
      {MALL_LANGUAGES.map((l) => (
        <TextField
          key={l}
          size="small"
          label={`${t('missionTitle')} (${labels.language(l)})`}
          value={titles[l]}
          onChange={(e) => setTitles({ ...titles, [l]: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 120, 'data-testid': `mission-title-${l}` } }}
        />
      ))}
      <SelectField
        size="small"
        label={t('missionPeriod')}
        value={f.period}
        onValue={(period) => setF({ ...f, period })}
        options={MISSION_PERIODS}
        optionLabel={(k) => labels.reward('missionPeriod', k)}
      />
      <SelectField
        size="small"
        label={t('missionKind')}
        value={f.kind}
        onValue={(kind) => setF({ ...f, kind })}
        options={MISSION_KINDS}
        optionLabel={(k) => labels.reward('missionKind', k)}
      />
      {byCategory && (
        <SelectField<string>
          size="small"
          label={t('rebateCategory')}
          value={f.gameType}
          onValue={(gameType) => setF({ ...f, gameType })}
          emptyLabel={t('missionAnyGame')}
          options={GAME_CATEGORIES}
          optionLabel={labels.category}
          // "Any game" is the empty value: shown, not left blank.
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        />
      )}
      <TextField
        size="small"
        label={t('missionTargetHint')}
        value={f.target}
        onChange={(e) => setF({ ...f, target: e.target.value })}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'mission-target' } }}
      />
      <TextField
        size="small"
        label={t('missionRewardHint')}
        value={f.reward}
        onChange={(e) => setF({ ...f, reward: e.target.value })}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'mission-reward' } }}
      />
      <TextField
        size="small"
        label={t('promoSort')}
        value={f.sort}
        onChange={(e) => setF({ ...f, sort: e.target.value })}
      />
      <SwitchField label={t('promoEnabled')} checked={f.enabled} onChange={(enabled) => setF({ ...f, enabled })} />
    </ActionDialog>
  );
}

/**
 * Refer a friend (decision 075): whether a referred friend's first deposit pays the referrer, how much,
 * from which first deposit, and the bonus's wagering and validity. Audited; applies to first deposits
 * decided from the save on.
 */
export function ReferralSetup() {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['referral-settings'], queryFn: () => call(getReferralSettings) });
  const [draft, setDraft] = useState<Record<'reward' | 'minimum' | 'wagering' | 'days', string> | null>(null);
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const s = q.data;
  const f = draft ?? {
    reward: s ? minorToInput(s.rewardAmount) : '',
    minimum: s ? minorToInput(s.minimumDeposit) : '',
    wagering: String(s?.wageringMultiple ?? ''),
    days: String(s?.validDays ?? ''),
  };
  const on = enabled ?? s?.enabled ?? false;
  const reward = parseAmount(f.reward);
  const minimum = parseAmount(f.minimum);
  const whole = (v: string, min: number, max: number) => /^[0-9]{1,3}$/.test(v) && Number(v) >= min && Number(v) <= max;
  const valid = reward.ok && minimum.ok && whole(f.wagering, 0, 100) && whole(f.days, 1, 365);
  const manage = can('promotions.manage');
  const save = useMutation({
    mutationFn: () =>
      call(saveReferralSettings, {
        body: {
          enabled: on,
          rewardAmount: reward.ok ? reward.minor : '0',
          minimumDeposit: minimum.ok ? minimum.minor : '0',
          wageringMultiple: Number(f.wagering),
          validDays: Number(f.days),
        },
      }),
    onSuccess: async () => {
      setDraft(null);
      setEnabled(null);
      await qc.invalidateQueries({ queryKey: ['referral-settings'] });
    },
  });
  const field = (k: keyof typeof f) => ({
    value: f[k],
    disabled: !manage,
    onChange: (e: { target: { value: string } }) => setDraft({ ...f, [k]: e.target.value.trim() }),
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }} data-testid="referral-setup">
      <Typography variant="body2" color="text.secondary">
        {t('referralLead')}
      </Typography>
      {s && (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={on}
                disabled={!manage}
                onChange={(e) => setEnabled(e.target.checked)}
                slotProps={{ input: { 'aria-label': t('referralEnabled') } }}
                data-testid="referral-enabled"
              />
            }
            label={t('referralEnabled')}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              size="small"
              label={t('referralReward', { currency: SITE_CURRENCY })}
              {...field('reward')}
              error={!reward.ok}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'referral-reward' } }}
            />
            <TextField
              size="small"
              label={t('referralMinimum', { currency: SITE_CURRENCY })}
              {...field('minimum')}
              error={!minimum.ok}
              slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'referral-minimum' } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              size="small"
              label={t('bonusWageringMultiple')}
              {...field('wagering')}
              error={!whole(f.wagering, 0, 100)}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'referral-wagering' } }}
            />
            <TextField
              size="small"
              label={t('bonusValidDays')}
              {...field('days')}
              error={!whole(f.days, 1, 365)}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'referral-days' } }}
            />
          </Stack>
          {!valid && <Alert severity="warning">{t('referralInvalid')}</Alert>}
        </>
      )}
      {q.error && <Alert severity="error">{errorText(q.error)}</Alert>}
      {save.error && <Alert severity="error">{errorText(save.error)}</Alert>}
      {save.isSuccess && <Alert severity="success">{t('saved')}</Alert>}
      {manage && (
        <Box>
          <Button
            variant="contained"
            onClick={() => save.mutate()}
            disabled={save.isPending || !valid || !s}
            data-testid="referral-save"
          >
            {t('save')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
