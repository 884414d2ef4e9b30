import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SPA_ROUTE_PREFIXES, SPA_ROUTES } from '@portal/contracts/spa-routes.ts';
import { SUPPORT_UNGATED_PATHS } from '@portal/contracts/support/support.contract.ts';
import Fastify, { type FastifyInstance, type preHandlerHookHandler } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { composeServices, type Services } from './composition.ts';
import type { Env } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { registerJobs, type JobsOptions } from './jobs/jobs.plugin.ts';
import { ledgerFlowFolder } from './modules/wallet/ledger-flow-folder.ts';
import { agentRoutes } from './modules/agent/agent.routes.ts';
import { contractsRoutes } from './modules/contracts/contracts.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { backOfficeRoutes } from './modules/backoffice/backoffice.routes.ts';
import { lotteryBackOfficeRoutes } from './modules/games/lottery-bo.routes.ts';
import { sportsBackOfficeRoutes } from './modules/games/sports-bo.routes.ts';
import { lotteryPortalRoutes } from './modules/games/lottery-portal.routes.ts';
import { dashboardRoutes } from './modules/backoffice/dashboard.routes.ts';
import { riskRoutes } from './modules/backoffice/risk.routes.ts';
import { passwordFlowsRoutes } from './modules/auth/password-flows.routes.ts';
import { HOME_SCREEN_PATHS, withBootBanner } from './modules/content/boot-banner.ts';
import { withBootList } from './modules/games/boot-list.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { feedbackRoutes } from './modules/inbox/feedback.routes.ts';
import { referralRoutes } from './modules/rewards/referral.routes.ts';
import { missionsRoutes, pointsRoutes, rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { rewardsLiveChannels } from './modules/rewards/rewards-live.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { catalogueRoutes } from './modules/games/catalogue.routes.ts';
import { inProcessVendorRoutes } from './modules/games/in-process-vendors.ts';
import { launchRoutes } from './modules/games/launch.routes.ts';
import { vendorIntegrationRoutes } from './modules/games/vendor-integration.routes.ts';
import { vendorOpsRoutes } from './modules/games/vendor-ops.routes.ts';
import { vendorsRoutes } from './modules/games/vendors.routes.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { keyMatches } from './modules/ops/operator-key.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { testClockRoutes } from './modules/ops/test-clock.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { chatRoomLive } from './modules/chat/chat-room-live.ts';
import { chatRoomRoutes } from './modules/chat/chat-room.routes.ts';
import { supportLive } from './modules/support/support-live.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { visitorOf } from './modules/site/visitor.ts';
import { cashierOpsRoutes } from './modules/wallet/cashier-ops.routes.ts';
import { cashierRoutes } from './modules/wallet/cashier.routes.ts';
import { historyRoutes } from './modules/wallet/history.routes.ts';
import { transferUplineRoutes } from './modules/wallet/transfer-upline.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { AppError } from './plugins/app-error.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { memberSession } from './plugins/member-auth.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { GAME_LIST_SCREENS, listVendorFilter } from '@portal/contracts/games/game-list-screens.ts';
import { GameListQuerySchema } from '@portal/contracts/games/games.contract.ts';
import { LIMITS, type GameCategory } from '@portal/contracts/limits.ts';
import type { RouteGuards } from './plugins/route-registry.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { refusingNul } from './plugins/text-input.ts';

export interface AppDeps {
  env: Env;
  database: DbHandle;
  operatorKey: string;
  redis?: Redis | undefined;
  /** The job queue's ticker (tests turn it off or give it a clock). */
  jobs?: JobsOptions;
  /** The composition root; built from the other deps when not given (tests give their own). */
  services?: Services;
}

/** Calls that still answer during maintenance or from a blocked region: the root views need them. */
const UNGATED = new Set([
  '/api/system/status',
  '/api/site/permission',
  '/api/site/icon',
  '/api/site/whitelabel-menu',
  // Public notices and help topics: the customer-service page shows them during maintenance too.
  '/api/content/announcements',
  // Live support answers in every state: the maintenance and region pages offer customer service.
  ...SUPPORT_UNGATED_PATHS,
]);
const SPA_PATHS = new Set<string>(SPA_ROUTES);

/** true/false, or a number of proxy hops in front of the server. */
function trustProxyOption(v: boolean | number): boolean | ((addr: string, hop: number) => boolean) {
  if (typeof v === 'boolean') return v;
  return v > 0 ? (_addr, hop) => hop < v : false;
}

/** Files the web build ships brotli and gzip copies of (apps/web/vite.config.ts). */
const COMPRESSIBLE_ASSET = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)(\.br|\.gz)?$/;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database, operatorKey, redis, jobs } = deps;
  const services = deps.services ?? (await composeServices({ env, database, redis }));
  const app = Fastify({
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : { level: env.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers["x-operator-key"]'] },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(refusingNul(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const { site } = services;
  await registerSecurityHeaders(app, await site.imageHosts(), env.SITE_ORIGINS);
  await app.register(formbody);
  await app.register(cookie);
  await registerRateLimits(app, { max: env.RATE_LIMIT_MAX, scale: env.RATE_LIMIT_SCALE, redis });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Portal API',
        version: '0.1.0',
        description: 'Every call of the portal. Envelope: { success, message, value }.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          operatorKey: { type: 'apiKey', in: 'header', name: 'X-Operator-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Public docs are for development: a production site does not list its calls to strangers.
  if (env.NODE_ENV !== 'production') {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  }

  const operator: preHandlerHookHandler = async (request) => {
    const given = request.headers['x-operator-key'];
    if (!given) throw new AppError('OPERATOR_KEY_REQUIRED', 401, 'The X-Operator-Key header is required.');
    if (!keyMatches(operatorKey, Array.isArray(given) ? given[0] : given))
      throw new AppError('OPERATOR_KEY_INVALID', 403, 'The operator key is wrong.');
  };
  const gate: preHandlerHookHandler = async (request) => {
    const url = request.routeOptions.url ?? '';
    // The back office answers its staff during maintenance and from anywhere: they run the site.
    if (UNGATED.has(url) || url.startsWith('/api/bo/')) return;
    const { inMaintenance } = await site.gateSettings();
    if (inMaintenance) throw new AppError('SYSTEM_MAINTENANCE', 503, 'The system is under maintenance.');
    const status = await site.status(visitorOf(request, env.COUNTRY_HEADER));
    if (status.regionRestriction) throw new AppError('REGION_RESTRICTED', 403, 'Access is restricted in your region.');
  };
  const guards: RouteGuards = {
    operator,
    gate,
    member: memberSession(services.sessions),
    staff: services.staffGuard,
  };

  const { games, cashier, messaging } = services;
  // In-process vendors reach the operator's seamless routes through this app.
  games.loopback.bind(app);
  siteRoutes(app, guards, site, env.COUNTRY_HEADER);
  authRoutes(app, guards, services);
  passwordFlowsRoutes(app, guards, services);
  walletRoutes(app, guards, services.wallet);
  transferUplineRoutes(app, guards, services.transferUpline);
  historyRoutes(app, guards, services.history);
  agentRoutes(app, guards, services.agent);
  contractsRoutes(app, guards, services.contracts);
  await realtimeRoutes(app, {
    listen: services.listen,
    balancesOf: services.balancesOf,
    sessions: services.sessions,
    // The badges: the cashier's waiting requests and the unread messages.
    countersOf: async (memberId) => ({
      ...(await cashier.counters(memberId)),
      messages: await services.inbox.unreadCount(memberId),
    }),
    siteOrigins: env.SITE_ORIGINS,
    channels: [
      {
        // A group or site-wide message: every member connected here may have one more unread.
        channel: 'inbox_broadcast',
        onNotify: async (_payload, live) => {
          for (const memberId of live.hub.members()) await live.pushCounters(memberId);
        },
      },
      ...rewardsLiveChannels,
    ],
  });
  contentRoutes(app, guards, services.content, site);
  inboxRoutes(app, guards, services.inbox);
  feedbackRoutes(app, guards, services.feedback);
  rewardsRoutes(app, guards, services.rewards, services.rebate);
  pointsRoutes(app, guards, services.points, services.secrets.payloadKey);
  missionsRoutes(app, guards, services.missions);
  await referralRoutes(app, guards, services.referral, services.listen);
  supportRoutes(app, guards, services.support);
  await supportLive(app, {
    listen: services.listen,
    sessions: services.sessions,
    support: services.support,
    guards,
    siteOrigins: env.SITE_ORIGINS,
  });
  chatRoomRoutes(app, guards, services.chatRoom);
  await chatRoomLive(app, {
    listen: services.listen,
    sessions: services.sessions,
    chat: services.chatRoom,
    siteOrigins: env.SITE_ORIGINS,
  });
  uploadsRoutes(app, services.uploads);
  vendorsRoutes(app, guards, games.vendors);
  await vendorIntegrationRoutes(app, guards, games);
  catalogueRoutes(app, guards, games.catalogue);
  vendorOpsRoutes(app, guards, games.vendorOps);
  launchRoutes(app, guards, games.launch);
  lotteryPortalRoutes(app, guards, games.lotteryPortal);
  // The built-in vendors' own APIs, for their game pages: vendor code, not the operator's (decision 030).
  await inProcessVendorRoutes(app, games);
  app.addHook('onReady', games.syncCatalogues);
  registerJobs(app, services.jobs, { now: services.clock, ...jobs });
  // Bets, wins and rollbacks reach the report aggregates a moment after they are made (decision 107).
  let folder: ReturnType<typeof ledgerFlowFolder> | undefined;
  app.addHook('onReady', async () => {
    folder = ledgerFlowFolder(database.db, (err) => app.log.warn({ err }, 'game flows not folded'));
  });
  app.addHook('onClose', async () => folder?.stop());
  // Messages handed to the gateway in the background finish before the database closes.
  app.addHook('onClose', () => messaging.outbox.idle());
  opsRoutes(app, guards, services.ops);
  messagingRoutes(app, guards, { env, outbox: messaging.outbox });
  // Never in production: the composition root builds no movable clock there (decision 032).
  if (services.testClock && env.NODE_ENV !== 'production')
    testClockRoutes(app, guards, services.testClock, services.jobs);
  await cashierRoutes(app, guards, cashier, {
    // Never in production, whatever the setting says: its page confirms deposits nobody paid.
    gatewaySimulator: env.NODE_ENV !== 'production' && (env.PAYMENT_GATEWAY_SIMULATOR ?? true),
  });
  cashierOpsRoutes(app, guards, cashier.settings);
  backOfficeRoutes(app, guards, services.backOffice, {
    secure: env.NODE_ENV === 'production',
    maxHours: env.BO_SESSION_MAX_HOURS,
  });
  dashboardRoutes(app, guards, services.backOfficeDashboard);
  riskRoutes(app, guards, services.backOfficeRisk);
  lotteryBackOfficeRoutes(app, guards, games.lotteryOperator, services.backOffice.audit);
  sportsBackOfficeRoutes(app, guards, games.sportsOperator, services.backOffice.audit);

  // The load balancer's health check and the web app's files are the only routes without a limit.
  app.get('/healthz', { schema: { hide: true }, config: { rateLimit: false } }, async (_req, reply) => {
    const { ok, checks } = await services.health();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', db: database.kind, checks });
  });

  const webRoot = resolve(env.WEB_DIST);
  const hasWeb = existsSync(resolve(webRoot, 'index.html'));
  const backOfficeRoot = resolve(env.BACKOFFICE_DIST);
  const hasBackOffice = existsSync(resolve(backOfficeRoot, 'index.html'));
  /** A file of `root` when the path names one inside it. */
  const fileIn = (root: string, path: string | undefined) =>
    Boolean(
      path && !path.endsWith('/') && existsSync(resolve(root, path)) && resolve(root, path).startsWith(root + '/'),
    );
  if (hasWeb || hasBackOffice) {
    // One route per app serves every file of its build (`serve: false`: no route per file). The build
    // writes brotli and gzip copies beside each text file; `preCompressed` sends the one the browser
    // accepts (decision 040). Hashed assets never change under their name: cached for a year.
    await app.register(fastifyStatic, {
      root: hasWeb ? webRoot : backOfficeRoot,
      serve: false,
      cacheControl: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') && /-[\w-]{8,}\.\w+(\.br|\.gz)?$/.test(path)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        if (COMPRESSIBLE_ASSET.test(path)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  if (hasWeb) {
    app.get('/*', { schema: { hide: true }, config: { rateLimit: false } }, (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      return fileIn(webRoot, path) ? reply.sendFile(path) : reply.callNotFound();
    });
  }
  if (hasBackOffice) {
    // The back office: its own bundle (no staff code reaches the player's), its own history fallback.
    app.get('/backoffice', { schema: { hide: true }, config: { rateLimit: false } }, (_request, reply) =>
      reply.redirect('/backoffice/'),
    );
    app.get('/backoffice/*', { schema: { hide: true }, config: { rateLimit: false } }, (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      if (fileIn(backOfficeRoot, path)) return reply.sendFile(path, backOfficeRoot);
      if (path.startsWith('assets/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html', backOfficeRoot);
    });
  }

  /** index.html with the server's art for the first paint written in; the plain page if the art cannot be read. */
  const pageWithArt = async (what: string, withArt: (html: string) => Promise<string>): Promise<string> => {
    const html = await readFile(resolve(webRoot, 'index.html'), 'utf8');
    try {
      return await withArt(html);
    } catch (error) {
      app.log.warn({ err: error }, `${what} without its first paint`);
      return html;
    }
  };

  /** The first home banner of the site's default language (decision 044). */
  const homePage = () =>
    pageWithArt('home page', async (html) => {
      const wl = await site.whitelabel();
      const { banners } = await services.content.announcements(
        { types: ['B'], execution: 'B', language: wl.defaultLanguage },
        wl.defaultLanguage,
      );
      return withBootBanner(html, banners);
    });

  /**
   * The first pictures of a game list (decision 105): the page the lobby asks for first (html5-desktop,
   * the slots page size, the site's default language), from the catalogue's page cache. A vendor filter
   * the list call itself would refuse gets the plain page, with no query.
   */
  const listPage = (category: GameCategory, vendor: string | null) =>
    pageWithArt('game list page', async (html) => {
      const vassalage = GameListQuerySchema.shape.vassalage.safeParse(vendor ?? undefined);
      if (!vassalage.success) return html;
      const wl = await site.whitelabel();
      const page = await games.catalogue.list(
        { gameType: category, vassalage: vassalage.data, platform: ['html5-desktop'] },
        1,
        LIMITS.slotsPageSize,
        wl.defaultLanguage,
      );
      return withBootList(html, page.content);
    });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD') || !hasWeb) {
      return reply
        .status(404)
        .send({ success: false, code: 'NOT_FOUND', message: `No such path: ${request.method} ${path}` });
    }
    // History fallback: every screen of the spec gets the web app; anything else gets it with 404.
    const known =
      SPA_PATHS.has(path.length > 1 ? path.replace(/\/+$/, '') : path) ||
      SPA_ROUTE_PREFIXES.some((prefix) => path.startsWith(prefix) && path.length > prefix.length);
    // The home screen's addresses get the page with its first banner already in it (decision 044),
    // the game lists theirs with the first page's pictures (decision 105).
    const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const list = GAME_LIST_SCREENS.find((screen) => screen.path === route);
    if (request.method === 'GET' && (HOME_SCREEN_PATHS.has(route) || list)) {
      const search = new URLSearchParams(request.url.split('?')[1] ?? '');
      const page = list ? listPage(list.category, listVendorFilter(search)) : homePage();
      // Compressed as the build's copies of the other pages are (a page of about 2 KB: per request).
      const accepts = String(request.headers['accept-encoding'] ?? '');
      return page.then((html) => {
        reply.status(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
        reply.type('text/html; charset=utf-8');
        if (/\bbr\b/.test(accepts))
          return reply
            .header('content-encoding', 'br')
            .send(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
        if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
        return reply.send(html);
      });
    }
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html');
  });

  return app;
}
