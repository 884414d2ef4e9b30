import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import * as boRw from '@portal/contracts/backoffice/rewards.contract.ts';
import * as rw from '@portal/contracts/rewards/rewards.contract.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { actorOf } from '../backoffice/staff-auth.service.ts';
import * as ms from '@portal/contracts/rewards/missions.contract.ts';
import * as pt from '@portal/contracts/rewards/points.contract.ts';
import type { MissionsService } from './missions.service.ts';
import * as rb from '@portal/contracts/rewards/rebate.contract.ts';
import { openEncryptedBody } from '../auth/encrypted-body.ts';
import type { AuthSecrets } from '../auth/secrets.ts';
import type { PointsService } from './points.service.ts';
import type { RebateService } from './rebate.service.ts';
import type { RewardsService } from './rewards.service.ts';

const acceptLanguage = (request: FastifyRequest) => request.headers['accept-language']?.slice(0, 2).toLowerCase();

/** Promotions, claims and bonuses of the player site (issue 17). */
export function rewardsRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  rewards: RewardsService,
  rebate: RebateService,
): void {
  serve(app, guards, rw.getPromotions, async ({ query, request }) => ({
    items: await rewards.promotions(query.language ?? acceptLanguage(request)),
  }));
  serve(app, guards, rw.getPromotionStates, ({ member }) => rewards.states(member.memberId));
  serve(app, guards, rw.claimPromotion, ({ member, body }) =>
    rewards.claim(member.memberId, body.promotionId, body.requestId),
  );
  serve(app, guards, rw.applyPromotion, ({ member, body }) => rewards.apply(member.memberId, body), {
    bodyLimit: rw.APPLY_BODY_LIMIT,
  });
  serve(app, guards, rw.getMyBonuses, ({ member, query, request }) =>
    rewards.bonuses(member.memberId, query.language ?? acceptLanguage(request), SITE_CURRENCY),
  );
  serve(app, guards, rw.forfeitBonus, ({ member, body, request }) =>
    rewards.forfeit(member.memberId, body.bonusId, acceptLanguage(request)),
  );

  // Rebate (decision 071).
  serve(app, guards, rb.getRebate, ({ member }) => rebate.overview(member.memberId, SITE_CURRENCY));
  serve(app, guards, rb.claimRebate, ({ member, body }) =>
    rebate.claim(member.memberId, SITE_CURRENCY, body.requestId),
  );

  // The back office (staff permissions promotions.*, bonuses.grant, bonuses.cancel, players.read).
  serve(app, guards, boRw.listPromotions, () => rewards.staffList());
  serve(app, guards, boRw.savePromotion, ({ staff, body }) => rewards.save(actorOf(staff), body));
  serve(app, guards, boRw.listApplications, ({ query }) => rewards.applications(query));
  serve(app, guards, boRw.reviewApplication, async ({ staff, body }) =>
    rewards.application((await rewards.review(actorOf(staff), body.id, body.decision, body.reason ?? null)).id),
  );
  serve(app, guards, boRw.listRebateRates, () => rebate.rates());
  serve(app, guards, boRw.saveRebateRates, ({ staff, body }) => rebate.saveRates(actorOf(staff), body.items));
  serve(app, guards, boRw.cancelBonus, ({ staff, body }) => rewards.cancelBonus(actorOf(staff), body.id, body.reason));
  serve(app, guards, boRw.listMemberBonuses, ({ query }) => rewards.staffBonuses(query.memberId));
  serve(app, guards, boRw.grantBonus, ({ staff, body }) => rewards.grantBonus(actorOf(staff), body));
}

/** The points mall's seven calls of spec §7 and its back-office calls (decision 072). */
export function pointsRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  points: PointsService,
  payloadKey: AuthSecrets['payloadKey'],
): void {
  serve(app, guards, pt.getPointsBalance, ({ member }) => points.balance(member.memberId));
  serve(app, guards, pt.getPointsConfig, () => points.config());
  serve(app, guards, pt.getPointsRewards, ({ member, query, request }) =>
    points.rewards(member.memberId, query.language ?? acceptLanguage(request)),
  );
  serve(app, guards, pt.redeemPointsReward, async ({ member, body, request }) =>
    points.redeem(
      member.memberId,
      await openEncryptedBody(payloadKey, body, pt.RedeemPayloadSchema),
      acceptLanguage(request),
    ),
  );
  serve(app, guards, pt.listPointsRedemptions, ({ member, query, request }) =>
    points.redemptions(member.memberId, query.page, query.language ?? acceptLanguage(request)),
  );
  serve(app, guards, pt.getPointsTransactions, ({ member, query, request }) =>
    points.transactions(member.memberId, query.page, acceptLanguage(request)),
  );
  serve(app, guards, pt.convertPoints, async ({ member, body }) =>
    points.convert(member.memberId, await openEncryptedBody(payloadKey, body, pt.ConvertPayloadSchema)),
  );

  serve(app, guards, boRw.listMallItems, () => points.staffItems());
  serve(app, guards, boRw.saveMallItem, ({ staff, body }) => points.saveItem(actorOf(staff), body));
  serve(app, guards, boRw.savePointsConfig, ({ staff, body }) => points.saveConfig(actorOf(staff), body));
  serve(app, guards, boRw.listRedemptions, ({ query }) => points.staffRedemptions(query.status));
  serve(app, guards, boRw.reviewRedemption, ({ staff, body }) =>
    points.review(actorOf(staff), body.id, body.decision, body.reason ?? null),
  );
}

/** Missions: the summary, the leaderboard, claims, and the back office's set-up (decision 073). */
export function missionsRoutes(app: FastifyInstance, guards: RouteGuards, missions: MissionsService): void {
  serve(app, guards, ms.getMissionSummary, ({ member, query, request }) =>
    missions.summary(member.memberId, query.language ?? acceptLanguage(request)),
  );
  serve(app, guards, ms.getMissionLeaderboard, ({ member }) => missions.leaderboard(member.memberId));
  serve(app, guards, ms.claimMission, ({ member, body }) => missions.claim(member.memberId, body.missionId));
  serve(app, guards, boRw.listMissions, () => missions.staffList());
  serve(app, guards, boRw.saveMission, ({ staff, body }) => missions.save(actorOf(staff), body));
}
