import * as c from '@portal/contracts/backoffice/lottery.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { AuditService } from '../backoffice/audit.ts';
import { actorOf } from '../backoffice/staff-auth.service.ts';
import type { LotteryOperatorApi } from './lottery-adapter.ts';

/** The back office's lottery screen (decision 091): draws with their exposure, and cancelling one. */
export function lotteryBackOfficeRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  lottery: LotteryOperatorApi,
  audit: AuditService,
): void {
  serve(app, guards, c.boLotteryDraws, ({ query }) => lottery.draws(query));
  serve(app, guards, c.boCancelLotteryDraw, async ({ body, staff }) => {
    const cancelled = await lottery.cancelDraw(body.drawId, body.reason, staff.username);
    await audit.record(actorOf(staff), {
      action: 'lottery.cancelDraw',
      target: `lottery_draw:${body.drawId}`,
      before: { status: 'OPEN' },
      after: { status: cancelled.draw.status, reason: body.reason, refunded: cancelled.refunded },
    });
    return cancelled;
  });
}
