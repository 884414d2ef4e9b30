import * as cashierCalls from '@portal/contracts/backoffice/cashier.contract.ts';
import * as gameCalls from '@portal/contracts/backoffice/games.contract.ts';
import * as siteCalls from '@portal/contracts/backoffice/site.contract.ts';
import * as playerCalls from '@portal/contracts/backoffice/players.contract.ts';
import * as c from '@portal/contracts/backoffice/staff.contract.ts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { OpsService } from '../ops/ops.service.ts';
import type { SiteRepository } from '../site/site.repository.ts';
import type { CashierSettingsService } from '../wallet/cashier-settings.service.ts';
import type { CashierDeposits } from '../wallet/cashier-deposits.service.ts';
import type { CashierWithdrawals } from '../wallet/cashier-withdrawals.service.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { writeAudit, type AuditService } from './audit.ts';
import type { BoGamesService } from './games.service.ts';
import type { PlayerRecords } from './player-records.service.ts';
import type { BackOfficePlayers } from './players.service.ts';
import {
  actorOf,
  staffActorOf,
  STAFF_COOKIE,
  STAFF_COOKIE_PATH,
  staffToken,
  type StaffAuthService,
} from './staff-auth.service.ts';

export interface BackOfficeServices {
  staffAuth: StaffAuthService;
  audit: AuditService;
  /** The cashier's services, the same ones the operator key's calls use. */
  cashier: { deposits: CashierDeposits; withdrawals: CashierWithdrawals; settings: CashierSettingsService };
  /** The operator command's site switches (the same rules), and the site's rows to show them. */
  site: { ops: OpsService; repo: SiteRepository };
  players: BackOfficePlayers;
  records: PlayerRecords;
  games: BoGamesService;
}

