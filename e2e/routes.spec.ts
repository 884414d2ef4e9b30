import { expect, test } from './support/test.ts';
import { SPA_ROUTES } from '@portal/contracts/spa-routes.ts';

const NEEDS_SESSION = new Set([
  '/member',
  '/agentHome',
  '/lottery',
  '/seaLottery',
  '/vnLottery',
  '/pointMall',
  '/seamless',
]);
// The customer-service window's pages (live support) fill the 440×750 window without the portal's chrome.
const WITHOUT_PORTAL_CHROME = new Set(['/agent', '/agentHome', '/helpmc', '/livechat', '/livechat/chat']);

test.describe('every route of the spec renders its frame', () => {
  for (const route of SPA_ROUTES) {
    test(`a guest opening ${route} sees a titled screen and no error`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(route);
      if (NEEDS_SESSION.has(route)) {
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByTestId('login-popup')).toBeVisible();
      } else {
        await expect(page.locator('main#main')).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 }).first()).not.toBeEmpty();
        if (!WITHOUT_PORTAL_CHROME.has(route)) await expect(page.getByRole('banner')).toBeVisible();
      }
      await expect(page.getByTestId('screen-error')).toHaveCount(0);
      await expect(page).toHaveTitle(/· Aurora Play$/);
      expect(errors).toEqual([]);
    });
  }

  test('a signed-in visitor passes the guard into the member centre with the header only', async ({ page }) => {
    await page.addInitScript(() => window.sessionStorage.setItem('portal.token', 'e2e-session-token'));
    await page.goto('/member');
    await expect(page).toHaveURL(/\/member$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('the slots list filtered by vendor shows only that vendor', async ({ page }) => {
    await page.goto('/rng?vassalage=VAULT');
    await expect(page.getByTestId('vendor-grid').locator('[data-vendor]')).toHaveCount(1);
    await expect(page.getByTestId('vendor-grid').locator('[data-vendor="VAULT"]')).toBeVisible();
    await page.goto('/rng?page=HOUSE');
    await expect(page.getByTestId('vendor-grid').locator('[data-vendor="HOUSE"]')).toBeVisible();
    await expect(page.getByTestId('vendor-grid').locator('[data-vendor]')).toHaveCount(1);
  });

  test('a game-list centre lists the vendors of its category with games coming', async ({ page }) => {
    await page.goto('/fish');
    const grid = page.getByTestId('vendor-grid');
    await expect(grid.locator('[data-vendor]')).toHaveCount(2);
    await expect(grid.locator('[data-vendor="REEF"]')).toContainText(/오픈 예정|coming/i);
  });

  test('an unknown address shows the not-found page inside the portal frame', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('each navigation starts at the top of the page', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /도움말 센터|Help centre/ })
      .click();
    await expect(page).toHaveURL(/\/help$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('route guard', () => {
  test('a guest opening /member is sent to /login with the login popup', async ({ page }) => {
    await page.goto('/member');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByTestId('login-popup')).toBeVisible();
  });

  test('a guest clicking a home banner is asked to log in', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('banner').first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-popup')).toBeVisible();
  });

  test('closing the login popup returns to the home page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-popup')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
