// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { localizeError } from './errors.ts';
import { i18n, i18nReady, showLanguage } from './i18n.ts';

await i18nReady;
const initial = i18n.language;
afterAll(() => i18n.changeLanguage(initial));

const outOfRange = () =>
  new ApiError('AMOUNT_OUT_OF_RANGE', 'outside', 'body.amount', 400, { min: '1000000', max: '1000000000' });

describe('localizeError for AMOUNT_OUT_OF_RANGE', () => {
  it.each([
    ['en', 'The amount must be between ₩10,000.00 and ₩10,000,000.00.'],
    ['ko', '금액은 ₩10,000.00 이상 ₩10,000,000.00 이하여야 합니다.'],
    ['zh', '金额必须在 ₩10,000.00 至 ₩10,000,000.00 之间。'],
  ])('names the server’s formatted minimum and maximum in %s', async (lang, text) => {
    await showLanguage(lang);
    expect(localizeError(outOfRange())).toBe(text);
  });

  it('falls back to the plain range message when the server sent no readable bounds', async () => {
    await showLanguage('en');
    const bare = new ApiError('AMOUNT_OUT_OF_RANGE', 'outside', 'body.amount', 400, { min: 5 });
    expect(localizeError(bare)).toBe('The amount is outside the allowed range for this method.');
  });
});
