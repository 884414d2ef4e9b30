import * as boRw from '@portal/contracts/backoffice/rewards.contract.ts';
import * as rf from '@portal/contracts/rewards/referral.contract.ts';
import type { FastifyInstance } from 'fastify';
import type { DbHandle } from '../../db/client.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { actorOf } from '../backoffice/staff-auth.service.ts';
import type { ReferralService } from './referral.service.ts';

/**
 * Refer a friend (decision 075): the player's page, the back office's programme, and the listener that
 * decides a referred friend's reward as soon as the database announces the first deposit (at commit,
 * off the deposit's path). Every instance hears it; the decision is once however many try.
 */
export async function referralRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  referral: ReferralService,
  listen: DbHandle['listen'],
): Promise<void> {
  serve(app, guards, rf.getMyReferral, ({ member, query }) =>
    referral.overview(member.memberId, query.page, query.pageSize),
  );
  serve(app, guards, boRw.getReferralSettings, () => referral.settings());
  serve(app, guards, boRw.saveReferralSettings, ({ staff, body }) => referral.saveSettings(actorOf(staff), body));

  const unlisten = await listen('referral_due', (friendId) => {
    if (!/^[0-9]{1,18}$/.test(friendId)) return app.log.warn('unreadable referral notification');
    referral.settleFriend(friendId).catch((err: unknown) => app.log.warn({ err }, 'referral reward not decided'));
  });
  app.addHook('onClose', async () => unlisten());
}
