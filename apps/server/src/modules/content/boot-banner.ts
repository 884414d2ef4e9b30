import { HOME_BANNER_GROUP, type Banner } from '@portal/contracts/content/content.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';

/** The addresses that open the home screen (apps/web/src/app/route-table.ts: home, /login, /register). */
export const HOME_SCREEN_PATHS: ReadonlySet<string> = new Set(['/', '/index', '/home', '/login', '/register']);

export const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * index.html with the home page's first banner art written into the app's root, so the page's largest
 * paint needs no JavaScript: the browser fetches the art beside the stylesheet and shows it under the
 * header's place until the app renders over it (decision 044). The same art directed per width as
 * the slider's (the phone crop up to LIMITS.bannerNarrowMaxPx). Without a home banner: unchanged.
 */
export function withBootBanner(html: string, banners: readonly Banner[]): string {
  const banner = banners.find((b) => b.groupName === HOME_BANNER_GROUP);
  if (!banner?.imageUrl) return html;
  const narrow = banner.mobileImageUrl
    ? `<source media="(max-width: ${LIMITS.bannerNarrowMaxPx}px)" srcset="${escapeAttribute(banner.mobileImageUrl)}" width="720" height="360">`
    : '';
  const art =
    `<picture class="boot-banner" aria-hidden="true">${narrow}` +
    `<img src="${escapeAttribute(banner.imageUrl)}" alt="" width="1200" height="360" fetchpriority="high"></picture>`;
  return html.replace('<div id="root">', `<div id="root">${art}`);
}
