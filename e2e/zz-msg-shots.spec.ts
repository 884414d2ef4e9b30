import { registerByUsername } from './support/accounts.ts';
import { contextShowingPopups, expect, test } from './support/test.ts';

// Throwaway screenshots for review (not committed).
test('shots', async ({ browser, portalServer }) => {
  test.setTimeout(240_000);
  for (const [lang, theme] of [
    ['ko', 'light'],
    ['en', 'dark'],
  ] as const) {
    const ctx = await contextShowingPopups(browser, { baseURL: portalServer, viewport: { width: 390, height: 844 } });
    await ctx.addInitScript(
      ([l, th]) => {
        if (!localStorage.getItem('portal.lang')) localStorage.setItem('portal.lang', l!);
        localStorage.setItem('portal.theme', th!);
      },
      [lang, theme],
    );
    const page = await ctx.newPage();
    await page.goto('/');
    await expect(page.getByTestId('home-popup-item').first()).toBeVisible();
    await page.screenshot({ path: `test-results/shot-popup-${lang}-${theme}.png` });
    await page.getByTestId('home-popup-close').click();
    await page.evaluate(() => localStorage.setItem('portal.lang', 'en'));
    await registerByUsername(page);
    await page.evaluate((l) => localStorage.setItem('portal.lang', l), lang);
    await page.goto('/member?page=feedback');
    await expect(page.getByTestId('feedback-submit')).toBeVisible();
    await page.screenshot({ path: `test-results/shot-feedback-${lang}-${theme}.png`, fullPage: true });
    await page.goto('/member?page=messageV2');
    await expect(page.getByTestId('inbox')).toBeVisible();
    await page.screenshot({ path: `test-results/shot-inbox-${lang}-${theme}.png` });
    await ctx.close();
  }
});
