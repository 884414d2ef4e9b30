import type { Banner } from '@portal/contracts/content/content.contract.ts';
import { describe, expect, it } from 'vitest';
import { withBootBanner } from './boot-banner.ts';

const PAGE = '<html><head></head><body><div id="root"><div class="boot-loader"></div></div></body></html>';
const banner = (over: Partial<Banner>): Banner => ({
  id: 1,
  groupName: 'w_home',
  title: 'Welcome',
  subtitle: '',
  ctaLabel: '',
  imageUrl: '/assets/banners/welcome.svg',
  mobileImageUrl: '/assets/banners/welcome-mobile.svg',
  url: '/',
  linkageType: 'NONE',
  ...over,
});

describe('the home page written with its first banner', () => {
  it('puts the first home banner art, phone crop first, at the start of the app root', () => {
    const html = withBootBanner(PAGE, [banner({ groupName: 'other', imageUrl: '/x.svg' }), banner({})]);
    expect(html).toContain(
      '<div id="root"><picture class="boot-banner" aria-hidden="true"><source media="(max-width: 640px)" srcset="/assets/banners/welcome-mobile.svg" width="720" height="360"><img src="/assets/banners/welcome.svg" alt="" width="1200" height="360" fetchpriority="high"></picture><div class="boot-loader">',
    );
  });

  it('writes only the wide art when the banner has no phone crop', () => {
    const html = withBootBanner(PAGE, [banner({ mobileImageUrl: null })]);
    expect(html).not.toContain('<source');
    expect(html).toContain('<img src="/assets/banners/welcome.svg"');
  });

  it('escapes an operator-written address so it cannot leave the attribute', () => {
    const html = withBootBanner(PAGE, [
      banner({ imageUrl: '/a.svg"><script>alert(1)</script>', mobileImageUrl: null }),
    ]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('src="/a.svg&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('leaves the page as it is when the site shows no home banner', () => {
    expect(withBootBanner(PAGE, [banner({ groupName: 'other' })])).toBe(PAGE);
    expect(withBootBanner(PAGE, [])).toBe(PAGE);
  });
});
