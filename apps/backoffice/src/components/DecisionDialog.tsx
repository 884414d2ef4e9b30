import { Alert, Button, TextField } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useI18n } from '../i18n.tsx';
import { ActionDialog } from './ActionDialog.tsx';

/** The most a staff reason may hold (the calls' limit). */
const REASON_MAX = 200;

/** What both reason dialogs take: their title, the call's state, closing, and the prefix of their test ids. */
interface ReasonDialogBase {
  title: ReactNode;
  pending: boolean;
  error: unknown;
  onClose(): void;
  testId: string;
}

const frame = (p: ReasonDialogBase) => ({
  title: p.title,
  onClose: p.onClose,
  error: p.error,
  fullScreenBelow: 'sm' as const,
});

function ReasonField(p: { label: string; value: string; onChange(v: string): void; testId: string }) {
  return (
    <TextField
      label={p.label}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
      size="small"
      slotProps={{ htmlInput: { maxLength: REASON_MAX, 'data-testid': `${p.testId}-reason` } }}
    />
  );
}

/**
 * A staff decision on something waiting: while `waiting`, a reason field, Reject (needs the reason)
 * and Approve; otherwise the record and the reason it was rejected with. Test ids are `<testId>-reason`,
 * `-reject` and `-approve`.
 */
export function DecisionDialog(
  p: ReasonDialogBase & {
    waiting: boolean;
    rejectReason: string | null;
    onDecide(decision: 'APPROVE' | 'REJECT', reason: string): void;
    maxWidth?: 'xs' | 'sm';
    children: ReactNode;
  },
) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      {...frame(p)}
      maxWidth={p.maxWidth ?? 'sm'}
      extraActions={
        p.waiting && (
          <Button
            onClick={() => p.onDecide('REJECT', reason.trim())}
            disabled={p.pending || reason.trim() === ''}
            data-testid={`${p.testId}-reject`}
          >
            {t('appReject')}
          </Button>
        )
      }
      {...(p.waiting
        ? {
            onConfirm: () => p.onDecide('APPROVE', ''),
            confirmLabel: t('appApprove'),
            confirmDisabled: p.pending,
            confirmTestId: `${p.testId}-approve`,
          }
        : {})}
    >
      {p.children}
      {p.rejectReason && <Alert severity="info">{p.rejectReason}</Alert>}
      {p.waiting && <ReasonField label={t('appReason')} value={reason} onChange={setReason} testId={p.testId} />}
    </ActionDialog>
  );
}

/** Asks for a reason before an action that needs one (cancel a bonus): the action waits for the words. */
export function ReasonDialog(
  p: ReasonDialogBase & { lead?: ReactNode; label: string; confirmLabel: string; onConfirm(reason: string): void },
) {
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      {...frame(p)}
      maxWidth="xs"
      onConfirm={() => p.onConfirm(reason.trim())}
      confirmLabel={p.confirmLabel}
      confirmDisabled={p.pending || reason.trim() === ''}
      confirmTestId={`${p.testId}-confirm`}
    >
      {p.lead}
      <ReasonField label={p.label} value={reason} onChange={setReason} testId={p.testId} />
    </ActionDialog>
  );
}
