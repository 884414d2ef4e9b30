import { expect, test } from './support/test.ts';
import { closeWelcomeIfShown, fillLogin, inEnglish, registerByUsername } from './support/accounts.ts';
import { fundPlayer } from './support/wallet.ts';

test.beforeEach(async ({ page }) => {
  await inEnglish(page);
});

test('a player copies their invitation link, a friend registers through it and deposits, and the player sees the friend and the reward', async ({
  page,
  browser,
  portalServer,
  request,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await registerByUsername(page);
  await page.goto('/member?page=referral');
  const mine = page.getByTestId('referral-page');
  await expect(mine.getByTestId('referral-terms')).toContainText(
    'first deposit of ₩50,000.00 or more, you receive a ₩10,000.00 bonus',
  );
  await expect(mine.getByTestId('referral-code')).toHaveText(/^[A-Z2-9]{9}$/);
  const link = (await mine.getByTestId('referral-link').textContent())!;
  expect(link).toMatch(/\/register\?ref=[A-Z2-9]{9}$/);
  await mine.getByTestId('referral-copy-link').click();
  await expect(mine.getByTestId('referral-copy-link')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(mine.getByText('No friends yet. Share your link to invite one.')).toBeVisible();

  // A new visitor opens the copied link in their own browser and registers.
  const visitor = await browser.newContext({ baseURL: portalServer });
  const friendPage = await visitor.newPage();
  await inEnglish(friendPage);
  const friend = await registerByUsername(friendPage, { from: new URL(link).pathname + new URL(link).search });

  // The friend appears on the player's open page without a reload, masked, waiting for a deposit.
  const row = mine.getByTestId('referral-friend');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${friend.username.slice(0, 2)}***${friend.username.slice(-1)}`);
  await expect(row.getByTestId('referral-reward-status')).toHaveText('Waiting for a deposit');
  await expect(mine.getByTestId('referral-friends')).toHaveText('1');

  // The friend's first deposit, confirmed by the operator, reaches the minimum: the player is paid once.
  await fundPlayer(friendPage, request, '5000000');
  await expect(row.getByTestId('referral-reward-status')).toHaveText('Paid ₩10,000.00');
  await expect(row).toContainText('Yes');
  await expect(mine.getByTestId('referral-earned')).toHaveText('₩10,000.00');
  await page.goto('/member?page=bonusDetails');
  await expect(page.getByTestId('bonus-card').first()).toContainText('Refer-a-friend reward');
  await visitor.close();
});

test("an agent's referral page shows its referral links and opens the agent centre", async ({ page }) => {
  await page.goto('/agent');
  await fillLogin(page, 'agent01', 'Agent1234');
  await expect(page).toHaveURL(/\/agentHome$/);
  await closeWelcomeIfShown(page);
  await page.goto('/member?page=referral');
  const panel = page.getByTestId('referral-agent');
  await expect(panel.getByTestId('invitation-code')).toHaveText('AURORA01');
  await expect(page.getByTestId('referral-page')).toHaveCount(0);
  await panel.getByRole('link', { name: 'Open the agent centre' }).click();
  await expect(page).toHaveURL(/\/agentHome$/);
});
