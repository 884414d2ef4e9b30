import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { SPA_ROUTE_PREFIXES, SPA_ROUTES } from '@portal/contracts/spa-routes.ts';
import Fastify, { type FastifyInstance, type preHandlerHookHandler } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Env } from './config/env.ts';
import type { DbHandle } from './db/client.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { botCheck } from './modules/auth/bot-check.ts';
import { captchaService } from './modules/auth/captcha.ts';
import { loginGuard } from './modules/auth/login-guard.ts';
import { memberRepository } from './modules/auth/member.repository.ts';
import { passwordFlowsRoutes } from './modules/auth/password-flows.routes.ts';
import { ensureAuthSecrets } from './modules/auth/secrets.ts';
import { sessionService } from './modules/auth/session.service.ts';
import { signOutEverywhere } from './modules/auth/sign-out-everywhere.ts';
import { ledgerService } from './modules/wallet/ledger.service.ts';
import { cashierCounters } from './modules/wallet/cashier-counters.ts';
import { cashierOpsRoutes } from './modules/wallet/cashier-ops.routes.ts';
import { cashierRoutes } from './modules/wallet/cashier.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { walletService } from './modules/wallet/wallet.service.ts';
import { historyRoutes } from './modules/wallet/history.routes.ts';
import { transferUplineRoutes } from './modules/wallet/transfer-upline.routes.ts';
import { withdrawalAutoReceiptTask } from './modules/wallet/withdrawal-auto-receipt-task.ts';
import { registerJobs, type JobsOptions } from './jobs/jobs.plugin.ts';
import { realtimeRoutes } from './modules/realtime/realtime.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { contentService } from './modules/content/content.service.ts';
import { catalogueRepository } from './modules/games/catalogue.repository.ts';
import { catalogueRoutes } from './modules/games/catalogue.routes.ts';
import { catalogueService } from './modules/games/catalogue.service.ts';
import { houseIntegration } from './modules/games/house-integration.ts';
import { vendorsRoutes } from './modules/games/vendors.routes.ts';
import { vendorIntegrationRoutes } from './modules/games/vendor-integration.routes.ts';
import { vendorOpsRoutes } from './modules/games/vendor-ops.routes.ts';
import { vendorOpsService } from './modules/games/vendor-ops.service.ts';
import { vendorTransferReconcileTask } from './modules/games/vendor-transfer-reconcile-task.ts';
import { vendorsService } from './modules/games/vendors.service.ts';
import { messagingServices } from './modules/messaging/messaging-services.ts';
import { outboxRetryTask } from './modules/messaging/outbox.service.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { keyMatches } from './modules/ops/operator-key.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { opsService } from './modules/ops/ops.service.ts';
import { siteRepository } from './modules/site/site.repository.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { siteService } from './modules/site/site.service.ts';
import { visitorOf } from './modules/site/visitor.ts';
import { AppError } from './plugins/app-error.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { memberGuard } from './plugins/member-auth.ts';
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
}

/** Calls that still answer during maintenance or from a blocked region: the root views need them. */
const UNGATED = new Set([
  '/api/system/status',
  '/api/site/permission',
  '/api/site/icon',
  '/api/site/whitelabel-menu',
  // Public notices and help topics: the customer-service page shows them during maintenance too.
  '/api/content/announcements',
]);
const SPA_PATHS = new Set<string>(SPA_ROUTES);

/** true/false, or a number of proxy hops in front of the server. */
function trustProxyOption(v: boolean | number): boolean | ((addr: string, hop: number) => boolean) {
  if (typeof v === 'boolean') return v;
  return v > 0 ? (_addr, hop) => hop < v : false;
}