/** The back office's calls: staff sign-in (cookie session, second factor), staff users, the audit trail. */
export function backOfficeRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  bo: BackOfficeServices,
  cookie: { secure: boolean; maxHours: number },
): void {
  const { staffAuth, audit } = bo;
  const setSession = (reply: FastifyReply, token: string) =>
    reply.setCookie(STAFF_COOKIE, token, {
      path: STAFF_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: cookie.secure,
      maxAge: cookie.maxHours * 3600,
    });

  serve(app, guards, c.staffSignIn, async ({ body, request, reply }) => {
    const { token, stage } = await staffAuth.signIn(body.username, body.password, {
      ip: clientAddress(request),
      userAgent: request.headers['user-agent'],
    });
    setSession(reply, token);
    return { stage };
  });
  serve(app, guards, c.staffEnrolment, ({ request }) => staffAuth.enrolment(staffToken(request)));
  serve(app, guards, c.staffEnrol, async ({ body, request, reply }) => {
    const { token, me, recoveryCodes } = await staffAuth.enrol(staffToken(request), body.code, clientAddress(request));
    setSession(reply, token);
    return { recoveryCodes, me };
  });
  serve(app, guards, c.staffVerify, async ({ body, request, reply }) => {
    const { token, me } = await staffAuth.verify(staffToken(request), body.code, clientAddress(request));
    setSession(reply, token);
    return me;
  });
  serve(app, guards, c.staffMe, ({ request }) => staffAuth.me(staffToken(request)));
  serve(app, guards, c.staffSignOut, async ({ request, reply }) => {
    const signedOut = await staffAuth.signOut(staffToken(request));
    reply.clearCookie(STAFF_COOKIE, { path: STAFF_COOKIE_PATH });
    return { signedOut };
  });

  serve(app, guards, c.listStaff, async () => ({ staff: await staffAuth.list() }));
  serve(app, guards, c.createStaff, ({ body, staff }) => staffAuth.createStaff(staffActorOf(staff), body));
  serve(app, guards, c.updateStaff, ({ body, staff }) => staffAuth.updateStaff(staffActorOf(staff), body));
  serve(app, guards, c.createFirstOwner, ({ body, request }) =>
    staffAuth.createFirstOwner({ staffId: null, name: 'operator-key', ip: clientAddress(request) }, body),
  );
  serve(app, guards, c.searchAudit, ({ query }) => audit.search(query));

  const { deposits, withdrawals } = bo.cashier;
  serve(app, guards, cashierCalls.boPendingDeposits, async () => {
    const [rows, totals] = await Promise.all([deposits.pending(), deposits.pendingTotals()]);
    return { deposits: rows, totals };
  });
  serve(app, guards, cashierCalls.boPendingWithdrawals, async () => {
    const [rows, totals] = await Promise.all([withdrawals.pending(), withdrawals.pendingTotals()]);
    return { withdrawals: rows, totals };
  });
  serve(app, guards, cashierCalls.boDecideDeposit, ({ body, staff }) =>
    deposits.decide(body.id, body.decision, body.reason, (trx, before, after) =>
      writeAudit(trx, actorOf(staff), {
        action: `deposit.${body.decision === 'CONFIRMED' ? 'confirm' : 'reject'}`,
        target: `deposit:${body.id}`,
        before,
        after,
      }),
    ),
  );
  serve(app, guards, cashierCalls.boDecideWithdrawal, ({ body, staff }) =>
    withdrawals.decide(body.id, body.decision, body.reason, (trx, before, after) =>
      writeAudit(trx, actorOf(staff), {
        action: `withdrawal.${body.decision === 'APPROVED' ? 'approve' : 'reject'}`,
        target: `withdrawal:${body.id}`,
        before,
        after,
      }),
    ),
  );

  const { players } = bo;
  serve(app, guards, playerCalls.searchPlayers, ({ query }) => players.search(query));
  serve(app, guards, playerCalls.playerProfile, ({ query }) => players.profile(query.id));
  serve(app, guards, playerCalls.setPlayerStatus, ({ body, staff }) =>
    players.setStatus(actorOf(staff), body.id, body.status),
  );
  serve(app, guards, playerCalls.forcePlayerPasswordChange, ({ body, staff }) =>
    players.forcePasswordChange(actorOf(staff), body.id),
  );
  serve(app, guards, playerCalls.createAdjustment, ({ body, staff }) =>
    players.createAdjustment({ ...actorOf(staff), staffId: staff.staffId }, body),
  );
  serve(app, guards, playerCalls.listAdjustments, async () => ({
    adjustments: await players.listAdjustments(),
    approvalAbove: players.approvalAbove.toString(),
  }));
  serve(app, guards, playerCalls.decideAdjustment, ({ body, staff }) =>
    players.decideAdjustment({ ...actorOf(staff), staffId: staff.staffId }, body.id, body.decision),
  );

  const { records } = bo;
  serve(app, guards, playerCalls.playerDetails, ({ query }) => records.details(query.id));
  serve(app, guards, playerCalls.playerBets, ({ query }) => records.bets(query));
  serve(app, guards, playerCalls.playerSessions, ({ query }) => records.sessions(query));
  serve(app, guards, playerCalls.addPlayerNote, ({ body, staff }) =>
    records.addNote(actorOf(staff), body.id, body.body),
  );
  serve(app, guards, playerCalls.resetPlayerPaymentPassword, ({ body, staff }) =>
    records.resetPaymentPassword(actorOf(staff), body.id),
  );
  serve(app, guards, playerCalls.movePlayer, ({ body, staff }) =>
    records.move(actorOf(staff), body.id, body.uplineAccount),
  );
  serve(app, guards, playerCalls.setPlayerType, ({ body, staff }) =>
    records.setType(actorOf(staff), body.id, body.type),
  );

  const { games } = bo;
  serve(app, guards, gameCalls.boListVendors, () => games.vendors());
  serve(app, guards, gameCalls.boListGames, ({ query }) => games.games(query));
  serve(app, guards, gameCalls.boSetVendor, ({ body, staff }) => games.setVendor(actorOf(staff), body));
  serve(app, guards, gameCalls.boSetGame, ({ body, staff }) => games.setGame(actorOf(staff), body));
  serve(app, guards, gameCalls.boRotateVendorSecret, ({ body, staff }) =>
    games.rotateSecret(actorOf(staff), body.vendorId),
  );
  serve(app, guards, gameCalls.boLookUpRound, ({ query }) => records.lookUpRound(query.id));

  const { ops, repo: siteRepo } = bo.site;
  const audited =
    <T>(staffUser: Parameters<typeof actorOf>[0], action: string, target: string) =>
    (trx: Parameters<typeof writeAudit>[0], before: T, after: T) =>
      writeAudit(trx, actorOf(staffUser), { action, target, before, after });
  serve(app, guards, siteCalls.boSiteSettings, async () => {
    const [status, modules, rules] = await Promise.all([ops.status(), siteRepo.listModules(), ops.siteRules()]);
    return {
      ...status,
      modules: modules.map((m) => ({ modId: m.modId, parentId: m.parentId, enabled: m.enabled })),
      ...rules,
    };
  });
  serve(app, guards, siteCalls.boSetMaintenance, ({ body, staff }) =>
    ops.setMaintenance(body, audited(staff, 'site.maintenance', 'site:maintenance')),
  );
  serve(app, guards, siteCalls.boSetRegionRestriction, ({ body, staff }) =>
    ops.setRegionRestriction(body, audited(staff, 'site.regionRestriction', 'site:region_restriction')),
  );
  serve(app, guards, siteCalls.boSetModule, ({ body, staff }) =>
    ops.setModule(body.modId, body.enabled, audited(staff, 'site.module', `module:${body.modId}`)),
  );

  serve(app, guards, siteCalls.boSetFieldRule, ({ body, staff }) =>
    ops.setFieldRule(body, audited(staff, 'site.fieldRule', `fieldRule:${body.field}`)),
  );
  serve(app, guards, siteCalls.boSetLanguage, ({ body, staff }) =>
    ops.setLanguage(body, audited(staff, 'site.language', `language:${body.code}`)),
  );
  serve(app, guards, siteCalls.boSetLink, ({ body, staff }) =>
    ops.setLink(body.id, body.url, audited(staff, 'site.link', `link:${body.id}`)),
  );
  serve(app, guards, siteCalls.boSetCustomerService, ({ body, staff }) =>
    ops.setCustomerService(body.url, audited(staff, 'site.customerService', 'site:customer_service')),
  );

  const cashierSettings = bo.cashier.settings;
  serve(app, guards, cashierCalls.boCashierSettings, () => cashierSettings.read());
  serve(app, guards, cashierCalls.boSetPaymentMethod, ({ body, staff }) =>
    cashierSettings.setPaymentMethod(
      body,
      audited<unknown>(staff, 'cashier.paymentMethod', `paymentMethod:${body.code}`),
    ),
  );
  serve(app, guards, cashierCalls.boSetWithdrawalPolicy, ({ body, staff }) =>
    cashierSettings.setWithdrawalPolicy(body, audited(staff, 'cashier.withdrawalPolicy', 'site:cashier')),
  );
}
