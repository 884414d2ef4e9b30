import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting the server reads. Validated once at start-up; a bad value stops the server. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Where the embedded database (PGlite) keeps its files when DATABASE_URL is not set. */
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Secret for the operator calls (`npm run ops`). Unset: one is generated into DATA_DIR/operator.key. */
  OPERATOR_KEY: z.string().min(12, 'must be at least 12 characters').optional(),
  /** Trust X-Forwarded-For from this many proxy hops (or true/false); needed behind a load balancer. */
  TRUST_PROXY: z.union([bool, z.coerce.number().int().min(0)]).default(false),
  /**
   * The site's own origins (comma-separated, e.g. `https://play.example.com,https://m.example.com`):
   * the only pages whose WebSocket connections `/ws` accepts. Unset: the origin must name the host
   * the request came to.
   */
  SITE_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .url({ protocol: /^https?$/, error: 'must be http:// or https:// origins, separated by commas' })
          .transform((u) => new URL(u).origin),
      ),
    )
    .optional(),
  /** Request header that carries the visitor's country, set by the CDN (e.g. cf-ipcountry). */
  COUNTRY_HEADER: z.string().toLowerCase().optional(),
  /** Where the built web app lives; served with a history fallback. */
  WEB_DIST: z.string().default('apps/web/dist'),
  /** The built back office, served under /backoffice/. */
  BACKOFFICE_DIST: z.string().default('apps/backoffice/dist'),
  /** Requests per minute one address may make to /api (shared through Redis when REDIS_URL is set). */
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  /** The built-in simulated payment gateway's hosted page; on by default everywhere but production. */
  PAYMENT_GATEWAY_SIMULATOR: bool.optional(),
  /** Multiplies the per-route limits of sign-in, SMS and registration; for load tests and browser test runs. */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /** Proof-of-work difficulty: the largest number a browser may have to try (about 1 s at 50,000). */
  BOT_CHECK_MAX_NUMBER: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
  /** Back office: a staff session ends after this many minutes without a call… */
  BO_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** …and this many hours after sign-in, whatever happens. */
  BO_SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24)
    .default(12),
  /** Back office: a balance adjustment above this many minor units (either way) waits for a second approver. */
  BO_ADJUSTMENT_APPROVAL_ABOVE: z.coerce.bigint().min(0n).default(100_000n),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed the demo site on an empty database; on by default everywhere but production, where it is refused. */
  SEED_DEMO: bool.optional(),
  /** SMTP server for e-mail (smtp:// or smtps://, credentials in the URL). Unset: e-mail stays in the outbox table. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of every e-mail, e.g. `Aurora Play <no-reply@example.com>`. */
  MAIL_FROM: z.string().min(3).default('Aurora Play <no-reply@localhost>'),
  /** HTTP SMS gateway: POST JSON {to, text}. Unset: SMS stays in the outbox table. */
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Bearer token the SMS gateway expects in the Authorization header. */
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
});
/** The settings after defaults that depend on NODE_ENV. */
export type Env = z.infer<typeof EnvSchema> & { SEED_DEMO: boolean };

export class EnvError extends Error {}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, SEED_DEMO: parsed.data.SEED_DEMO ?? parsed.data.NODE_ENV !== 'production' };
}
