import type { Locator, Page } from './support/test.ts';
import { expect, test } from './support/test.ts';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const apart = (a: Box, b: Box) =>
  a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 &&
  inner.right <= outer.right + 0.5 &&
  inner.top >= outer.top - 0.5 &&
  inner.bottom <= outer.bottom + 0.5;

/** Every tile's box, its art's box and the boxes of its words (each line of words is one box). */
async function tileBoxes(tiles: Locator) {
  return tiles.locator('.entrance-tile').evaluateAll((links) =>
    links.map((link) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      };
      const words = Array.from(link.querySelectorAll('.entrance-tile__text > span')).flatMap((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return Array.from(range.getClientRects())
          .filter((r) => r.width > 0)
          .map((r) => ({ text: el.textContent ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom }));
      });
      const clipped = Array.from(link.querySelectorAll<HTMLElement>('.entrance-tile__text > span'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent ?? '');
      return {
        href: link.getAttribute('href') ?? '',
        tile: box(link),
        art: box(link.querySelector('.entrance-tile__art')!),
        words,
        clipped,
      };
    }),
  );
}

/** Where the words of a tile run into its art, leave the tile, or are cut off; empty when none do. */
async function tileFaults(page: Page): Promise<string[]> {
  const faults: string[] = [];
  for (const t of await tileBoxes(page.getByTestId('entrance-tiles'))) {
    if (t.art.right - t.art.left < 40 || t.art.bottom - t.art.top < 40) faults.push(`${t.href}: the art has no room`);
    if (!inside(t.art, t.tile)) faults.push(`${t.href}: the art leaves the tile`);
    if (t.words.length < 3) faults.push(`${t.href}: words are missing`);
    for (const w of t.words) {
      if (!apart(w, t.art)) faults.push(`${t.href}: "${w.text}" runs into the art`);
      if (!inside(w, t.tile)) faults.push(`${t.href}: "${w.text}" leaves the tile`);
    }
    for (const text of t.clipped) faults.push(`${t.href}: "${text}" is cut off`);
  }
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (scroll > 0) faults.push(`the page scrolls sideways by ${scroll}px`);
  return faults;
}

const WIDTHS = [320, 390, 768, 1024, 1280, 1440];

for (const lang of ['ko', 'en', 'zh'] as const)
  for (const theme of ['dark', 'light'] as const)
    test(`the home entrance tiles keep their words clear of the art at every width (${lang}, ${theme})`, async ({
      page,
    }) => {
      test.slow(); // six widths on a busy machine
      await page.addInitScript(
        ([l, t]) => {
          window.localStorage.setItem('portal.lang', l!);
          window.localStorage.setItem('portal.theme', t!);
        },
        [lang, theme],
      );
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const tiles = page.getByTestId('entrance-tiles');
      await expect(tiles.locator('.entrance-tile')).toHaveCount(3);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expect.poll(() => tileFaults(page), { message: `${lang} ${theme} at ${width}px` }).toEqual([]);
      }
      // The words sit on the tile's own dark colours in either theme: white titles, gold eyebrows.
      const first = tiles.locator('.entrance-tile').first();
      await expect(first.locator('.entrance-tile__title')).toHaveCSS('color', 'rgb(255, 255, 255)');
      await expect(first.locator('.entrance-tile__eyebrow')).toHaveCSS('color', 'rgb(255, 217, 122)');
      expect(await first.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('linear-gradient');
      // Every tile's art arrives.
      for (const img of await tiles.locator('.entrance-tile__art img').all()) {
        await img.scrollIntoViewIfNeeded();
        await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      }
    });
