import { CASHIER } from '@portal/contracts/limits.ts';
import type { ScheduledTask } from '../../jobs/job-queue.ts';
import { autoReceiveWithdrawals } from './cashier-withdrawals.service.ts';

/** Every minute: approved withdrawals the player left unanswered past the operator's minutes count as received. */
export const withdrawalAutoReceiptTask: ScheduledTask = {
  name: 'withdrawal-auto-receipt',
  everyMs: CASHIER.autoReceiptCheckMs,
  run: async ({ db, now }) => ({ received: await autoReceiveWithdrawals(db, now) }),
};
