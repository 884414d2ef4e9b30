import {
  boCashierSettings,
  boSetPaymentMethod,
  boSetWithdrawalPolicy,
} from '@portal/contracts/backoffice/cashier.contract.ts';
import { CASHIER, SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { formatMoney, minorToInput, parseAmount, type AmountCheck } from '@portal/contracts/money.ts';
import {
  ReceivingAccountSchema,
  type ReceivingAccount,
  type OperatorPaymentMethod,
  type WithdrawalPolicy,
} from '@portal/contracts/wallet/cashier-ops.contract.ts';
import { Alert, Button, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import type { Messages } from '../messages/en.ts';
import { useSession } from '../session.tsx';
import { ActionDialog } from '../components/ActionDialog.tsx';
import { switchColumn } from '../components/GridCells.tsx';
import { SwitchField } from '../components/SwitchField.tsx';
import { SaveRow, SectionCard } from '../components/SectionCard.tsx';

const KEY = ['bo-cashier-settings'];
type Change = {
  code: string;
  enabled?: boolean;
  minAmount?: string;
  maxAmount?: string;
  sort?: number;
  receivingAccount?: ReceivingAccount;
};

const AMOUNT_ISSUE: Record<Exclude<AmountCheck, { ok: true }>['issue'], keyof Messages> = {
  required: 'csRequired',
  format: 'csAmountFormat',
  decimals: 'csAmountDecimals',
  positive: 'csAmountPositive',
  min: 'csAmountPositive',
  max: 'csAmountTooLarge',
};

/** Two amount inputs (currency units) checked as the server checks them: positive, two decimals, min ≤ max. */
function useBounds(min: string, max: string) {
  const { t } = useI18n();
  const [lo, setLo] = useState(minorToInput(min));
  const [hi, setHi] = useState(minorToInput(max));
  const a = parseAmount(lo);
  const b = parseAmount(hi);
  const reversed = a.ok && b.ok && BigInt(a.minor) > BigInt(b.minor);
  return {
    lo,
    hi,
    setLo,
    setHi,
    loError: !a.ok ? t(AMOUNT_ISSUE[a.issue]) : reversed ? t('csAmountReversed') : undefined,
    hiError: !b.ok ? t(AMOUNT_ISSUE[b.issue]) : undefined,
    value: a.ok && b.ok && !reversed ? { minAmount: a.minor, maxAmount: b.minor } : null,
  };
}

/** What an amount input means, as the player site shows money (₩10,000.00). */
const shown = (input: string) => {
  const a = parseAmount(input);
  return a.ok ? formatMoney(a.minor, SITE_CURRENCY) : undefined;
};

/** A refused bound the server names (`body.minAmount`): shown at its field, in the staff member's language. */
const serverBoundError = (e: unknown, t: (k: keyof Messages) => string) =>
  e instanceof ApiError && e.code === 'VALIDATION_FAILED' && /^body\.(minAmount|maxAmount)$/.test(e.field ?? '')
    ? t('csAmountReversed')
    : undefined;

/**
 * The cashier's settings: the deposit methods (on or off, bounds, order, the bank account players pay
 * into) and the withdrawal policy — the same services and rules as `npm run ops -- method|withdrawals-policy`.
 */
export function CashierSettingsScreen() {
  const { t, errorText } = useI18n();
  const { can } = useSession();
  const manage = can('cashier.settings');
  const settings = useQuery({ queryKey: KEY, queryFn: () => call(boCashierSettings) });
  return (
    <Stack spacing={3} data-testid="cashier-settings">
      <Typography variant="h5">{t('csTitle')}</Typography>
      {!manage && <Alert severity="info">{t('siteReadOnly')}</Alert>}
      {settings.error && <Alert severity="error">{errorText(settings.error)}</Alert>}
      {settings.data && (
        <>
          <Methods methods={settings.data.methods} manage={manage} />
          <Policy policy={settings.data.withdrawalPolicy} manage={manage} />
        </>
      )}
    </Stack>
  );
}

function Methods({ methods, manage }: { methods: OperatorPaymentMethod[]; manage: boolean }) {
  const { t, errorText } = useI18n();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<OperatorPaymentMethod | null>(null);
  const toggle = useMutation({
    mutationFn: (body: Change) => call(boSetPaymentMethod, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const money = { valueFormatter: (v: string, row: OperatorPaymentMethod) => formatMoney(v, row.currency) };
  const columns: GridColDef<OperatorPaymentMethod>[] = [
    { field: 'sort', headerName: t('order'), width: 70, type: 'number' },
    { field: 'name', headerName: t('name'), minWidth: 120, flex: 1 },
    {
      field: 'kind',
      headerName: t('csKind'),
      width: 120,
      valueFormatter: (v: string) => t(`csKind_${v}` as keyof Messages),
    },
    switchColumn({
      field: 'enabled',
      headerName: t('enabled'),
      width: 80,
      rowName: (row) => row.code,
      disabled: !manage || toggle.isPending,
      checked: (row) => row.enabled,
      onToggle: (row, enabled) => toggle.mutate({ code: row.code, enabled }),
    }),
    { field: 'minAmount', headerName: t('csMin'), width: 110, ...money },
    { field: 'maxAmount', headerName: t('csMax'), width: 130, ...money },
    {
      field: 'receivingAccount',
      headerName: t('csReceivingAccount'),
      minWidth: 200,
      flex: 1,
      valueGetter: (_v, row) =>
        row.receivingAccount
          ? `${row.receivingAccount.bankName} ${row.receivingAccount.accountNumber} · ${row.receivingAccount.accountHolder}`
          : '—',
    },
    {
      field: 'actions',
      headerName: '',
      width: 80,
      sortable: false,
      filterable: false,
      disableExport: true,
      renderCell: (p) =>
        manage && (
          <Button size="small" onClick={() => setEditing(p.row)} aria-label={t('csEditMethod', { name: p.row.code })}>
            {t('siteEdit')}
          </Button>
        ),
    },
  ];
  return (
    <SectionCard title={t('csMethods')} lead={t('csMethodsLead')} testId="payment-methods">
      {toggle.error && <Alert severity="error">{errorText(toggle.error)}</Alert>}
      <DataGrid
        autoHeight
        rows={methods}
        getRowId={(r) => r.code}
        columns={columns}
        hideFooter
        disableRowSelectionOnClick
        sx={{ border: 0 }}
      />
      {editing && <MethodDialog method={editing} onClose={() => setEditing(null)} />}
    </SectionCard>
  );
}

function MethodDialog({ method, onClose }: { method: OperatorPaymentMethod; onClose(): void }) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const bounds = useBounds(method.minAmount, method.maxAmount);
  const [enabled, setEnabled] = useState(method.enabled);
  const [sort, setSort] = useState(String(method.sort));
  const bank = method.kind === 'BANK_TRANSFER';
  const [account, setAccount] = useState(
    method.receivingAccount ?? { bankName: '', accountHolder: '', accountNumber: '' },
  );
  const save = useMutation({
    mutationFn: (body: Change) => call(boSetPaymentMethod, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
    onSuccess: onClose,
  });
  const sortN = Number(sort);
  const sortError =
    Number.isInteger(sortN) && sortN >= 0 && sortN <= 9999 && sort.trim() !== '' ? undefined : t('csOrderInvalid');
  const parsedAccount = ReceivingAccountSchema.safeParse(account);
  const accountIssue = (k: keyof typeof account) =>
    !bank || parsedAccount.success
      ? undefined
      : parsedAccount.error.issues.some((i) => i.path[0] === k)
        ? k === 'accountNumber' && account.accountNumber.trim() !== ''
          ? t('csAccountNumberInvalid')
          : t('csRequired')
        : undefined;
  const submit = () => {
    if (!bounds.value || sortError || (bank && !parsedAccount.success)) return;
    save.mutate({
      code: method.code,
      enabled,
      ...bounds.value,
      sort: sortN,
      ...(bank && parsedAccount.success ? { receivingAccount: parsedAccount.data } : {}),
    });
  };
  const serverBound = serverBoundError(save.error, t);
  return (
    <ActionDialog
      title={t('csEditMethod', { name: method.name })}
      onClose={onClose}
      onConfirm={submit}
      confirmDisabled={save.isPending}
      error={serverBound ? null : save.error}
      form
      maxWidth="sm"
    >
      <SwitchField label={t('enabled')} checked={enabled} onChange={setEnabled} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={`${t('csMin')} (${method.currency})`}
          value={bounds.lo}
          onChange={(e) => bounds.setLo(e.target.value)}
          error={Boolean(bounds.loError ?? serverBound)}
          helperText={bounds.loError ?? serverBound}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          fullWidth
        />
        <TextField
          label={`${t('csMax')} (${method.currency})`}
          value={bounds.hi}
          onChange={(e) => bounds.setHi(e.target.value)}
          error={Boolean(bounds.hiError)}
          helperText={bounds.hiError}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          fullWidth
        />
      </Stack>
      <TextField
        label={t('order')}
        value={sort}
        onChange={(e) => setSort(e.target.value)}
        error={Boolean(sortError)}
        helperText={sortError}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        sx={{ maxWidth: 160 }}
      />
      {bank ? (
        <>
          <Typography variant="subtitle2">{t('csReceivingAccount')}</Typography>
          <TextField
            label={t('bankName')}
            value={account.bankName}
            onChange={(e) => setAccount({ ...account, bankName: e.target.value })}
            error={Boolean(accountIssue('bankName'))}
            helperText={accountIssue('bankName')}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <TextField
            label={t('csAccountHolder')}
            value={account.accountHolder}
            onChange={(e) => setAccount({ ...account, accountHolder: e.target.value })}
            error={Boolean(accountIssue('accountHolder'))}
            helperText={accountIssue('accountHolder')}
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <TextField
            label={t('accountNumber')}
            value={account.accountNumber}
            onChange={(e) => setAccount({ ...account, accountNumber: e.target.value })}
            error={Boolean(accountIssue('accountNumber'))}
            helperText={accountIssue('accountNumber')}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
        </>
      ) : (
        <FormHelperText>{t('csNotBank')}</FormHelperText>
      )}
    </ActionDialog>
  );
}

function Policy({ policy, manage }: { policy: WithdrawalPolicy; manage: boolean }) {
  const { t, errorText } = useI18n();
  const qc = useQueryClient();
  const bounds = useBounds(policy.minAmount, policy.maxAmount);
  const [onePending, setOnePending] = useState(policy.singlePendingWithdrawal);
  const [minutes, setMinutes] = useState(String(policy.autoReceiptMinutes));
  const save = useMutation({
    mutationFn: (body: Partial<WithdrawalPolicy>) => call(boSetWithdrawalPolicy, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
  const m = Number(minutes);
  const minutesError =
    minutes.trim() !== '' &&
    Number.isInteger(m) &&
    m >= CASHIER.autoReceiptMinutesMin &&
    m <= CASHIER.autoReceiptMinutesMax
      ? undefined
      : t('csMinutesInvalid', { min: CASHIER.autoReceiptMinutesMin, max: CASHIER.autoReceiptMinutesMax });
  const serverBound = serverBoundError(save.error, t);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!bounds.value || minutesError) return;
    save.mutate({ ...bounds.value, singlePendingWithdrawal: onePending, autoReceiptMinutes: m });
  };
  return (
    <SectionCard title={t('csPolicy')} lead={t('csPolicyLead')} testId="withdrawal-policy">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('csPolicyMin')}
            value={bounds.lo}
            disabled={!manage}
            onChange={(e) => bounds.setLo(e.target.value)}
            error={Boolean(bounds.loError ?? serverBound)}
            helperText={bounds.loError ?? serverBound ?? shown(bounds.lo)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
          />
          <TextField
            label={t('csPolicyMax')}
            value={bounds.hi}
            disabled={!manage}
            onChange={(e) => bounds.setHi(e.target.value)}
            error={Boolean(bounds.hiError)}
            helperText={bounds.hiError ?? shown(bounds.hi)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
          />
        </Stack>
        <Stack>
          <SwitchField label={t('csOnePending')} checked={onePending} disabled={!manage} onChange={setOnePending} />
          <FormHelperText sx={{ mt: 0 }}>{t('csOnePendingHelp')}</FormHelperText>
        </Stack>
        <TextField
          label={t('csAutoReceipt')}
          value={minutes}
          disabled={!manage}
          onChange={(e) => setMinutes(e.target.value)}
          error={Boolean(minutesError)}
          helperText={minutesError ?? t('csAutoReceiptHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: 420 }}
        />
        <SaveRow
          pending={save.isPending}
          saved={save.isSuccess}
          error={save.error && !serverBound && <Alert severity="error">{errorText(save.error)}</Alert>}
          manage={manage}
        />
      </Stack>
    </SectionCard>
  );
}
