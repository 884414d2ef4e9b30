import { CASHIER } from '@portal/contracts/limits.ts';
import * as c from '@portal/contracts/wallet/transfer-upline.contract.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { SiteService } from '../site/site.service.ts';
import type { LedgerService } from './ledger.service.ts';
import { transferUplineService } from './transfer-upline.service.ts';

export function transferUplineRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  { db, ledger, site }: { db: Db; ledger: LedgerService; site: SiteService },
): void {
  const upline = transferUplineService(db, ledger, site);
  serve(app, guards, c.getUplineTransferInfo, ({ request }) => upline.info(request.member!.memberId));
  serve(app, guards, c.transferUpline, ({ request, body }) => upline.transfer(request.member!.memberId, body), {
    rateLimit: { max: CASHIER.uplineTransfersPerMinute, timeWindow: '1 minute' },
  });
}
