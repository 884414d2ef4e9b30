import { CASHIER } from '@portal/contracts/limits.ts';
import type { ScheduledTask } from '../../jobs/job-queue.ts';
import type { CashierWithdrawals } from './cashier-withdrawals.service.ts';

/** Every minute: approved withdrawals the player left unanswered past the operator's minutes count as received. */
export const withdrawalAutoReceiptTask = (withdrawals: CashierWithdrawals): ScheduledTask => ({
  name: 'withdrawal-auto-receipt',
  everyMs: CASHIER.autoReceiptCheckMs,
  run: async ({ now }) => ({ received: await withdrawals.autoReceive(now) }),
});
