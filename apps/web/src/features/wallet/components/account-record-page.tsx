import {
  ACCOUNT_RECORD_STATUSES,
  ACCOUNT_RECORD_TYPES,
  type AccountRecord,
} from '@portal/contracts/wallet/history.contract.ts';
import { useTranslation } from 'react-i18next';
import { useAccountRecord } from '../api/history-api.ts';
import { useHistoryFilters } from '../hooks/use-history-filters.ts';
import type { Tone } from '../lib/statuses.ts';
import { HistoryPage, SignedMoney, timeColumn } from './history-controls.tsx';
import { StatusBadge } from './status-badge.tsx';

function recordState(r: AccountRecord): { key: string; tone: Tone } {
  if (r.type === 'WITHDRAWAL' && r.status === 'APPROVED')
    return r.confirmation
      ? { key: `status.${r.confirmation}`, tone: r.confirmation === 'NOT_RECEIVED' ? 'danger' : 'success' }
      : { key: 'status.AWAITING_CONFIRMATION', tone: 'info' };
  const tone: Record<AccountRecord['status'], Tone> = {
    PENDING: 'pending',
    CONFIRMED: 'success',
    APPROVED: 'success',
    REJECTED: 'danger',
    CANCELLED: 'muted',
  };
  return { key: `status.${r.status}`, tone: tone[r.status] };
}

/** personalHistoryCopy (account record): deposits and withdrawals with their status; by type, status and dates. */
export function AccountRecordPage() {
  const { t } = useTranslation('wallet');
  const f = useHistoryFilters<{ type: string | undefined; status: string | undefined }>({
    type: undefined,
    status: undefined,
  });
  const q = useAccountRecord(f.query);
  return (
    <HistoryPage<AccountRecord>
      testId="account-record"
      filters={f}
      selects={[
        f.select(
          'type',
          t('history.type'),
          ACCOUNT_RECORD_TYPES.map((ty) => ({ value: ty, label: t(`history.recordType.${ty}`) })),
        ),
        f.select(
          'status',
          t('fields.status'),
          ACCOUNT_RECORD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        ),
      ]}
      query={q}
      rowKey={(r) => `${r.type}-${r.id}`}
      columns={[
        timeColumn(t('fields.time'), (r) => r.createdAt),
        { key: 'type', label: t('history.type'), cell: (r) => t(`history.recordType.${r.type}`) },
        {
          key: 'method',
          label: t('fields.method'),
          cell: (r) =>
            r.type === 'DEPOSIT' && (r.method === 'BANK_TRANSFER' || r.method === 'ONLINE_GATEWAY')
              ? t(`depositPage.kind.${r.method === 'BANK_TRANSFER' ? 'BANK_TRANSFER' : 'GATEWAY'}`)
              : r.method,
        },
        { key: 'order', label: t('fields.orderNo'), cell: (r) => <span className="mono muted">{r.id}</span> },
        {
          key: 'amount',
          label: t('fields.amount'),
          align: 'end',
          cell: (r) => <SignedMoney minor={r.amount} forceSign={r.type === 'DEPOSIT' ? '+' : '-'} />,
        },
        {
          key: 'status',
          label: t('fields.status'),
          align: 'end',
          cell: (r) => {
            const s = recordState(r);
            return (
              <span className="status-cell">
                <StatusBadge tone={s.tone} labelKey={s.key} />
                {r.rejectReason ? <span className="muted small">{r.rejectReason}</span> : null}
              </span>
            );
          },
        },
      ]}
    />
  );
}
