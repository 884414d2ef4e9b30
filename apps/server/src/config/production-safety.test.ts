import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';
import { unsafeProductionSettings } from './production-safety.ts';

const SAFE = {
  NODE_ENV: 'production',
  OPERATOR_KEY: 'k'.repeat(16) + 'Q7w'.repeat(6),
  DATABASE_URL: 'postgres://portal@db.internal:5432/portal',
};
const problems = (extra: Record<string, string> = {}) => unsafeProductionSettings(loadEnv({ ...SAFE, ...extra }));

describe('production settings', () => {
  it('accept a site with its own operator key and PostgreSQL, and default the demo seed off', () => {
    expect(problems()).toEqual([]);
    expect(loadEnv(SAFE).SEED_DEMO).toBe(false);
    expect(loadEnv({}).SEED_DEMO).toBe(true);
  });

  it('name a missing or short operator key and a missing database', () => {
    expect(unsafeProductionSettings(loadEnv({ NODE_ENV: 'production' })).map((p) => p.split(':')[0])).toEqual([
      'OPERATOR_KEY',
      'DATABASE_URL',
    ]);
    expect(problems({ OPERATOR_KEY: 'twelve-chars-only' })).toEqual([
      'OPERATOR_KEY: must be at least 32 characters in production',
    ]);
  });

  it('refuse every demo and test switch that a developer may leave on', () => {
    const found = problems({
      SEED_DEMO: 'true',
      PAYMENT_GATEWAY_SIMULATOR: 'yes',
      TRUST_PROXY: 'true',
      RATE_LIMIT_SCALE: '50',
      BOT_CHECK_MAX_NUMBER: '5000',
    }).map((p) => p.split(':')[0]);
    expect(found).toEqual([
      'SEED_DEMO',
      'PAYMENT_GATEWAY_SIMULATOR',
      'TRUST_PROXY',
      'RATE_LIMIT_SCALE',
      'BOT_CHECK_MAX_NUMBER',
    ]);
  });

  it('accept a number of proxy hops and the switches turned off', () => {
    expect(problems({ TRUST_PROXY: '2', SEED_DEMO: 'false', PAYMENT_GATEWAY_SIMULATOR: 'false' })).toEqual([]);
  });

  it('want the SMS gateway over TLS unless it runs on this machine', () => {
    expect(problems({ SMS_GATEWAY_URL: 'http://sms.example.com/send' })).toHaveLength(1);
    expect(problems({ SMS_GATEWAY_URL: 'http://127.0.0.1:9000/send' })).toEqual([]);
    expect(problems({ SMS_GATEWAY_URL: 'https://sms.example.com/send' })).toEqual([]);
  });

  it('ask nothing of a development or test server', () => {
    expect(unsafeProductionSettings(loadEnv({ SEED_DEMO: 'true', RATE_LIMIT_SCALE: '50' }))).toEqual([]);
  });
});
