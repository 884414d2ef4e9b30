import { expect, test } from './support/test.ts';

test.describe('visitor preferences', () => {
  test('the site opens in Korean by default', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeVisible();
  });

  test('the language selector lists only the languages the site enables', async ({ page }) => {
    await page.goto('/');
    const options = page.getByTestId('language-select').first().locator('option');
    await expect(options).toHaveText(['한국어', 'English']);
  });

  test('a chosen language survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('language-select').first().selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Slots' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Slots' }),
    ).toBeVisible();
    await expect(page.getByTestId('header-login')).toHaveText('Log in');
  });

  test('a chosen theme survives a reload and applies before the app starts', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('theme-toggle').first().click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    // The stored theme is applied by /theme-init.js, before any module script runs (none runs here).
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.unroute('**/assets/*.js');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('header', () => {
  test.use({ locale: 'en-US' });

  test('the main navigation follows the spec order and shows categories that have vendors', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('portal.lang', 'en'));
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.locator('a[data-nav]')).toHaveText([
      'Home',
      'Sports',
      'Lottery',
      'Live casino',
      'Slots',
      'Poker',
      'Fishing',
      'Promotions',
    ]);
  });

  test('sports opens a drop-down of its vendors, 55 px per item', async ({ page }) => {
    await page.goto('/');
    const sports = page.locator('.main-nav__item--menu').filter({ has: page.locator('[data-nav="SPORTS"]') });
    await sports.hover();
    const menu = sports.locator('.nav-dropdown');
    await expect(menu.getByRole('link', { name: 'Striker Sports' })).toBeVisible();
    await expect(menu.locator('li').first()).toHaveCSS('height', '55px');
    await expect(
      page
        .locator('.main-nav__item')
        .filter({ has: page.locator('[data-nav="LIVE"]') })
        .locator('.nav-dropdown'),
    ).toHaveCount(0);
  });

  test('a guest sees log-in and sign-up buttons', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('header-login')).toBeVisible();
    await expect(page.getByTestId('header-register')).toBeVisible();
    await page.getByTestId('header-register').click();
    await expect(page.getByTestId('register-popup')).toBeVisible();
  });

  test('on a phone the navigation opens from a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: '주 메뉴' })).toBeHidden();
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    const drawer = page.getByRole('navigation', { name: '메뉴' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: '슬롯' }).click();
    await expect(page).toHaveURL(/\/rng$/);
    await expect(drawer).toBeHidden();
  });
});
