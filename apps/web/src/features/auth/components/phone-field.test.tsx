import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { PhoneField } from './phone-field.tsx';

const COUNTRIES = [
  { countryCode: 'KR', countryDialingCode: '82', name: 'Korea' },
  { countryCode: 'CN', countryDialingCode: '86', name: 'China' },
  { countryCode: 'JP', countryDialingCode: '81', name: 'Japan' },
];

function markup(dialCode: string, countries = COUNTRIES): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <PhoneField
        label="Mobile"
        countries={countries}
        dialCode={dialCode}
        onDialCode={() => undefined}
        value=""
        onValue={() => undefined}
      />
    </I18nextProvider>,
  );
}

function flagImage(html: string): { country: string; src: string } | null {
  const tag = /<img[^>]*data-testid="country-flag"[^>]*>/.exec(html)?.[0];
  if (!tag) return null;
  return { country: /data-country="([^"]+)"/.exec(tag)![1]!, src: /src="([^"]+)"/.exec(tag)![1]! };
}

describe('the dialling-code picker', () => {
  it.each([
    ['82', 'KR', 'kr.svg'],
    ['86', 'CN', 'cn.svg'],
    ['81', 'JP', 'jp.svg'],
  ])('shows the bundled flag image of the country dialled with +%s', (dial, country, file) => {
    const flag = flagImage(markup(dial));
    expect(flag?.country).toBe(country);
    expect(flag?.src).toMatch(new RegExp(`/flag-icons/flags/4x3/${file}`));
  });

  it('lists every country by code and dialling code, without emoji flags a machine may lack a font for', () => {
    const html = markup('82');
    expect(html).toContain('+82 KR');
    expect(html).toContain('+86 CN');
    expect(html).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  });

  it('shows no broken image for a country code without a flag', () => {
    expect(flagImage(markup('999', [{ countryCode: 'ZZ', countryDialingCode: '999', name: '' }]))).toBeNull();
  });
});
