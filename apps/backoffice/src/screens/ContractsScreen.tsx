import {
  checkTiers,
  emptyDraft,
  formatRate,
  thresholdOf,
  type TierDraft,
  type TierErrors,
} from '@portal/contracts/agent/contract-terms.ts';
import {
  boListContracts,
  boListSettlements,
  boOfferContract,
  boTerminateContract,
} from '@portal/contracts/backoffice/contracts.contract.ts';
import {
  CONTRACT_KINDS,
  CONTRACT_LIMITS,
  CONTRACT_STATUSES,
  DIVIDEND_PERIODS,
  SETTLEMENT_STATUSES,
  type Contract,
  type ContractKind,
} from '@portal/contracts/agent/contracts.contract.ts';
import { formatMoney } from '@portal/contracts/money.ts';
import { Alert, Button, Card, CardContent, Chip, IconButton, Stack, TextField, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { actionsColumn } from '../components/actionsColumn.tsx';
import { FilterSelect } from '../components/FilterSelect.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { ScreenTabs } from '../components/ScreenTabs.tsx';
import { chipColumn } from '../components/GridCells.tsx';
import { useListFilter } from '../components/useListFilter.ts';
import { call } from '../api.ts';
import { formatTime } from '../format.ts';
import { useI18n } from '../i18n.tsx';
import type { Messages } from '../messages/en.ts';
import { useSession } from '../session.tsx';

type Key = keyof Messages;
const kindKey = (k: string) => `ctKind_${k}` as Key;
const statusKey = (s: string) => `ctStatus_${s}` as Key;

/**
 * Salary and dividend contracts (issue 16): every contract of the tree with its tiers, the offers the
 * operator makes to top-level agents (the house pays them), terminations, and every settlement with
 * totals. Reading needs contracts.read, offering and terminating contracts.manage.
 */
export function ContractsScreen() {
  const { t } = useI18n();
  const [tab, setTab] = useState<'contracts' | 'settlements'>('contracts');
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h5">{t('ctTitle')}</Typography>
        <Typography color="text.secondary">{t('ctLead')}</Typography>
      </div>
      <ScreenTabs
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'contracts', label: t('ctContracts'), testId: 'bo-contracts-tab' },
          { value: 'settlements', label: t('ctSettlements'), testId: 'bo-settlements-tab' },
        ]}
        variant="standard"
      />
      {tab === 'contracts' ? <ContractsList /> : <SettlementsList />}
    </Stack>
  );
}

