import type { Deposit, Withdrawal } from '@portal/contracts/wallet/cashier.contract.ts';

export type Tone = 'pending' | 'success' | 'danger' | 'muted' | 'info';

export function depositTone(status: Deposit['status']): Tone {
  switch (status) {
    case 'PENDING':
      return 'pending';
    case 'CONFIRMED':
      return 'success';
    case 'REJECTED':
      return 'danger';
    case 'CANCELLED':
      return 'muted';
  }
}

/**
 * A withdrawal as the player sees it: approved ones wait for the player's answer first, then show
 * that answer (received, not received, full payment; AUTO when the timeout answered).
 */
export function withdrawalState(w: Withdrawal): { key: string; tone: Tone } {
  if (w.status === 'PENDING') return { key: 'status.PENDING', tone: 'pending' };
  if (w.status === 'REJECTED') return { key: 'status.REJECTED', tone: 'danger' };
  if (!w.confirmation) return { key: 'status.AWAITING_CONFIRMATION', tone: 'info' };
  if (w.confirmation === 'NOT_RECEIVED') return { key: 'status.NOT_RECEIVED', tone: 'danger' };
  return { key: `status.${w.confirmation}`, tone: 'success' };
}
