import type { Env } from './env.ts';

/** An operator key shorter than this is refused in production (a generated one has 32 characters). */
export const PRODUCTION_OPERATOR_KEY_MIN = 32;
/** The weakest proof of work a production site may ask of a browser (the default is 50,000). */
export const PRODUCTION_BOT_CHECK_MIN = 10_000;

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * Settings that are fine on a developer's machine and dangerous on a public site (README,
 * "Production"). Each problem names its variable and what to do; an empty list means safe. Only the
 * server's start applies this: tests and benchmarks build production apps with test settings.
 */
export function unsafeProductionSettings(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.OPERATOR_KEY)
    problems.push(
      'OPERATOR_KEY: must be set (a key generated into DATA_DIR differs per instance and lives beside the data)',
    );
  else if (env.OPERATOR_KEY.length < PRODUCTION_OPERATOR_KEY_MIN)
    problems.push(`OPERATOR_KEY: must be at least ${PRODUCTION_OPERATOR_KEY_MIN} characters in production`);
  if (!env.DATABASE_URL)
    problems.push('DATABASE_URL: must be set (the embedded database serves one connection and is for development)');
  if (env.SEED_DEMO) problems.push('SEED_DEMO: must not be true (the demo accounts have public passwords)');
  if (env.PAYMENT_GATEWAY_SIMULATOR)
    problems.push('PAYMENT_GATEWAY_SIMULATOR: must not be true (its page confirms deposits nobody paid)');
  if (env.TRUST_PROXY === true)
    problems.push(
      'TRUST_PROXY: must be the number of proxy hops, not true (trusting every hop lets a visitor choose its own address)',
    );
  if (env.RATE_LIMIT_SCALE !== 1)
    problems.push('RATE_LIMIT_SCALE: must be 1 (larger values are for load tests and browser test runs)');
  if (env.BOT_CHECK_MAX_NUMBER < PRODUCTION_BOT_CHECK_MIN)
    problems.push(
      `BOT_CHECK_MAX_NUMBER: must be at least ${PRODUCTION_BOT_CHECK_MIN} (an easy proof of work stops no bot)`,
    );
  if (env.SMS_GATEWAY_URL) {
    const url = new URL(env.SMS_GATEWAY_URL);
    if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname))
      problems.push('SMS_GATEWAY_URL: must be https:// (the codes and the token would cross the network in clear)');
  }
  return problems;
}
