import * as c from '@portal/contracts/wallet/cashier-ops.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { CashierSettingsService } from './cashier-settings.service.ts';

/** Operator calls that read and set the cashier's settings (deposit methods, withdrawal policy). */
export function cashierOpsRoutes(app: FastifyInstance, guards: RouteGuards, settings: CashierSettingsService): void {
  serve(app, guards, c.getCashierSettings, () => settings.read());
  serve(app, guards, c.setPaymentMethod, ({ body }) => settings.setPaymentMethod(body));
  serve(app, guards, c.setWithdrawalPolicy, ({ body }) => settings.setWithdrawalPolicy(body));
}
