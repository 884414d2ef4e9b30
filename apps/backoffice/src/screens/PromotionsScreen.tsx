import {
  listApplications,
  listPromotions,
  reviewApplication,
  savePromotion,
  type Application,
  type SavePromotion,
  type StaffPromotion,
} from '@portal/contracts/backoffice/rewards.contract.ts';
import { CLAIM_MODES, PROMOTION_KINDS, type PromotionRules } from '@portal/contracts/rewards/rewards.contract.ts';
import { Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../api.ts';
import { DecisionDialog } from '../components/DecisionDialog.tsx';
import { chipColumn } from '../components/GridCells.tsx';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { SetupList } from '../components/SetupList.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { useSaveThenClose } from '../components/useSaveThenClose.ts';
import { ScreenTabs } from '../components/ScreenTabs.tsx';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { SwitchField } from '../components/SwitchField.tsx';
import { StatusQueue } from '../components/StatusQueue.tsx';
import { Submission } from '../components/Submission.tsx';
import { formatTime, textIn } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import { useLabels } from '../labels.ts';
import type { Messages } from '../messages/en.ts';
import { useSession } from '../session.tsx';
import { MallSetup, MissionSetup, RebateRates, RedemptionQueue, ReferralSetup } from './RewardSetup.tsx';

const LANGUAGES = ['ko', 'en', 'zh'] as const;
const STATE_COLOR = { RUNNING: 'success', SCHEDULED: 'info', ENDED: 'default', OFF: 'default' } as const;
const APP_COLOR = { APPLYING: 'warning', ISSUED: 'success', REJECTED: 'default' } as const;

/** Promotions (issue 17): set-up of what members can claim, and the application review queue. */
export function PromotionsScreen() {
  const { t } = useI18n();
  const { can } = useSession();
  const [tab, setTab] = useState<
    'promotions' | 'applications' | 'rebate' | 'mall' | 'redemptions' | 'missions' | 'referral'
  >('promotions');
  return (
    <Stack spacing={2}>
      <ScreenTitle title={t('promotionsTitle')} lead={t('promotionsLead')} />
      <ScreenTabs
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'promotions', label: t('promotionsTab') },
          { value: 'applications', label: t('applicationsTab'), shown: can('promotions.review') },
          { value: 'rebate', label: t('rebateTab'), testId: 'tab-rebate' },
          { value: 'mall', label: t('mallTab'), testId: 'tab-mall' },
          { value: 'missions', label: t('missionsTab'), testId: 'tab-missions' },
          { value: 'referral', label: t('referralTab'), testId: 'tab-referral' },
          {
            value: 'redemptions',
            label: t('redemptionsTab'),
            testId: 'tab-redemptions',
            shown: can('promotions.review'),
          },
        ]}
        allowScrollButtonsMobile={false}
      />
      {tab === 'promotions' ? (
        <PromotionList />
      ) : tab === 'rebate' ? (
        <RebateRates />
      ) : tab === 'mall' ? (
        <MallSetup />
      ) : tab === 'redemptions' ? (
        <RedemptionQueue />
      ) : tab === 'missions' ? (
        <MissionSetup />
      ) : tab === 'referral' ? (
        <ReferralSetup />
      ) : (
        <ApplicationQueue />
      )}
    </Stack>
  );
}

function PromotionList() {
  const { t, lang } = useI18n();
  const labels = useLabels();
  const { can } = useSession();
  const list = useQuery({ queryKey: ['promotions'], queryFn: () => call(listPromotions) });
  const columns: GridColDef<StaffPromotion>[] = [
    { field: 'code', headerName: t('promoCode'), width: 150 },
    {
      field: 'title',
      headerName: t('promoTextTitle'),
      flex: 1,
      minWidth: 200,
      valueGetter: (_v, row) => textIn(row.texts, lang)?.title,
    },
    { field: 'kind', headerName: t('promoKind'), width: 140, valueFormatter: (v: string) => labels.promoKind(v) },
    { field: 'claimMode', headerName: t('promoMode'), width: 130, valueFormatter: (v: string) => labels.claimMode(v) },
    {
      field: 'state',
      headerName: t('promoState'),
      width: 120,
      valueFormatter: (v: string) => labels.promoState(v),
      renderCell: (p) => <Chip size="small" color={STATE_COLOR[p.row.state]} label={p.formattedValue} />,
    },
    { field: 'claims', headerName: t('promoClaims'), width: 90, type: 'number' },
  ];
  return (
    <SetupList<StaffPromotion>
      newLabel={t('newPromotion')}
      newTestId="promotion-new"
      canEdit={can('promotions.manage')}
      rows={list.data?.items}
      loading={list.isLoading}
      columns={columns}
      editor={(item, onClose) => <PromotionDialog item={item} onClose={onClose} />}
      testId="promotion-grid"
    />
  );
}

const pairs = (text: string) =>
  text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split(':').map((x) => x.trim()) as [string, string]);
const localInput = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16) : '');

