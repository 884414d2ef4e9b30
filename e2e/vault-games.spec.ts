import { expect, test } from './support/test.ts';
import { inEnglish, registerByUsername } from './support/accounts.ts';
import { fundPlayer, headerBalance } from './support/wallet.ts';

/** "₩1,234.56" or "1,234.56" → 123456 minor units; null while it still loads. */
function minorOf(text: string | null): bigint | null {
  const match = /(-?[\d,]+)\.(\d{2})/.exec(text ?? '');
  return match ? BigInt(match[1]!.replace(/,/g, '') + match[2]) : null;
}

test.beforeEach(async ({ page }) => {
  await inEnglish(page);
});

test('a member moves money into Vault Gaming, plays a round there and moves the result back to main', async ({
  page,
  request,
}) => {
  await registerByUsername(page);
  await fundPlayer(page, request, '30000');
  await expect(headerBalance(page)).toHaveText(/300\.00$/);

  // From the lobby card, as a player would.
  await page.goto('/rng');
  const lobby = page.getByTestId('game-lobby');
  await lobby.getByRole('button', { name: 'Mini games' }).click();
  const card = lobby.locator('[data-testid="game-card"][data-game="vault-heist"]');
  await card.hover();
  await card.getByTestId('game-play').click();
  await expect(page).toHaveURL(/\/vendor\/vault\/play\?game=vault-heist/);

  const vault = page.getByTestId('vault-balance');
  const main = page.getByTestId('vault-main-balance');
  await expect(vault).toHaveText('0.00');
  await expect(main).toHaveText('300.00');
  await expect(page.getByText('Your Vault wallet is empty')).toBeVisible();
  await expect(page.getByTestId('vault-safe-1')).toBeDisabled();

  await page.getByTestId('vault-amount').fill('100');
  await page.getByTestId('vault-move-in').click();
  await expect(page.getByText('₩100.00 moved to your Vault wallet.')).toBeVisible();
  await expect(vault).toHaveText('100.00');
  await expect(main).toHaveText('200.00');

  await page.getByTestId('vault-bet').fill('10');
  await page.getByTestId('vault-safe-2').click();
  await expect(page.getByTestId('vault-result')).toContainText(/The gold was in safe [123]\./);
  const row = page.getByTestId('vault-history').locator('tbody tr');
  await expect(row).toHaveCount(1);
  await expect(row.first().locator('td').first()).toHaveText('10.00');
  const payout = minorOf(await row.first().locator('td').nth(1).textContent())!;
  expect([0n, 2_850n]).toContain(payout);
  const atVault = 10_000n - 1_000n + payout;
  await expect.poll(async () => minorOf(await vault.textContent())).toBe(atVault);

  await page.getByTestId('vault-move-out').click();
  await expect(vault).toHaveText('0.00');
  await expect.poll(async () => minorOf(await main.textContent())).toBe(20_000n + atVault);

  await page.getByTestId('back-to-lobby').click();
  await expect(page).not.toHaveURL(/\/vendor\/vault\//);
  await expect.poll(async () => minorOf(await headerBalance(page).textContent())).toBe(20_000n + atVault);
});
