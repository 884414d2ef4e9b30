import * as c from '@portal/contracts/backoffice/sports.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { AuditService } from '../backoffice/audit.ts';
import { actorOf } from '../backoffice/staff-auth.service.ts';
import type { SportsOperatorApi } from './sports-adapter.ts';

/**
 * The back office's sportsbook screen (decision 102): matches with their exposure, one match's
 * markets, suspending, results by hand, margins and limits. Every write is audited with the staff
 * member and the reason they gave.
 */
export function sportsBackOfficeRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  sports: SportsOperatorApi,
  audit: AuditService,
): void {
  serve(app, guards, c.boSportsFixtures, ({ query }) => sports.fixtures(query));
  serve(app, guards, c.boSportsFixture, ({ query }) => sports.fixture(query.id));
  serve(app, guards, c.boSportsSettings, () => sports.settings());

  serve(app, guards, c.boSuspendSports, async ({ body, staff }) => {
    const { fixture, before } = await sports.suspend(body.fixtureId, body.marketId, body.suspended);
    await audit.record(actorOf(staff), {
      action: body.suspended ? 'sports.suspend' : 'sports.resume',
      target: `sb_fixture:${body.fixtureId}${body.marketId ? `:${body.marketId}` : ''}`,
      before,
      after: {
        suspended: fixture.operatorSuspended,
        suspendedMarkets: fixture.suspendedMarkets,
        reason: body.reason,
      },
    });
    return { fixture };
  });

  serve(app, guards, c.boSettleSports, async ({ body, staff }) => {
    const done = await sports.settle(
      body.fixtureId,
      body.revision,
      { final: body.final, half: body.half },
      staff.username,
      body.reason,
    );
    await audit.record(actorOf(staff), {
      action: done.before.status === 'OPEN' ? 'sports.settle' : 'sports.correct',
      target: `sb_fixture:${body.fixtureId}`,
      before: done.before,
      after: { status: done.fixture.status, result: done.fixture.result, reason: body.reason, tickets: done.tickets },
    });
    return { fixture: done.fixture, tickets: done.tickets };
  });

  serve(app, guards, c.boVoidSports, async ({ body, staff }) => {
    const done = await sports.voidMatch(body.fixtureId, body.revision, staff.username, body.reason);
    await audit.record(actorOf(staff), {
      action: 'sports.void',
      target: `sb_fixture:${body.fixtureId}`,
      before: done.before,
      after: { status: done.fixture.status, reason: body.reason, tickets: done.tickets },
    });
    return { fixture: done.fixture, tickets: done.tickets };
  });

  serve(app, guards, c.boSaveSportsSettings, async ({ body, staff }) => {
    const { reason, ...wanted } = body;
    const { settings, before } = await sports.saveSettings(wanted);
    await audit.record(actorOf(staff), {
      action: 'sports.settings',
      target: 'sb_setting:1',
      before,
      after: { ...settings, reason },
    });
    return settings;
  });
}
