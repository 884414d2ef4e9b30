import * as c from '@portal/contracts/wallet/cashier.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { BankAccountService } from './bank-account.service.ts';
import type { CashierDeposits } from './cashier-deposits.service.ts';
import { gatewayPages, paymentCallbackRoute, type GatewaySigner } from './cashier-gateway.ts';
import type { CashierWithdrawals } from './cashier-withdrawals.service.ts';
import type { PaymentPasswordService } from './payment-password.service.ts';

/** A proof image of 5 MB as base64, plus the rest of the body. */
const CONFIRM_BODY_LIMIT = 7 * 1024 * 1024 + 64 * 1024;

export interface CashierRouteDeps {
  deposits: CashierDeposits;
  withdrawals: CashierWithdrawals;
  banks: BankAccountService;
  paymentPassword: PaymentPasswordService;
  gateway: GatewaySigner;
}

/** The member's cashier (real members only, by the contracts' audience) and the operator's queues. */
export async function cashierRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  { deposits, withdrawals, banks, paymentPassword, gateway }: CashierRouteDeps,
  { gatewaySimulator }: { gatewaySimulator: boolean },
): Promise<void> {
  serve(app, guards, c.getPaymentMethods, async () => ({ methods: await deposits.methods() }));
  serve(app, guards, c.createDeposit, ({ member, body }) => deposits.create(member.memberId, body));
  serve(app, guards, c.listDeposits, async ({ member }) => ({ deposits: await deposits.list(member.memberId) }));

  serve(app, guards, c.setPaymentPassword, ({ member, body }) => paymentPassword.set(member.memberId, body));
  serve(app, guards, c.listBankAccounts, async ({ member }) => ({
    accounts: await banks.list(member.memberId),
    hasPaymentPassword: await paymentPassword.isSet(member.memberId),
    withdrawalLimits: await withdrawals.limits(),
  }));
  serve(app, guards, c.addBankAccount, ({ member, body }) => banks.add(member.memberId, body));

  serve(app, guards, c.createWithdrawal, ({ member, body }) => withdrawals.create(member.memberId, body));
  serve(app, guards, c.listWithdrawals, async ({ member }) => ({
    withdrawals: await withdrawals.list(member.memberId),
  }));
  serve(app, guards, c.confirmWithdrawal, ({ member, body }) => withdrawals.confirm(member.memberId, body), {
    bodyLimit: CONFIRM_BODY_LIMIT,
  });

  serve(app, guards, c.listPendingDeposits, async () => ({ deposits: await deposits.pending() }));
  serve(app, guards, c.confirmDeposit, ({ body }) => deposits.decide(body.id, 'CONFIRMED'));
  serve(app, guards, c.rejectDeposit, ({ body }) => deposits.decide(body.id, 'REJECTED', body.reason));
  serve(app, guards, c.listPendingWithdrawals, async () => ({ withdrawals: await withdrawals.pending() }));
  serve(app, guards, c.approveWithdrawal, ({ body }) => withdrawals.decide(body.id, 'APPROVED'));
  serve(app, guards, c.rejectWithdrawal, ({ body }) => withdrawals.decide(body.id, 'REJECTED', body.reason));

  await paymentCallbackRoute(app, deposits, gateway);
  // The simulated gateway pays whoever presses Pay: only where the operator has switched it on.
  if (gatewaySimulator) gatewayPages(app, deposits, gateway);
}
