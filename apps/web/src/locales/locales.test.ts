import { ERROR_CODES } from '@portal/contracts/errors.ts';
import { describe, expect, it } from 'vitest';
import { BUNDLED_LANGUAGES, NAMESPACES, RESOURCES } from './resources.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('message bundles', () => {
  it('have the same keys in Korean, English and Chinese', () => {
    for (const ns of NAMESPACES) {
      const en = keys(RESOURCES.en[ns]).sort();
      for (const lang of BUNDLED_LANGUAGES) {
        expect(keys(RESOURCES[lang][ns]).sort(), `${lang}/${ns}`).toEqual(en);
      }
    }
  });

  it('localize every error code of the contracts plus the client codes', () => {
    for (const lang of BUNDLED_LANGUAGES) {
      const errors = RESOURCES[lang].errors as Record<string, string>;
      for (const code of [...ERROR_CODES, 'NETWORK_ERROR', 'INVALID_RESPONSE', 'PAGE_LOAD_TIMEOUT']) {
        expect(errors[code], `${lang} errors.${code}`).toBeTruthy();
      }
    }
  });

  it('have no empty messages', () => {
    for (const lang of BUNDLED_LANGUAGES) {
      for (const ns of NAMESPACES) {
        const flat = keys(RESOURCES[lang][ns]);
        for (const key of flat) {
          const value = key
            .split('.')
            .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], RESOURCES[lang][ns]);
          expect(typeof value === 'string' && value.trim() !== '', `${lang}/${ns}:${key}`).toBe(true);
        }
      }
    }
  });
});
