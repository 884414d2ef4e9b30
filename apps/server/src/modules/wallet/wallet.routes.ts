import * as c from '@portal/contracts/wallet/wallet.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { WalletService } from './wallet.service.ts';

export function walletRoutes(app: FastifyInstance, guards: RouteGuards, wallet: WalletService): void {
  serve(app, guards, c.getBalance, ({ member }) => wallet.balance(member));
  serve(app, guards, c.getMerchantWallet, () => wallet.merchantWallet());
}
