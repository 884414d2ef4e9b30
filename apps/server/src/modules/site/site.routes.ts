import * as c from '@portal/contracts/site/site.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { SiteService } from './site.service.ts';
import { visitorOf } from './visitor.ts';

export function siteRoutes(app: FastifyInstance, guards: RouteGuards, site: SiteService, countryHeader?: string): void {
  serve(app, guards, c.getSystemStatus, async ({ request }) => site.status(visitorOf(request, countryHeader)));
  serve(app, guards, c.getPermission, () => site.permission());
  serve(app, guards, c.getWhitelabelMenu, () => site.flags());
  serve(app, guards, c.getDomainRouters, () => site.domainRouters());
  serve(app, guards, c.getSetRegister, () => site.setRegister());
  serve(app, guards, c.getIcon, () => site.icon());
  serve(app, guards, c.getCountryCodes, () => site.countryCodes());
  serve(app, guards, c.getRegistrationValidation, () => site.fieldRules());
}
