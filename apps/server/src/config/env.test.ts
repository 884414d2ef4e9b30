import { describe, expect, it } from 'vitest';
import { EnvError, EnvSchema, loadEnv } from './env.ts';

describe('environment', () => {
  it('runs on the embedded database on port 8080 when nothing is set', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: './data', SEED_DEMO: true, TRUST_PROXY: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });
  it('treats empty values as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });
  it('reads proxy hops as a number and switches as booleans', () => {
    expect(loadEnv({ TRUST_PROXY: '2', SEED_DEMO: 'false' })).toMatchObject({ TRUST_PROXY: 2, SEED_DEMO: false });
  });
  it('names every bad setting in one message', () => {
    expect(() => loadEnv({ PORT: '99999', REDIS_URL: 'localhost:6379', OPERATOR_KEY: 'short' })).toThrow(EnvError);
    try {
      loadEnv({ PORT: '99999', REDIS_URL: 'localhost:6379', OPERATOR_KEY: 'short' });
    } catch (e) {
      const msg = (e as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('REDIS_URL: must be a redis:// or rediss:// URL');
      expect(msg).toContain('OPERATOR_KEY: must be at least 12 characters');
    }
  });
});

describe('the README', () => {
  it('documents every environment variable the server reads', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    const undocumented = Object.keys(EnvSchema.shape).filter((key) => !readme.includes(`\`${key}\``));
    expect(undocumented).toEqual([]);
  });
});
