import { ERROR_CODES } from '@portal/contracts/errors.ts';
import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../lib/i18n.ts';
import { RESOURCES } from './all-resources.ts';
import { BUNDLED_LANGUAGES, NAMESPACES } from './resources.ts';

await Promise.all(BUNDLED_LANGUAGES.map(loadLanguage));

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** Every message of every bundled language and namespace, with its dotted key and its namespace's keys. */
function* messages() {
  for (const lang of BUNDLED_LANGUAGES) {
    for (const ns of NAMESPACES) {
      const flat = keys(RESOURCES[lang][ns]);
      for (const key of flat) {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], RESOURCES[lang][ns]);
        yield { lang, ns, key, value, flat };
      }
    }
  }
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

  it('give every message that counts something its singular and plural forms (i18next plural rules)', () => {
    for (const { lang, ns, key, value, flat } of messages()) {
      // An English count followed by a plural noun ("{{count}} free spins") needs its singular.
      if (lang === 'en' && /\{\{count\}\}[^.!?(),;]*?\b[a-z]+s\b/.test(value as string))
        expect(key, `${lang}/${ns}:${key}`).toMatch(/_(one|other)$/);
      if (key.endsWith('_one')) expect(flat, `${lang}/${ns}:${key}`).toContain(key.replace(/_one$/, '_other'));
    }
    // "1 minute", never "1 minutes"; languages without a singular read the same for every count.
    expect(i18n.t('auth:newIp.sentSms', { lng: 'en', recipient: 'x', count: 1 })).toContain('valid for 1 minute.');
    expect(i18n.t('auth:newIp.sentSms', { lng: 'en', recipient: 'x', count: 3 })).toContain('valid for 3 minutes.');
    expect(i18n.t('pages:missions.kinds.SIGN_IN_DAYS', { lng: 'en', target: '1', count: 1 })).toBe('Sign in on 1 day');
    expect(i18n.t('pages:missions.kinds.ROUNDS', { lng: 'en', target: '1,000', count: 1000 })).toBe(
      'Play 1,000 rounds',
    );
    expect(i18n.t('auth:newIp.sentSms', { lng: 'ko', recipient: 'x', count: 1 })).toContain('1');
    expect(i18n.t('auth:validation.lengthMin', { lng: 'en', count: 1 })).toBe('Please enter at least 1 character');
  });

  it('have no empty messages', () => {
    for (const { lang, ns, key, value } of messages()) {
      expect(typeof value === 'string' && value.trim() !== '', `${lang}/${ns}:${key}`).toBe(true);
    }
  });
});
