import {
  closeWelcomeIfShown,
  dismissWelcome,
  expectSignedIn,
  fillLogin,
  inEnglish,
  uniqueUsername,
} from './support/accounts.ts';
import { expect, test, type Page } from './support/test.ts';

test.beforeEach(async ({ page }) => inEnglish(page));

async function signInAsAgent(page: Page) {
  await page.goto('/agent');
  await fillLogin(page, 'agent01', 'Agent1234');
  await expect(page).toHaveURL(/\/agentHome$/);
  await closeWelcomeIfShown(page);
}

const teamNewMembers = (page: Page) => page.getByTestId('figure-newMembers-team');

test.describe('agent centre', () => {
  test('an agent registers a player, finds it in team management, sends it money, and the team overview counts it', async ({
    page,
  }) => {
    await signInAsAgent(page);
    await page.getByTestId('agent-menu-teamOverview').click();
    await expect(teamNewMembers(page)).toHaveText(/^\d+$/);
    const before = Number(await teamNewMembers(page).textContent());

    await page.getByTestId('agent-menu-registerAccount').click();
    const form = page.getByTestId('register-account-form');
    // Wrong input first: nothing typed, then a password the site refuses.
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.locator('.field--invalid')).toHaveCount(2);
    const username = uniqueUsername('tm');
    await form.locator('input[name="username"]').fill(username);
    await form.locator('input[name="password"]').fill('123');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.locator('.field--invalid')).toHaveCount(1);
    await form.locator('input[name="password"]').fill('First1234');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('register-done')).toContainText(username);

    await page.getByTestId('agent-menu-teamManagement').click();
    await page.getByRole('searchbox').or(page.getByLabel('Search the team')).fill(username);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId(`team-row-${username}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('₩0.00');

    await row.getByTestId(`transfer-${username}`).click();
    const transfer = page.getByTestId('transfer-form');
    await transfer.locator('input[name="amount"]').fill('1500');
    await transfer.getByLabel('Payment password').fill('wrong-pin');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await expect(transfer.getByTestId('form-error')).toBeVisible();
    await transfer.getByLabel('Payment password').fill('Agent5678');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await expect(page.getByTestId('transfer-done')).toContainText('₩1,500.00');
    await page.keyboard.press('Escape');
    await expect(row).toContainText('₩1,500.00');

    await page.getByTestId('agent-menu-teamOverview').click();
    await expect(teamNewMembers(page)).toHaveText(String(before + 1));
    // The team's deposits of today (demo01's welcome deposit, made when the demo site was seeded).
    await expect(page.getByTestId('figure-deposits-team')).not.toHaveText('₩0.00');
    await expect(page.getByTestId('overview-chart')).toBeVisible();
  });

  test('a player registering through the agent’s referral link lands below the agent', async ({ page }) => {
    await signInAsAgent(page);
    await page.getByTestId('agent-menu-registerAccount').click();
    await page.getByTestId('new-link-PLAYER').click();
    const link = page.getByTestId('referral-link-PLAYER').first();
    await expect(link.getByTestId('referral-counts')).toContainText('Registrations 0');
    const url = (await link.getByTestId('referral-url').textContent())!;

    await page.getByTestId('agent-sign-out').click();
    // The confirmation is a dialog loaded on first use: its own button, not the header's, confirms.
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: /sign out|confirm|ok/i })
      .click();
    await expect(page).toHaveURL(/\/agent$/);

    await page.goto(url);
    const username = uniqueUsername('rf');
    const popup = page.getByTestId('register-popup');
    await popup.getByRole('tab', { name: 'Username' }).click();
    const form = popup.getByTestId('register-form');
    await form.locator('input[name="username"]').fill(username);
    await form.locator('input[name="password"]').fill('Play1234');
    await form.locator('input[name="confirmPassword"]').fill('Play1234');
    await form.locator('input[name="acceptTerms"]').check();
    await form.getByTestId('register-submit').click();
    await expectSignedIn(page, username);
    await dismissWelcome(page);
    await page.evaluate(() => window.sessionStorage.clear());

    await signInAsAgent(page);
    await page.getByTestId('agent-menu-teamManagement').click();
    await expect(page.getByTestId(`team-row-${username}`)).toBeVisible();
    await page.getByTestId('agent-menu-registerAccount').click();
    await expect(page.getByTestId('referral-link-PLAYER').first().getByTestId('referral-counts')).toContainText(
      'Registrations 1',
    );
  });

  test('the agent centre fits a phone: no sideways scroll, the clock and sign-out on screen', async ({ page }) => {
    await signInAsAgent(page);
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
          message: `sideways scroll at ${width}px`,
        })
        .toBeLessThanOrEqual(0);
      for (const item of [page.locator('.agent-clock'), page.getByTestId('agent-sign-out')]) {
        await expect(item).toBeVisible();
        const box = (await item.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width + 0.5);
      }
    }
  });
});