function PromotionDialog({ item, onClose }: { item: StaffPromotion | null; onClose(): void }) {
  const { t } = useI18n();
  const labels = useLabels();
  const r: Partial<PromotionRules> = item?.rules ?? {};
  const [f, setF] = useState({
    code: item?.code ?? '',
    kind: item?.kind ?? 'NEW_MEMBER',
    claimMode: item?.claimMode ?? 'CLAIM',
    enabled: item?.enabled ?? true,
    startsAt: localInput(item?.startsAt ?? null),
    endsAt: localInput(item?.endsAt ?? null),
    sort: String(item?.sort ?? 0),
    amount: r.amount ?? '',
    ratePercent: r.ratePercent ? String(r.ratePercent) : '',
    maxBonus: r.maxBonus ?? '',
    minDeposit: r.minDeposit ?? '',
    deposits: r.deposits ?? 'FIRST',
    prizes: (r.prizes ?? []).map((p) => `${p.amount}:${p.weight}`).join(', '),
    wageringMultiple: String(r.wageringMultiple ?? 5),
    wageringBase: r.wageringBase ?? 'BONUS',
    gameWeights: Object.entries(r.gameWeights ?? { RNG: 100, LIVE: 20 })
      .map(([k, v]) => `${k}:${v}`)
      .join(', '),
    validDays: String(r.validDays ?? 7),
    newMemberDays: item?.newMemberDays ? String(item.newMemberDays) : '',
    memberTypes: (item?.memberTypes ?? []).join(', '),
    agentAccount: item?.agentAccount ?? '',
  });
  const [texts, setTexts] = useState(
    () =>
      Object.fromEntries(
        LANGUAGES.map((l) => [l, item?.texts[l] ?? { title: '', summary: '', content: '' }]),
      ) as Record<(typeof LANGUAGES)[number], { title: string; summary: string; content: string }>,
  );
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const save = useSaveThenClose(
    ['promotions'],
    () => {
      const kind = f.kind;
      const rules: PromotionRules = {
        wageringMultiple: Number(f.wageringMultiple),
        wageringBase: f.wageringBase,
        gameWeights: Object.fromEntries(pairs(f.gameWeights).map(([k, v]) => [k, Number(v)])),
        validDays: Number(f.validDays),
        ...(f.amount ? { amount: f.amount } : {}),
        ...(f.ratePercent ? { ratePercent: Number(f.ratePercent) } : {}),
        ...(f.maxBonus ? { maxBonus: f.maxBonus } : {}),
        ...(f.minDeposit ? { minDeposit: f.minDeposit } : {}),
        ...(kind === 'DEPOSIT_MATCH' ? { deposits: f.deposits } : {}),
        ...(kind === 'RAFFLE' ? { prizes: pairs(f.prizes).map(([a, w]) => ({ amount: a, weight: Number(w) })) } : {}),
      };
      const body: SavePromotion = {
        ...(item ? { id: item.id } : {}),
        code: f.code.trim(),
        kind,
        claimMode: kind === 'APPLY' ? 'APPLY' : f.claimMode,
        texts: Object.fromEntries(Object.entries(texts).filter(([, v]) => v.title.trim() !== '')),
        startsAt: f.startsAt ? new Date(f.startsAt).toISOString() : null,
        endsAt: f.endsAt ? new Date(f.endsAt).toISOString() : null,
        enabled: f.enabled,
        sort: Number(f.sort) || 0,
        rules,
        newMemberDays: f.newMemberDays ? Number(f.newMemberDays) : null,
        memberTypes: f.memberTypes.trim() ? f.memberTypes.split(',').map((x) => Number(x.trim())) : null,
        agentAccount: f.agentAccount.trim() || null,
      };
      return call(savePromotion, { body });
    },
    onClose,
  );
  const field = (k: keyof typeof f, label: keyof Messages, extra: object = {}) => (
    <TextField label={t(label)} value={f[k]} onChange={set(k)} size="small" fullWidth {...extra} />
  );
  return (
    <ActionDialog
      title={item ? t('editPromotion') : t('newPromotion')}
      onClose={onClose}
      error={save.error}
      maxWidth="md"
      fullScreenBelow="md"
      onConfirm={() => save.mutate()}
      confirmDisabled={save.isPending}
      confirmTestId="promotion-save"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('code', 'promoCode', { slotProps: { htmlInput: { 'data-testid': 'promotion-code' } } })}
        <TextField select label={t('promoKind')} value={f.kind} onChange={set('kind')} size="small" fullWidth>
          {PROMOTION_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {labels.promoKind(k)}
            </MenuItem>
          ))}
        </TextField>
        <SelectField
          label={t('promoMode')}
          value={f.kind === 'APPLY' ? 'APPLY' : f.claimMode}
          onValue={(claimMode) => setF({ ...f, claimMode })}
          options={CLAIM_MODES}
          optionLabel={labels.claimMode}
          size="small"
          fullWidth
          disabled={f.kind === 'APPLY'}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('startsAt', 'promoStarts', { type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } })}
        {field('endsAt', 'promoEnds', { type: 'datetime-local', slotProps: { inputLabel: { shrink: true } } })}
        {field('sort', 'promoSort', { type: 'number' })}
        <SwitchField label={t('promoEnabled')} checked={f.enabled} onChange={(enabled) => setF({ ...f, enabled })} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('amount', 'promoAmount', { slotProps: { htmlInput: { 'data-testid': 'promotion-amount' } } })}
        {field('ratePercent', 'promoRate')}
        {field('maxBonus', 'promoMaxBonus')}
        {field('minDeposit', 'promoMinDeposit')}
      </Stack>
      {f.kind === 'DEPOSIT_MATCH' && (
        <TextField select label={t('promoDeposits')} value={f.deposits} onChange={set('deposits')} size="small">
          {(['FIRST', 'EACH'] as const).map((d) => (
            <MenuItem key={d} value={d}>
              {labels.reward('deposits', d)}
            </MenuItem>
          ))}
        </TextField>
      )}
      {f.kind === 'RAFFLE' && field('prizes', 'promoPrizes')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('wageringMultiple', 'promoWagering', { type: 'number' })}
        <SelectField
          label={t('promoWageringBase')}
          value={f.wageringBase}
          onValue={(wageringBase) => setF({ ...f, wageringBase })}
          options={['BONUS', 'BONUS_AND_DEPOSIT'] as const}
          optionLabel={(b) => labels.reward('wageringBase', b)}
          size="small"
          fullWidth
        />
        {field('validDays', 'promoValidDays', { type: 'number' })}
      </Stack>
      {field('gameWeights', 'promoWeights')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('newMemberDays', 'promoNewMemberDays')}
        {field('memberTypes', 'promoMemberTypes')}
        {field('agentAccount', 'promoAgent')}
      </Stack>
      {LANGUAGES.map((l) => (
        <Stack key={l} spacing={1} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography variant="overline">{labels.language(l)}</Typography>
          <TextField
            label={t('promoTextTitle')}
            size="small"
            value={texts[l].title}
            onChange={(e) => setTexts({ ...texts, [l]: { ...texts[l], title: e.target.value } })}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': `promotion-title-${l}` } }}
          />
          <TextField
            label={t('promoTextSummary')}
            size="small"
            value={texts[l].summary}
            onChange={(e) => setTexts({ ...texts, [l]: { ...texts[l], summary: e.target.value } })}
            slotProps={{ htmlInput: { maxLength: 400 } }}
          />
          <TextField
            label={t('promoTextContent')}
            size="small"
            multiline
            minRows={2}
            value={texts[l].content}
            onChange={(e) => setTexts({ ...texts, [l]: { ...texts[l], content: e.target.value } })}
          />
        </Stack>
      ))}
    </ActionDialog>
  );
}