export async function buildApp({ env, database, operatorKey, redis, jobs }: AppDeps): Promise<FastifyInstance> {
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

  const { db } = database;
  const siteRepo = siteRepository(db);
  const site = siteService(siteRepo);
  const messaging = messagingServices(db, env);

  await registerSecurityHeaders(app, await site.imageHosts(), env.SITE_ORIGINS);
  await app.register(formbody);
  await app.register(rateLimit, {
    global: true,
    max: env.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'portal-rl:' } : {}),
    allowList: (req) => !req.url.startsWith('/api/'),
  });
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
    if (UNGATED.has(request.routeOptions.url ?? '')) return;
    const { maintenance } = await site.gateSettings();
    if (maintenance.enabled) throw new AppError('SYSTEM_MAINTENANCE', 503, 'The system is under maintenance.');
    const status = await site.status(visitorOf(request, env.COUNTRY_HEADER));
    if (status.regionRestriction) throw new AppError('REGION_RESTRICTED', 403, 'Access is restricted in your region.');
  };
  const sessions = sessionService(db);
  const guards: RouteGuards = { operator, gate, member: memberGuard(sessions), rateLimitScale: env.RATE_LIMIT_SCALE };
  const secrets = await ensureAuthSecrets(db);
  const bot = botCheck(db, secrets.botHmacKey, env.BOT_CHECK_MAX_NUMBER);
  const captcha = captchaService(db);
  const wallet = walletService(db, ledgerService(db));
  const auth = authService({
    db,
    members: memberRepository(db),
    sessions,
    guard: loginGuard(db),
    captcha,
    bot,
    site,
    verification: messaging.verification,
    outbox: messaging.outbox,
    wallet,
  });

  siteRoutes(app, guards, site, env.COUNTRY_HEADER);
  walletRoutes(app, guards, wallet);
  transferUplineRoutes(app, guards, { db, ledger: ledgerService(db), site });
  historyRoutes(app, guards, db);
  await realtimeRoutes(app, database, sessions, (memberId) => cashierCounters(db, memberId), {
    siteOrigins: env.SITE_ORIGINS,
  });
  contentRoutes(app, guards, contentService(db), site);
  vendorsRoutes(app, guards, vendorsService(db));
  await vendorIntegrationRoutes(app, guards, { db, ledger: ledgerService(db) });
  const catalogueRepo = catalogueRepository(db);
  const catalogue = catalogueService(catalogueRepo, async () => (await site.whitelabel()).defaultLanguage);
  catalogueRoutes(app, guards, catalogue);
  vendorOpsRoutes(
    app,
    guards,
    vendorOpsService(db, () => catalogue.invalidate()),
  );
  const house = await houseIntegration(app, guards, { db, ledger: ledgerService(db), catalogue, catalogueRepo });
  // Revoking a member's sessions ends their game sessions too: the sign-in routes need the vendors.
  const signOut = signOutEverywhere(db, house.playEnding);
  authRoutes(app, guards, { auth, sessions, captcha, bot, secrets, signOut });
  passwordFlowsRoutes(app, guards, { db, auth, sessions, site, bot, secrets, signOut, ...messaging });
  registerJobs(
    app,
    db,
    [withdrawalAutoReceiptTask, vendorTransferReconcileTask, house.settleTask, outboxRetryTask(messaging.outbox)],
    jobs,
  );
  // Messages handed to the gateway in the background finish before the database closes.
  app.addHook('onClose', () => messaging.outbox.idle());
  opsRoutes(app, guards, opsService(siteRepo, site));
  messagingRoutes(app, guards, { env, outbox: messaging.outbox });
  await cashierRoutes(app, guards, {
    db,
    ledger: ledgerService(db),
    // Never in production, whatever the setting says: its page confirms deposits nobody paid.
    gatewaySimulator: env.NODE_ENV !== 'production' && (env.PAYMENT_GATEWAY_SIMULATOR ?? true),
  });
  cashierOpsRoutes(app, guards, db);

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    const checks: Record<string, string> = { database: 'down' };
    try {
      await sql`select 1`.execute(db);
      checks.database = 'up';
    } catch {
      /* reported below */
    }
    if (redis) checks.redis = (await redis.ping().catch(() => 'down')) === 'PONG' ? 'up' : 'down';
    const ok = Object.values(checks).every((v) => v === 'up');
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', db: database.kind, checks });
  });

  const webRoot = resolve(env.WEB_DIST);
  const hasWeb = existsSync(resolve(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      cacheControl: false,
      index: false,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') && /-[\w-]{8,}\.\w+$/.test(path)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      if (
        path &&
        !path.endsWith('/') &&
        existsSync(resolve(webRoot, path)) &&
        resolve(webRoot, path).startsWith(webRoot + '/')
      ) {
        return reply.sendFile(path);
      }
      return reply.callNotFound();
    });
  }

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
    return reply
      .status(known ? 200 : 404)
      .header('cache-control', 'no-cache')
      .sendFile('index.html');
  });

  return app;
}
