import type { BankAccount, Withdrawal } from '@portal/contracts/wallet/cashier.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { localizeError } from '../../../lib/errors.ts';
import { useConfirmWithdrawal, useWithdrawals } from '../api/cashier-api.ts';
import { useMoney } from '../hooks/use-money.ts';
import { withdrawalState } from '../lib/statuses.ts';
import { FormError } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { QueryBody } from '../../../components/ui/query-body.tsx';
import { CashierCardHead, ReloadButton } from './cashier-card-head.tsx';
import { ProofDialog } from './proof-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The answers of an approved withdrawal, in the contract's order. */
function ConfirmActions({ withdrawal, onNotReceived }: { withdrawal: Withdrawal; onNotReceived: () => void }) {
  const { t } = useTranslation('wallet');
  const confirm = useConfirmWithdrawal();
  const [error, setError] = useState<string | null>(null);
  const answer = async (result: 'RECEIVED' | 'FULL_PAYMENT') => {
    setError(null);
    try {
      await confirm.mutateAsync({ id: withdrawal.id, result });
    } catch (e) {
      setError(localizeError(e));
    }
  };
  return (
    <div className="confirm-actions" data-testid={`confirm-${withdrawal.id}`}>
      <p className="confirm-actions__ask">{t('withdrawPage.confirm.ask')}</p>
      <div className="confirm-actions__buttons">
        <Button
          size="sm"
          disabled={confirm.isPending}
          onClick={() => void answer('RECEIVED')}
          data-testid="confirm-received"
        >
          <Icon name="check" size={14} />
          {t('withdrawPage.confirm.RECEIVED')}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={confirm.isPending}
          onClick={() => void answer('FULL_PAYMENT')}
          data-testid="confirm-full"
        >
          {t('withdrawPage.confirm.FULL_PAYMENT')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={confirm.isPending}
          onClick={onNotReceived}
          data-testid="confirm-not-received"
        >
          {t('withdrawPage.confirm.NOT_RECEIVED')}
        </Button>
      </div>
      <FormError error={error} />
    </div>
  );
}

/** The player's latest withdrawals; approved ones not yet answered ask "did you receive it?". */
export function WithdrawalList({ accounts }: { accounts: BankAccount[] }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const withdrawals = useWithdrawals();
  const [proofFor, setProofFor] = useState<Withdrawal | null>(null);
  const rows = withdrawals.data?.withdrawals ?? [];
  const accountOf = (id: string) => accounts.find((a) => a.id === id);
  const awaiting = rows.filter((w) => w.status === 'APPROVED' && !w.confirmation);

  return (
    <section className="cashier-card" aria-labelledby="withdrawal-list-title">
      <CashierCardHead id="withdrawal-list-title" icon="clock" title={t('withdrawPage.recent')}>
        <ReloadButton busy={withdrawals.isFetching} onReload={withdrawals.refetch} />
      </CashierCardHead>
      {awaiting.length > 0 ? (
        <p className="inline-note" data-testid="confirm-note">
          <Icon name="warning" size={16} />
          {t('withdrawPage.confirm.note')}
        </p>
      ) : null}
      <QueryBody
        query={withdrawals}
        failed={t('common.loadFailed')}
        empty={
          rows.length === 0 && (
            <EmptyState icon="wallet" title={t('common.noData')}>
              {t('withdrawPage.emptyText')}
            </EmptyState>
          )
        }
      >
        <DataTable<Withdrawal>
          caption={t('withdrawPage.recent')}
          testId="withdrawal-list"
          rows={rows}
          rowKey={(w) => w.id}
          rowTestId={(w) => `withdrawal-${w.id}`}
          columns={[
            {
              key: 'time',
              label: t('fields.time'),
              cell: (w) => <span className="nowrap">{formatDateTime(w.createdAt)}</span>,
              primary: true,
            },
            {
              key: 'account',
              label: t('fields.account'),
              cell: (w) => {
                const a = accountOf(w.bankAccountId);
                return a ? (
                  <span className="account-cell">
                    <span>{a.bankName}</span>
                    <span className="mono muted">{a.accountNumberMasked}</span>
                  </span>
                ) : (
                  '—'
                );
              },
            },
            {
              key: 'amount',
              label: t('fields.amount'),
              align: 'end',
              // A rejected withdrawal went back to the wallet: no sign, no colour.
              cell: (w) =>
                w.status === 'REJECTED' ? (
                  <span className="amount amount--zero">
                    {money.symbol}
                    {money.format(w.amount)}
                  </span>
                ) : (
                  <span className="amount amount--out">
                    -{money.symbol}
                    {money.format(w.amount)}
                  </span>
                ),
            },
            {
              key: 'status',
              label: t('fields.status'),
              align: 'end',
              cell: (w) => {
                const state = withdrawalState(w);
                return (
                  <span className="status-cell">
                    <StatusBadge tone={state.tone} labelKey={state.key} testId="withdrawal-status" />
                    {w.confirmedBy === 'AUTO' ? (
                      <span className="muted small">{t('withdrawPage.confirm.auto')}</span>
                    ) : null}
                    {w.status === 'REJECTED' && w.rejectReason ? (
                      <span className="muted small">{w.rejectReason}</span>
                    ) : null}
                  </span>
                );
              },
            },
          ]}
        />
      </QueryBody>
      {awaiting.map((w) => (
        <div key={w.id} className="confirm-card" data-testid="confirm-card">
          <div className="confirm-card__info">
            <span className="confirm-card__amount">
              {money.symbol}
              {money.format(w.amount)}
            </span>
            <span className="muted small">
              {t('withdrawPage.confirm.approvedAt', { time: formatDateTime(w.decidedAt) ?? '' })}
            </span>
          </div>
          <ConfirmActions withdrawal={w} onNotReceived={() => setProofFor(w)} />
        </div>
      ))}
      <ProofDialog withdrawal={proofFor} onClose={() => setProofFor(null)} />
    </section>
  );
}
