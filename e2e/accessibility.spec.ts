import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test.ts';

for (const theme of ['dark', 'light'] as const) {
  for (const viewport of [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    test(`the home page has no serious or critical accessibility violations (${theme}, ${viewport.name})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.addInitScript((t) => window.localStorage.setItem('portal.theme', t), theme);
      await page.goto('/');
      await expect(page.getByTestId('vendor-showcase')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const results = await new AxeBuilder({ page }).analyze();
      const blocking = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
      expect(blocking).toEqual([]);
    });
  }
}

test('the login popup has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('login-popup')).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  );
});
