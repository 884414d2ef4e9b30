import * as c from '@portal/contracts/wallet/transfer-upline.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { TransferUplineService } from './transfer-upline.service.ts';

export function transferUplineRoutes(app: FastifyInstance, guards: RouteGuards, upline: TransferUplineService): void {
  serve(app, guards, c.getUplineTransferInfo, ({ member }) => upline.info(member.memberId));
  serve(app, guards, c.transferUpline, ({ member, body }) => upline.transfer(member.memberId, body));
}
