import type { Locator, Page } from './support/test.ts';
import { expect, test } from './support/test.ts';
import { inEnglish } from './support/accounts.ts';

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  });
}

const apart = (a: Box, b: Box) =>
  a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left - 0.5 &&
  inner.right <= outer.right + 0.5 &&
  inner.top >= outer.top - 0.5 &&
  inner.bottom <= outer.bottom + 0.5;

/** What a person sees of the home hero at one width: its words, button, dots, art and the screen. */
async function heroAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 700 ? 844 : 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  const slider = page.locator('.banner-slider');
  // Hovering holds the autoplay, so the first slide stays put while it is measured.
  await slider.hover({ position: { x: 4, y: 4 } });
  const slide = page.locator('.banner-slider__slide').first();
  await expect.poll(async () => Math.abs((await boxOf(slide)).left - (await boxOf(slider)).left)).toBeLessThan(2);
  const title = slide.getByTestId('banner-title');
  const cta = slide.getByTestId('banner-cta');
  await expect(title).toBeVisible();
  await expect(cta).toBeVisible();
  const art = slide.locator('.banner-slider__art img');
  await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return {
    slider: await boxOf(slider),
    art: await boxOf(art),
    title: await boxOf(title),
    cta: await boxOf(cta),
    dots: await boxOf(page.locator('.banner-slider__dots')),
    artSource: await art.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname),
    screen: { left: 0, top: 0, right: width, bottom: width < 700 ? 844 : 900, width, height: 0 } as Box,
  };
}

test.describe('banners are art-directed per width', () => {
  for (const width of [320, 390, 768, 1440]) {
    test(`the home hero's headline and button are whole on screen and its dots keep clear of them at ${width} px`, async ({
      page,
    }) => {
      await inEnglish(page);
      await page.goto('/');
      const hero = await heroAt(page, width);
      for (const part of ['title', 'cta'] as const) {
        expect(hero[part].width, part).toBeGreaterThan(0);
        expect(hero[part].height, part).toBeGreaterThan(0);
        expect(inside(hero[part], hero.screen), `${part} inside the screen`).toBe(true);
        expect(inside(hero[part], hero.slider), `${part} inside the banner`).toBe(true);
        expect(apart(hero.dots, hero[part]), `the dots keep clear of the ${part}`).toBe(true);
      }
      expect(apart(hero.title, hero.cta), 'headline and button apart').toBe(true);
      expect(inside(hero.dots, hero.slider), 'dots inside the banner').toBe(true);
      if (width <= 640) {
        // Phones get the phone crop, whole (2:1), with the words and then the dots below it.
        expect(hero.artSource).toMatch(/-mobile\.svg$/);
        expect(hero.art.width / hero.art.height).toBeCloseTo(2, 1);
        expect(hero.title.top).toBeGreaterThanOrEqual(hero.art.bottom - 0.5);
        expect(hero.dots.top).toBeGreaterThanOrEqual(hero.cta.bottom - 0.5);
      } else {
        expect(hero.artSource).not.toMatch(/-mobile\.svg$/);
      }
    });
  }

  for (const mode of ['login', 'register'] as const) {
    test(`the ${mode} popup's banner keeps its words visible inside the dialog on phones and desktops`, async ({
      page,
    }) => {
      await inEnglish(page);
      for (const width of [320, 390, 1440]) {
        await page.setViewportSize({ width, height: width < 700 ? 844 : 900 });
        await page.goto(`/${mode}`);
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        const words = dialog.locator('.auth-popup__welcome');
        await expect(words).toBeVisible();
        await expect(words).toHaveText(/Aurora Play/);
        // Measured once the dialog has settled (its entrance and the banner art's load move the boxes).
        const placed = async () => {
          const box = await boxOf(words);
          const frame = await boxOf(dialog);
          const banner = await boxOf(dialog.locator('.auth-popup__banner'));
          return {
            hasBox: box.width * box.height > 0,
            insideDialog: inside(box, frame),
            insideBanner: inside(box, banner),
          };
        };
        await expect
          .poll(placed, { message: `${width}px: the words have a box inside the dialog and inside the banner` })
          .toEqual({ hasBox: true, insideDialog: true, insideBanner: true });
        // Nothing in the dialog is wider than the dialog (the 320 px form once ran past its edge).
        const overflow = await dialog.evaluate((el) => {
          const right = el.getBoundingClientRect().right;
          return Array.from(el.querySelectorAll<HTMLElement>('input, button, label, a'))
            .filter((c) => c.getBoundingClientRect().width > 0 && c.getBoundingClientRect().right > right + 0.5)
            .map((c) => c.outerHTML.slice(0, 80));
        });
        expect(overflow, `${width}px: nothing runs past the dialog`).toEqual([]);
      }
    });
  }
});
