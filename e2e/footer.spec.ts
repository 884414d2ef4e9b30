import { expect, test } from './support/test.ts';

test.describe('footer and right bar', () => {
  test('the footer shows each game vendor once and never a TCG vendor', async ({ page }) => {
    await page.goto('/');
    const logos = page.getByTestId('footer-vendors').locator('li[data-vendor]');
    await expect(logos.first()).toBeVisible();
    const ids = await logos.evaluateAll((items) => items.map((li) => li.getAttribute('data-vendor') ?? ''));
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith('TCG'))).toEqual([]);
    expect(ids.sort()).toEqual(['HOUSE', 'JADE', 'LOTTO', 'NEONLIVE', 'REEF', 'STRIKER', 'VAULT']);
  });

  test('the footer shows only the social links the site has', async ({ page }) => {
    await page.goto('/');
    const social = page.getByTestId('footer-social');
    await expect(social.locator('[data-social="FACEBOOK"]')).toHaveCount(1);
    await expect(social.locator('[data-social="YOUTUBE"]')).toHaveCount(1);
    await expect(social.locator('[data-social="TELEGRAM"]')).toHaveCount(1);
    await expect(social.locator('[data-social="KAKAOTALK"]')).toHaveCount(1);
    await expect(social.locator('[data-social="TWITTER"]')).toHaveCount(0);
    await expect(social.locator('[data-social="INSTAGRAM"]')).toHaveCount(0);
  });

  test('the footer carries the age badge, licence line, copyright 2023 and the help links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('img', { name: /18/ })).toBeVisible();
    await expect(page.getByTestId('licence-line')).toContainText('Licensed');
    await expect(page.getByTestId('copyright-line')).toContainText('2023');
    await expect(footer.getByRole('link', { name: /도움말 센터|Help centre/ })).toHaveAttribute('href', '/help');
    await expect(footer.getByRole('link', { name: /입금하기|Increase deposit/ })).toBeVisible();
  });

  test('the footer help section follows the route', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.footer-help')).toHaveAttribute('data-topic', 'hot');
    await page.goto('/fish');
    await expect(page.locator('.footer-help')).toHaveAttribute('data-topic', 'fish');
    await page.goto('/esports');
    await expect(page.locator('.footer-help')).toHaveAttribute('data-topic', 'esport');
  });

  test('the right bar offers QR codes only for the apps the site has', async ({ page }) => {
    await page.goto('/');
    const list = page.getByTestId('app-qr-list');
    await expect(list.locator('[data-app="APP_IOS"] img')).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await expect(list.locator('[data-app="APP_ANDROID"]')).toHaveCount(1);
    await expect(list.locator('[data-app="APP_IOS_LITE"]')).toHaveCount(0);
  });

  test('customer service opens the live chat in a 440 by 750 window', async ({ page }) => {
    await page.goto('/');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('right-bar-cs').click()]);
    await popup.waitForLoadState();
    // The decrypted link is the live chat launch page, which moves on to the chat the launch call names.
    await expect(popup).toHaveURL(/\/livechat\/chat\?b2c=1&template=v2&headerColor=%236a4dfa&title=/);
    await expect(popup.getByTestId('support-start')).toBeVisible();
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([440, 750]);
  });

  test('the announcements button opens the list of notices', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('right-bar-notices').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.notice-dialog__item')).toHaveCount(3);
  });
});
