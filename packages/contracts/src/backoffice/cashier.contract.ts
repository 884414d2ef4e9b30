import { z } from 'zod';
import { defineRoute } from '../http.ts';
import {
  DepositDecision,
  OperatorDeposit,
  OperatorWithdrawal,
  WithdrawalDecision,
} from '../wallet/cashier.contract.ts';
import { getCashierSettings, setPaymentMethod, setWithdrawalPolicy } from '../wallet/cashier-ops.contract.ts';
import { staff } from './staff.contract.ts';

const Id = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');
const Reason = z.string().trim().max(200).optional();

/** The whole queue's count and sum per currency, added up on the server (the grid may show part of it). */
export const QueueTotalsSchema = z.array(
  z.object({ currency: z.string(), count: z.number().int(), amount: z.string() }),
);

/** The back office's cashier queues: the same services and rules as `npm run ops`, per staff permission. */
export const boPendingDeposits = defineRoute({
  operationId: 'boPendingDeposits',
  method: 'GET',
  path: '/api/bo/cashier/deposits',
  summary: 'Back office: bank-transfer deposits waiting for a decision, oldest first.',
  tags: ['backoffice'],
  audience: staff('cashier.read'),
  value: z.object({ deposits: z.array(OperatorDeposit), totals: QueueTotalsSchema }),
});

export const boPendingWithdrawals = defineRoute({
  operationId: 'boPendingWithdrawals',
  method: 'GET',
  path: '/api/bo/cashier/withdrawals',
  summary: 'Back office: withdrawals waiting for a decision, with the bank account to pay.',
  tags: ['backoffice'],
  audience: staff('cashier.read'),
  value: z.object({ withdrawals: z.array(OperatorWithdrawal), totals: QueueTotalsSchema }),
});

export const boDecideDeposit = defineRoute({
  operationId: 'boDecideDeposit',
  method: 'POST',
  path: '/api/bo/cashier/deposits/decide',
  summary: 'Back office: confirm (credits the member once) or reject a bank-transfer deposit.',
  tags: ['backoffice'],
  audience: staff('cashier.decide'),
  body: z.object({ id: Id, decision: z.enum(['CONFIRMED', 'REJECTED']), reason: Reason }),
  value: DepositDecision,
});

export const boDecideWithdrawal = defineRoute({
  operationId: 'boDecideWithdrawal',
  method: 'POST',
  path: '/api/bo/cashier/withdrawals/decide',
  summary: 'Back office: approve (pays out the held amount) or reject (returns it) a withdrawal.',
  tags: ['backoffice'],
  audience: staff('cashier.decide'),
  body: z.object({ id: Id, decision: z.enum(['APPROVED', 'REJECTED']), reason: Reason }),
  value: WithdrawalDecision,
});

/** The cashier's settings: the operator command's calls (`npm run ops -- cashier|method|withdrawals-policy`) per staff permission. */
export const boCashierSettings = defineRoute({
  operationId: 'boCashierSettings',
  method: 'GET',
  path: '/api/bo/cashier/settings',
  summary: 'Back office: deposit methods (enabled, minimum, maximum) and the withdrawal policy.',
  tags: ['backoffice'],
  audience: staff('cashier.read'),
  value: getCashierSettings.value,
});

export const boSetPaymentMethod = defineRoute({
  operationId: 'boSetPaymentMethod',
  method: 'POST',
  path: '/api/bo/cashier/payment-method',
  summary: 'Back office: a deposit method on or off, its minimum and maximum (min ≤ max). Effective at once.',
  tags: ['backoffice'],
  audience: staff('cashier.settings'),
  body: setPaymentMethod.body,
  value: setPaymentMethod.value,
});

export const boSetWithdrawalPolicy = defineRoute({
  operationId: 'boSetWithdrawalPolicy',
  method: 'POST',
  path: '/api/bo/cashier/withdrawal-policy',
  summary: 'Back office: the withdrawal policy (fields left out keep their value; min ≤ max).',
  tags: ['backoffice'],
  audience: staff('cashier.settings'),
  body: setWithdrawalPolicy.body,
  value: setWithdrawalPolicy.value,
});