function ApplicationQueue() {
  const { t } = useI18n();
  const [open, setOpen] = useState<Application | null>(null);
  const columns: GridColDef<Application>[] = [
    { field: 'createdAt', headerName: t('sentAt'), width: 170, valueFormatter: (v: string) => formatTime(v) },
    { field: 'memberAccount', headerName: t('memberAccount'), width: 150 },
    { field: 'promotionCode', headerName: t('promoCode'), width: 150 },
    { field: 'comment', headerName: t('appComment'), flex: 1, minWidth: 200 },
    { field: 'images', headerName: t('appImages'), width: 90, valueGetter: (_v, row) => row.images.length },
    chipColumn<Application>({
      headerName: t('state'),
      width: 120,
      label: (row) => t(`appStatus${row.status}` as keyof Messages),
      color: (row) => APP_COLOR[row.status],
    }),
  ];
  return (
    <>
      <StatusQueue<Application['status'] | 'ALL', Application>
        statuses={['APPLYING', 'ISSUED', 'REJECTED', 'ALL'] as const}
        statusLabel={(s) => t(`appStatus${s}` as keyof Messages)}
        queryKey="applications"
        fetch={(status, pageNum) =>
          call(listApplications, { query: { status: status === 'ALL' ? undefined : status, pageNum } })
        }
        columns={columns}
        onOpen={setOpen}
        testId="application-grid"
      />
      {open && <ApplicationDialog item={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function ApplicationDialog({ item, onClose }: { item: Application; onClose(): void }) {
  const { t } = useI18n();
  const review = useSaveThenClose(
    ['applications'],
    ({ decision, reason }: { decision: 'APPROVE' | 'REJECT'; reason: string }) =>
      call(reviewApplication, { body: { id: item.id, decision, ...(decision === 'REJECT' ? { reason } : {}) } }),
    onClose,
  );
  return (
    <DecisionDialog
      title={`${item.memberAccount} · ${item.promotionCode}`}
      waiting={item.status === 'APPLYING'}
      rejectReason={item.rejectReason}
      pending={review.isPending}
      error={review.error}
      onDecide={(decision, reason) => review.mutate({ decision, reason })}
      onClose={onClose}
      testId="application"
    >
      <Submission
        caption={`${formatTime(item.createdAt)} · ${t(`appStatus${item.status}` as keyof Messages)}`}
        text={item.comment}
        textTestId="application-comment"
        images={item.images}
        imageAlt={t('appImages')}
      />
    </DecisionDialog>
  );
}
