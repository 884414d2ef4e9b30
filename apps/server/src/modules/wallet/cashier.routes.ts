import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import * as c from '@portal/contracts/wallet/cashier.contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { bankAccountService } from './bank-account.service.ts';
import { cashierDeposits } from './cashier-deposits.service.ts';
import { ensureGatewaySecret, gatewayPages, gatewaySigner, paymentCallbackRoute } from './cashier-gateway.ts';
import { cashierWithdrawals } from './cashier-withdrawals.service.ts';
import type { LedgerService } from './ledger.service.ts';
import { paymentPasswordService } from './payment-password.service.ts';

/** Trial accounts play with play money only (spec §6): the cashier is for real members. */
function realMember(request: FastifyRequest): string {
  const m = request.member!;
  if (m.type === TRIAL_TYPE) throw new AppError('TRIAL_NOT_ALLOWED', 403, 'Please register an account first.');
  return m.memberId;
}

/** A proof image of 5 MB as base64, plus the rest of the body. */
const CONFIRM_BODY_LIMIT = 7 * 1024 * 1024 + 64 * 1024;
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export async function cashierRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  { db, ledger, gatewaySimulator }: { db: Db; ledger: LedgerService; gatewaySimulator: boolean },
): Promise<void> {
  const signer = gatewaySigner(await ensureGatewaySecret(db));
  const deposits = cashierDeposits(db, ledger, signer.payUrl);
  const withdrawals = cashierWithdrawals(db, ledger);
  const banks = bankAccountService(db);
  const paymentPassword = paymentPasswordService(db);

  serve(app, guards, c.getPaymentMethods, async ({ request }) => {
    realMember(request);
    return { methods: await deposits.methods() };
  });
  serve(app, guards, c.createDeposit, ({ request, body }) => deposits.create(realMember(request), body), perMinute(30));
  serve(app, guards, c.listDeposits, async ({ request }) => ({ deposits: await deposits.list(realMember(request)) }));

  serve(
    app,
    guards,
    c.setPaymentPassword,
    ({ request, body }) => paymentPassword.set(realMember(request), body),
    perMinute(10),
  );
  serve(app, guards, c.listBankAccounts, async ({ request }) => {
    const memberId = realMember(request);
    return { accounts: await banks.list(memberId), hasPaymentPassword: await paymentPassword.isSet(memberId) };
  });
  serve(app, guards, c.addBankAccount, ({ request, body }) => banks.add(realMember(request), body), perMinute(20));

  serve(
    app,
    guards,
    c.createWithdrawal,
    ({ request, body }) => withdrawals.create(realMember(request), body),
    perMinute(30),
  );
  serve(app, guards, c.listWithdrawals, async ({ request }) => ({
    withdrawals: await withdrawals.list(realMember(request)),
  }));
  serve(app, guards, c.confirmWithdrawal, ({ request, body }) => withdrawals.confirm(realMember(request), body), {
    ...perMinute(20),
    bodyLimit: CONFIRM_BODY_LIMIT,
  });

  serve(app, guards, c.listPendingDeposits, async () => ({ deposits: await deposits.pending() }));
  serve(app, guards, c.confirmDeposit, ({ body }) => deposits.decide(body.id, 'CONFIRMED'));
  serve(app, guards, c.rejectDeposit, ({ body }) => deposits.decide(body.id, 'REJECTED', body.reason));
  serve(app, guards, c.listPendingWithdrawals, async () => ({ withdrawals: await withdrawals.pending() }));
  serve(app, guards, c.approveWithdrawal, ({ body }) => withdrawals.decide(body.id, 'APPROVED'));
  serve(app, guards, c.rejectWithdrawal, ({ body }) => withdrawals.decide(body.id, 'REJECTED', body.reason));

  await paymentCallbackRoute(app, deposits, signer);
  // The simulated gateway pays whoever presses Pay: only where the operator has switched it on.
  if (gatewaySimulator) gatewayPages(app, deposits, signer);
}
