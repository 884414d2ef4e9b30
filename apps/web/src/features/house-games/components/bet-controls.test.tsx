// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, showLanguage } from '../../../lib/i18n.ts';
import { BetControls } from './bet-controls.tsx';

beforeAll(() => showLanguage('en'));

function errorOf(value: string, balance = '999999999'): string | null {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <BetControls
        value={value}
        onChange={() => undefined}
        limits={{ minBet: '20', maxBet: '200000' }}
        balance={balance}
        currency="KRW"
      />
    </I18nextProvider>,
  );
  const match = /<p[^>]*role="alert"[^>]*>([^<]*)<\/p>/.exec(html);
  return match ? match[1]!.replace(/&#x27;/g, "'") : null;
}

describe('the stake field of a house game', () => {
  it('names the maximum bet with the currency, two decimals and thousands separators', () => {
    expect(errorOf('2000.01')).toBe('The maximum bet is ₩2,000.00.');
  });

  it('names the minimum bet the same way', () => {
    expect(errorOf('0.19')).toBe('The minimum bet is ₩0.20.');
  });

  it('shows no error for a stake inside the limits and the balance', () => {
    expect(errorOf('1500')).toBeNull();
  });
});
