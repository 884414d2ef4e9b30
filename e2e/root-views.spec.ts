import { expect, test } from './support/test.ts';
import { setMaintenance, setRegionRestriction, switchEverythingOff } from './support/ops.ts';

test.use({ timezoneId: 'UTC', locale: 'en-US' });

test.describe('root view by system status', () => {
  test.afterEach(async ({ request }) => {
    await switchEverythingOff(request);
  });

  test('a visitor on a normal day sees the portal with its header and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.getByTestId('entrance-tiles')).toBeVisible();
  });

  test('a visitor during maintenance sees the maintenance page with its title and end time', async ({
    page,
    request,
  }) => {
    await setMaintenance(request, {
      enabled: true,
      title: 'Upgrading the tables',
      info: 'We will be back shortly with new games.',
      endTime: '2030-01-02T03:04:05Z',
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Upgrading the tables' })).toBeVisible();
    await expect(page.getByTestId('maintenance-end')).toContainText('2030-01-02 12:04:05'); // shown in the site's time zone (KST)
    await expect(page.getByText('We will be back shortly with new games.')).toBeVisible();
    await expect(page.getByRole('button', { name: /고객센터|Customer service/ })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('a maintenance page without an end time shows no end time', async ({ page, request }) => {
    await setMaintenance(request, { enabled: true, title: 'Short break', info: 'Back soon.', endTime: null });
    await page.goto('/rng');
    await expect(page.getByRole('heading', { level: 1, name: 'Short break' })).toBeVisible();
    await expect(page.getByTestId('maintenance-end')).toHaveCount(0);
  });

  test('a visitor from a blocked address sees the region-blocked page with their IP', async ({ page, request }) => {
    await setRegionRestriction(request, { enabled: true, ipRanges: ['127.0.0.1/32'] });
    await page.goto('/');
    await expect(page.getByTestId('visitor-ip')).toHaveText('127.0.0.1');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /고객센터|Customer service/ })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('maintenance takes precedence over a region block', async ({ page, request }) => {
    await setRegionRestriction(request, { enabled: true, ipRanges: ['127.0.0.1/32'] });
    await setMaintenance(request, { enabled: true, title: 'Both switched on', info: 'Maintenance wins.' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Both switched on' })).toBeVisible();
    await expect(page.getByTestId('visitor-ip')).toHaveCount(0);
  });

  test('the portal comes back once maintenance is switched off', async ({ page, request }) => {
    await setMaintenance(request, { enabled: true, title: 'Brief pause', info: 'x' });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Brief pause' })).toBeVisible();
    await setMaintenance(request, { enabled: false });
    await page.reload();
    await expect(page.getByTestId('entrance-tiles')).toBeVisible();
  });
});
