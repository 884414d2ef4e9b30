import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { inEnglish, registerByUsername } from './support/accounts.ts';
import { fundPlayer, playerToken, setPaymentPasswordOf } from './support/wallet.ts';

test.beforeEach(async ({ page }) => {
  await inEnglish(page);
});

/** Launches a house game through the operator's launch call, as the lobby does, and opens it. */
async function launch(page: Page, request: APIRequestContext, gameCode: string) {
  const token = await playerToken(page);
  const list = await (await request.get('/api/games?vassalage=HOUSE&pageSize=60')).json();
  const game = (list.value.content as { gameCode: string; nodeId: number }[]).find((g) => g.gameCode === gameCode);
  expect(game, `${gameCode} in the catalogue`).toBeTruthy();
  const res = await request.get(`/api/games/launch?nodeId=${game!.nodeId}&mode=REAL&language=en`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  await page.goto(body.value.url);
  await expect(page.getByTestId('game-balance')).toBeVisible();
}

test('a new member claims the welcome bonus and sees its wagering progress move after a round', async ({
  page,
  request,
}) => {
  // A guest sees the promotion and is asked to log in before claiming.
  await page.goto('/promotions');
  const guestCard = page.getByTestId('promotion-WELCOME');
  await expect(guestCard).toContainText('New-member welcome bonus');
  await expect(guestCard.getByRole('button', { name: 'Log in to claim' })).toBeVisible();

  await registerByUsername(page);
  await fundPlayer(page, request, '100000');

  // The reward centre lists what is waiting, with a red counter in the member centre's menu.
  await page.goto('/member?page=rewardCenter');
  await expect(page.getByTestId('reward-WELCOME')).toBeVisible();
  await expect(page.getByTestId('member-rewardCenter-badge')).toBeVisible();

  await page.goto('/promotions');
  const card = page.getByTestId('promotion-WELCOME');
  await card.getByTestId('promotion-claim').click();
  await expect(card.getByTestId('promotion-claimed')).toContainText('₩10,000.00 added to your bonus balance');
  await expect(card.getByTestId('promotion-status')).toHaveText('Issued');
  // The first-deposit match waits for a deposit of ₩10,000 or more: ₩1,000 does not qualify.
  await expect(page.getByTestId('promotion-FIRST_DEPOSIT').getByTestId('promotion-status')).toHaveText('In progress');

  await page.goto('/member?page=bonusDetails');
  await expect(page.getByTestId('bonus-balance')).toHaveText('₩10,000.00');
  const bonus = page.getByTestId('bonus-card').first();
  await expect(bonus).toHaveAttribute('data-status', 'ACTIVE');
  await expect(bonus.getByTestId('bonus-wagered')).toHaveText('₩0.00 of ₩50,000.00 wagered');

  await launch(page, request, 'slot-aurora-gems');
  await page.getByTestId('bet-amount').fill('10');
  await page.getByTestId('spin').click();
  await expect(page.getByTestId('round-row')).toHaveCount(1, { timeout: 15_000 });

  await page.goto('/member?page=bonusDetails');
  await expect(page.getByTestId('bonus-card').first().getByTestId('bonus-wagered')).toHaveText(
    '₩10.00 of ₩50,000.00 wagered',
  );
});

test('a player sees the rebate of a round on the rebate page and claims it once', async ({ page, request }) => {
  await registerByUsername(page);
  await fundPlayer(page, request, '100000');
  await page.goto('/member?page=manualRebate');
  await expect(page.getByTestId('rebate-total')).toHaveText('₩0.00');
  await expect(page.getByTestId('rebate-claim')).toBeDisabled();

  await launch(page, request, 'slot-aurora-gems');
  await page.getByTestId('bet-amount').fill('100');
  await page.getByTestId('spin').click();
  await expect(page.getByTestId('round-row')).toHaveCount(1, { timeout: 15_000 });

  // Slots pay 0.80 % of the valid bet on the demo site.
  await page.goto('/member?page=manualRebate');
  const slots = page.getByTestId('rebate-line-RNG');
  await expect(slots).toContainText('₩100.00');
  await expect(slots).toContainText('0.80%');
  await expect(page.getByTestId('rebate-total')).toHaveText('₩0.80');
  await page.getByTestId('rebate-claim').click();
  await expect(page.getByTestId('rebate-claimed')).toContainText('₩0.80 was added to your main wallet');
  await expect(page.getByTestId('rebate-total')).toHaveText('₩0.00');
  await expect(page.getByTestId('rebate-claim')).toBeDisabled();
  await expect(page.getByTestId('rebate-claim-row')).toHaveCount(1);
});

test('a player redeems a mall item with the payment password and sees it in the history', async ({ page, request }) => {
  await registerByUsername(page);
  await fundPlayer(page, request, '500000');
  await setPaymentPasswordOf(page, request, 'Pay12345');

  // A round of ₩1,000 earns 100 points (1 point per ₩10 of valid bet on the demo site).
  await launch(page, request, 'slot-aurora-gems');
  await page.getByTestId('bet-amount').fill('1000');
  await page.getByTestId('spin').click();
  await expect(page.getByTestId('round-row')).toHaveCount(1, { timeout: 15_000 });

  await page.goto('/pointMall');
  await expect(page.getByTestId('points-balance')).toHaveText('100 pts');
  const sticker = page.locator('[data-testid^="mall-item-"]', { hasText: 'Lucky sticker pack' });
  await expect(sticker).toContainText('100 left');
  await sticker.getByTestId('mall-redeem').click();

  // Wrong inputs first: no password, then a wrong one — nothing is spent.
  const form = page.getByTestId('redeem-form');
  await form.getByTestId('redeem-submit').click();
  await expect(form).toContainText('Enter your payment password.');
  await form.getByTestId('redeem-password').fill('Wrong999');
  await form.getByTestId('redeem-submit').click();
  await expect(form.getByTestId('form-error')).toBeVisible();
  await expect(page.getByTestId('points-balance')).toHaveText('100 pts');

  await form.getByTestId('redeem-password').fill('Pay12345');
  await form.getByTestId('redeem-submit').click();
  await expect(page.getByTestId('redeem-row')).toHaveCount(1);
  await expect(page.getByTestId('redeem-row')).toContainText('Lucky sticker pack × 1');
  await expect(page.getByTestId('redeem-status')).toHaveText('In process');
  await expect(page.getByTestId('points-balance')).toHaveText('50 pts');

  await page.getByRole('tab', { name: 'Points detail' }).click();
  await expect(page.getByTestId('points-row').first()).toContainText('-50');
  await expect(page.getByTestId('points-row').first()).toContainText('Redeemed · Lucky sticker pack');
});

test('a player sees a completed mission counted in red, claims it once and sees the counter go', async ({ page }) => {
  await registerByUsername(page);
  // Signing in completes the demo site's daily "Sign in today" mission.
  await page.goto('/member?page=missionLeaderboard');
  const mission = page.locator('[data-testid^="mission-"][data-status]', { hasText: 'Sign in today' });
  await expect(mission).toHaveAttribute('data-status', 'CLAIMABLE');
  await expect(page.getByTestId('member-missionLeaderboard-badge')).toBeVisible();
  await page.getByTestId('account-menu').click();
  await expect(page.getByTestId('account-missions-badge')).toBeVisible();
  await page.getByTestId('account-menu').click();

  await mission.getByTestId('mission-claim').click();
  await expect(mission).toHaveAttribute('data-status', 'CLAIMED');
  await expect(page.getByTestId('member-missionLeaderboard-badge')).toBeHidden();
  await expect(page.getByTestId('mission-mine')).toContainText('1 completed');
});