/** The search row both lists share: kind, status, account, then the list's own fields and actions. */
function ContractFilters<D extends { kind: string; status: string; account: string }, S extends string>({
  filters,
  statuses,
  statusLabel,
  statusWidth,
  children,
  actions,
}: {
  filters: { draft: D; setDraft: (draft: D) => void; search: (e: FormEvent) => void };
  statuses: readonly S[];
  statusLabel: (status: S) => string;
  statusWidth: number;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useI18n();
  const { draft, setDraft, search } = filters;
  return (
    <Stack component="form" onSubmit={search} direction={{ xs: 'column', md: 'row' }} spacing={1}>
      <FilterSelect
        label={t('ctKind')}
        value={draft.kind}
        onValue={(kind) => setDraft({ ...draft, kind })}
        allLabel={t('ctAll')}
        options={CONTRACT_KINDS}
        optionLabel={(k) => t(kindKey(k))}
        minWidth={160}
      />
      <FilterSelect
        label={t('status')}
        value={draft.status}
        onValue={(status) => setDraft({ ...draft, status })}
        allLabel={t('ctAll')}
        options={statuses}
        optionLabel={statusLabel}
        minWidth={statusWidth}
      />
      <TextField
        size="small"
        label={t('account')}
        value={draft.account}
        onChange={(e) => setDraft({ ...draft, account: e.target.value })}
      />
      {children}
      <Button type="submit" variant="contained">
        {t('search')}
      </Button>
      {actions}
    </Stack>
  );
}

function ContractsList() {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const qc = useQueryClient();
  const filters = useListFilter({ kind: '', status: '', account: '', topLevel: '' });
  const { paging, filter, gridPaging } = filters;
  const [offering, setOffering] = useState(false);
  const [viewing, setViewing] = useState<Contract | null>(null);
  const [ending, setEnding] = useState<Contract | null>(null);
  const list = useQuery({
    queryKey: ['contracts', paging, filter],
    queryFn: () =>
      call(boListContracts, {
        query: {
          page: paging.page + 1,
          pageSize: paging.pageSize,
          kind: (filter.kind || undefined) as ContractKind | undefined,
          status: (filter.status || undefined) as Contract['status'] | undefined,
          account: filter.account || undefined,
          topLevel: (filter.topLevel || undefined) as 'true' | undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const terminate = useMutation({
    mutationFn: (id: string) => call(boTerminateContract, { body: { contractId: id } }),
    onSuccess: () => setEnding(null),
    onSettled: () => qc.invalidateQueries({ queryKey: ['contracts'] }),
  });
  const columns: GridColDef<Contract>[] = [
    { field: 'id', headerName: 'ID', width: 80 },
    { field: 'kind', headerName: t('ctKind'), width: 140, valueFormatter: (v: string) => t(kindKey(v)) },
    { field: 'holder', headerName: t('ctHolder'), width: 140, valueGetter: (_v, r) => r.holder.account },
    {
      field: 'offeredBy',
      headerName: t('ctOfferedBy'),
      width: 140,
      valueGetter: (_v, r) => r.offeredBy?.account ?? t('ctOperator'),
    },
    {
      field: 'period',
      headerName: t('ctPeriod'),
      width: 130,
      valueFormatter: (v: string) => t(`ctPeriod_${v}` as Key),
    },
    { field: 'rate', headerName: t('ctRate'), width: 100, valueFormatter: (v: string) => formatRate(v) },
    chipColumn({
      headerName: t('status'),
      width: 130,
      label: (row) => (row.inForce ? t('ctInForce') : t(statusKey(row.status))),
      color: (row) => (row.inForce ? 'success' : row.status === 'OFFERED' ? 'warning' : 'default'),
    }),
    { field: 'createdAt', headerName: t('created'), width: 170, valueFormatter: (v: string) => formatTime(v) },
    {
      field: 'effectiveFrom',
      headerName: t('ctEffectiveFrom'),
      width: 170,
      valueFormatter: (v: string) => formatTime(v),
    },
    { field: 'endsAt', headerName: t('ctEndsAt'), width: 170, valueFormatter: (v: string) => formatTime(v) },
    actionsColumn<Contract>(t('actions'), 200, (row) => (
      <>
        <Button size="small" onClick={() => setViewing(row)}>
          {t('ctTiers')}
        </Button>
        {can('contracts.manage') && (row.status === 'OFFERED' || (row.status === 'ACCEPTED' && row.endsAt === null)) ? (
          <Button size="small" color="error" onClick={() => setEnding(row)} data-testid={`bo-terminate-${row.id}`}>
            {t('ctTerminate')}
          </Button>
        ) : null}
      </>
    )),
  ];
  return (
    <Stack spacing={2}>
      <ContractFilters
        filters={filters}
        statuses={CONTRACT_STATUSES}
        statusLabel={(s) => t(statusKey(s))}
        statusWidth={150}
        actions={
          can('contracts.manage') ? (
            <Button variant="outlined" onClick={() => setOffering(true)} data-testid="bo-offer-contract">
              {t('ctOffer')}
            </Button>
          ) : null
        }
      >
        <FilterSelect
          label={t('ctOfferedBy')}
          value={filters.draft.topLevel}
          onValue={(topLevel) => filters.setDraft({ ...filters.draft, topLevel })}
          allLabel={t('ctAll')}
          options={['true'] as const}
          optionLabel={() => t('ctOperator')}
          minWidth={150}
        />
      </ContractFilters>
      {list.error ? <Alert severity="error">{errorText(list.error)}</Alert> : null}
      {terminate.error ? <Alert severity="error">{errorText(terminate.error)}</Alert> : null}
      <DataGrid
        autoHeight
        rows={list.data?.items ?? []}
        rowCount={list.data?.total ?? 0}
        columns={columns}
        loading={list.isFetching}
        {...gridPaging}
        showToolbar
        localeText={{ noRowsLabel: t('ctNone') }}
        sx={{ bgcolor: 'background.paper' }}
        data-testid="bo-contracts"
      />
      {offering ? <OfferDialog onClose={() => setOffering(false)} /> : null}
      <ActionDialog
        open={viewing !== null}
        title={viewing ? `${t(kindKey(viewing.kind))} · ${viewing.holder.account}` : ''}
        onClose={() => setViewing(null)}
        maxWidth="sm"
        bare
      >
        {viewing ? <TierList contract={viewing} /> : null}
      </ActionDialog>
      <ActionDialog
        open={ending !== null}
        title={t('confirmTitle')}
        onClose={() => setEnding(null)}
        onConfirm={() => ending && terminate.mutate(ending.id)}
        confirmLabel={t('ctTerminate')}
        confirmColor="error"
        confirmTestId="bo-terminate-confirm"
        confirmDisabled={terminate.isPending}
      >
        <Typography>{t('ctTerminateText')}</Typography>
      </ActionDialog>
    </Stack>
  );
}

function TierList({ contract }: { contract: Contract }) {
  const { t } = useI18n();
  return (
    <Stack spacing={1} data-testid="bo-contract-tiers">
      {contract.tiers.map((tier, i) => (
        <Card key={i} variant="outlined">
          <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Typography variant="subtitle2">{t('ctTier', { n: i + 1 })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {contract.kind === 'DIVIDEND' ? t('ctMinLoss') : t('ctMinValidBet')}:{' '}
              {formatMoney(thresholdOf(tier, contract.kind), 'KRW')} · {t('ctMinActive')}: {tier.minActiveMembers} ·{' '}
              {t('ctRate')}: {formatRate(tier.rate)}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** An offer to a top-level agent: the same tier rules as the agents' own form, capped at 100 %. */
function OfferDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState<ContractKind>('DAILY_SALARY');
  const [period, setPeriod] = useState<(typeof DIVIDEND_PERIODS)[number]>('WEEKLY');
  const [drafts, setDrafts] = useState<TierDraft[]>([emptyDraft()]);
  const [errors, setErrors] = useState<TierErrors[]>([]);
  const [accountMissing, setAccountMissing] = useState(false);
  const offer = useMutation({
    mutationFn: (body: z.input<NonNullable<typeof boOfferContract.body>>) => call(boOfferContract, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['contracts'] });
      onClose();
    },
  });
  const issue = (i: number, f: keyof TierErrors) => {
    const code = errors[i]?.[f];
    return code ? t(`ctIssue_${code}` as Key) : undefined;
  };
  const set = (i: number, patch: Partial<TierDraft>) =>
    setDrafts(drafts.map((d, j) => (j === i ? { ...d, ...patch } : d)));
  const submit = () => {
    const checked = checkTiers(drafts, kind, null);
    setAccountMissing(account.trim() === '');
    if (!checked.ok) return setErrors(checked.rows);
    setErrors([]);
    if (account.trim() === '') return;
    offer.mutate({ account: account.trim(), kind, ...(kind === 'DIVIDEND' ? { period } : {}), tiers: checked.tiers });
  };
  return (
    <ActionDialog
      title={t('ctOffer')}
      onClose={onClose}
      onConfirm={submit}
      confirmLabel={t('ctSend')}
      confirmTestId="bo-offer-submit"
      confirmDisabled={offer.isPending}
      error={offer.error}
      form
      formTestId="bo-offer-form"
      maxWidth="md"
    >
      <Typography color="text.secondary">{t('ctOfferLead')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          label={t('ctAgentAccount')}
          value={account}
          onChange={(e) => setAccount(e.target.value)}
          error={accountMissing}
          helperText={accountMissing ? t('ctIssue_required') : undefined}
          name="account"
          sx={{ flex: 1 }}
        />
        <SelectField
          label={t('ctKind')}
          value={kind}
          onValue={setKind}
          options={CONTRACT_KINDS}
          optionLabel={(k) => t(kindKey(k))}
          sx={{ minWidth: 180 }}
        />
        {kind === 'DIVIDEND' ? (
          <SelectField
            label={t('ctPeriod')}
            value={period}
            onValue={setPeriod}
            options={DIVIDEND_PERIODS}
            optionLabel={(p) => t(`ctPeriod_${p}` as Key)}
            sx={{ minWidth: 160 }}
          />
        ) : null}
      </Stack>
      <Typography variant="subtitle2">{t('ctTierRules')}</Typography>
      {drafts.map((d, i) => (
        <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={`${kind === 'DIVIDEND' ? t('ctMinLoss') : t('ctMinValidBet')} (${t('ctTier', { n: i + 1 })})`}
            value={d.threshold}
            onChange={(e) => set(i, { threshold: e.target.value })}
            error={Boolean(issue(i, 'threshold'))}
            helperText={issue(i, 'threshold')}
            name={`tier-${i}-threshold`}
            sx={{ flex: 2 }}
          />
          <TextField
            size="small"
            label={t('ctMinActive')}
            value={d.activeMembers}
            onChange={(e) => set(i, { activeMembers: e.target.value })}
            error={Boolean(issue(i, 'activeMembers'))}
            helperText={issue(i, 'activeMembers')}
            name={`tier-${i}-members`}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label={t('ctRatePercent')}
            value={d.percent}
            onChange={(e) => set(i, { percent: e.target.value })}
            error={Boolean(issue(i, 'percent'))}
            helperText={issue(i, 'percent')}
            name={`tier-${i}-rate`}
            sx={{ flex: 1 }}
          />
          <IconButton
            aria-label={t('ctRemoveTier', { n: i + 1 })}
            disabled={drafts.length === 1}
            onClick={() => setDrafts(drafts.filter((_, j) => j !== i))}
          >
            <Close />
          </IconButton>
        </Stack>
      ))}
      {drafts.length < CONTRACT_LIMITS.maxTiers ? (
        <Button onClick={() => setDrafts([...drafts, emptyDraft()])} sx={{ alignSelf: 'flex-start' }}>
          {t('ctAddTier')}
        </Button>
      ) : null}
    </ActionDialog>
  );
}

function SettlementsList() {
  const { t, errorText } = useI18n();
  const filters = useListFilter({ kind: '', status: '', account: '', from: '', to: '' });
  const { paging, filter, gridPaging } = filters;
  const list = useQuery({
    queryKey: ['contract-settlements', paging, filter],
    queryFn: () =>
      call(boListSettlements, {
        query: {
          page: paging.page + 1,
          pageSize: paging.pageSize,
          kind: (filter.kind || undefined) as ContractKind | undefined,
          status: (filter.status || undefined) as (typeof SETTLEMENT_STATUSES)[number] | undefined,
          account: filter.account || undefined,
          from: filter.from || undefined,
          to: filter.to || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });
  const v = list.data;
  const money = (m: string) => formatMoney(m, v?.currency ?? 'KRW');
  const columns: GridColDef<NonNullable<typeof v>['items'][number]>[] = [
    { field: 'periodKey', headerName: t('ctPeriodKey'), width: 150 },
    { field: 'kind', headerName: t('ctKind'), width: 140, valueFormatter: (x: string) => t(kindKey(x)) },
    { field: 'holder', headerName: t('ctHolder'), width: 130, valueGetter: (_x, r) => r.holder.account },
    { field: 'payer', headerName: t('ctPayer'), width: 130, valueGetter: (_x, r) => r.payer?.account ?? t('ctHouse') },
    { field: 'validBet', headerName: t('ctValidBet'), width: 140, valueFormatter: (x: string) => money(x) },
    { field: 'loss', headerName: t('ctLoss'), width: 130, valueFormatter: (x: string) => money(x) },
    { field: 'activeMembers', headerName: t('ctActiveMembers'), width: 110 },
    {
      field: 'tier',
      headerName: t('ctTierCol'),
      width: 80,
      valueFormatter: (x: number | null) => (x === null ? '—' : String(x + 1)),
    },
    { field: 'rate', headerName: t('ctRate'), width: 90, valueFormatter: (x: string) => formatRate(x) },
    { field: 'amount', headerName: t('amount'), width: 130, valueFormatter: (x: string) => money(x) },
    chipColumn({
      headerName: t('status'),
      width: 120,
      label: (row) => t(`ctSettlement_${row.status}` as Key),
      color: (row) => (row.status === 'PAID' ? 'success' : row.status === 'ZERO' ? 'default' : 'warning'),
    }),
    { field: 'settledAt', headerName: t('ctSettledAt'), width: 170, valueFormatter: (x: string) => formatTime(x) },
  ];
  return (
    <Stack spacing={2}>
      <ContractFilters
        filters={filters}
        statuses={SETTLEMENT_STATUSES}
        statusLabel={(s) => t(`ctSettlement_${s}` as Key)}
        statusWidth={140}
      >
        <TextField
          size="small"
          type="date"
          label={t('ctFrom')}
          value={filters.draft.from}
          onChange={(e) => filters.setDraft({ ...filters.draft, from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('ctTo')}
          value={filters.draft.to}
          onChange={(e) => filters.setDraft({ ...filters.draft, to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </ContractFilters>
      {list.error ? <Alert severity="error">{errorText(list.error)}</Alert> : null}
      {v ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="bo-settlement-totals">
          <Chip label={`${v.from} – ${v.to}`} />
          <Chip label={`${t('ctCount')}: ${v.totals.count}`} />
          <Chip label={`${t('amount')}: ${money(v.totals.amount)}`} color="primary" />
          <Chip label={`${t('ctSettlement_PAID')}: ${money(v.totals.paid)}`} color="success" />
          <Chip label={`${t('ctSettlement_OWED')}: ${money(v.totals.owed)}`} color="warning" />
          <Chip label={`${t('ctSettlement_CLAIMABLE')}: ${money(v.totals.claimable)}`} />
        </Stack>
      ) : null}
      <DataGrid
        autoHeight
        rows={v?.items ?? []}
        rowCount={v?.total ?? 0}
        columns={columns}
        loading={list.isFetching}
        {...gridPaging}
        showToolbar
        localeText={{ noRowsLabel: t('ctNoSettlements') }}
        sx={{ bgcolor: 'background.paper' }}
        data-testid="bo-settlements"
      />
    </Stack>
  );
}
