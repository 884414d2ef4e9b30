import { expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { inEnglish, registerByUsername } from './support/accounts.ts';
import { fundPlayer, headerBalance, playerToken } from './support/wallet.ts';

test.beforeEach(async ({ page }) => {
  await inEnglish(page);
});

/** "₩1,234.56" or "1,234.56" → 123456 minor units; null while it still loads ("…"). */
function minorOf(text: string | null): bigint | null {
  const match = /(-?[\d,]+)\.(\d{2})/.exec(text ?? '');
  return match ? BigInt(match[1]!.replace(/,/g, '') + match[2]) : null;
}

/** Launches a house game through the operator's launch call, as the lobby does, and opens it. */
async function launch(page: Page, request: APIRequestContext, gameCode: string, mode: 'REAL' | 'DEMO') {
  const token = await playerToken(page);
  const list = await (await request.get('/api/games?vassalage=HOUSE&pageSize=60')).json();
  const game = (list.value.content as { gameCode: string; nodeId: number }[]).find((g) => g.gameCode === gameCode);
  expect(game, `${gameCode} in the catalogue`).toBeTruthy();
  const res = await request.get(`/api/games/launch?nodeId=${game!.nodeId}&mode=${mode}&language=en`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = await res.json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  expect(body.value.url).toMatch(new RegExp(`^/play/${gameCode}#t=`));
  await page.goto(body.value.url);
  await expect(page.getByTestId('game-balance')).toBeVisible();
}

test('a member spins a slot and the header balance follows', async ({ page, request }) => {
  await registerByUsername(page);
  await fundPlayer(page, request, '100000');
  await expect(headerBalance(page)).toHaveText(/1,000\.00$/);

  await launch(page, request, 'slot-aurora-gems', 'REAL');
  const gameBalance = page.getByTestId('game-balance');
  await expect(gameBalance).toHaveText('₩1,000.00');
  await expect(page.getByTestId('demo-badge')).toHaveCount(0);
  // The fragment's launch token is not left in the address bar.
  expect(new URL(page.url()).hash).toBe('');

  await page.getByTestId('bet-amount').fill('10');
  await page.getByTestId('spin').click();
  // The spin, and any free spins it won, play out; then the button is back and the round is listed.
  await expect(page.getByTestId('round-row')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('spin')).toBeEnabled({ timeout: 60_000 });
  const row = page.getByTestId('round-row').first();
  await expect(row).toContainText('10.00');
  await expect(row).toContainText('Settled');
  const payout = minorOf(await row.locator('td').nth(3).textContent())!;
  const expected = 100_000n - 1_000n + payout;
  await expect.poll(async () => minorOf(await gameBalance.textContent())).toBe(expected);

  // Back in the lobby, the portal's header shows the same balance: payout − bet.
  await page.getByTestId('back-to-lobby').click();
  await expect(page).not.toHaveURL(/\/play\//);
  await expect.poll(async () => minorOf(await headerBalance(page).textContent())).toBe(expected);
});

test('the fairness view verifies a round', async ({ page, request }) => {
  await registerByUsername(page);
  await launch(page, request, 'mini-dice', 'DEMO');
  await expect(page.getByTestId('demo-badge')).toBeVisible();

  const hash = (await page.getByTestId('server-seed-hash').textContent())!.trim();
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('next-nonce')).toHaveText('0');

  await page.getByTestId('dice-roll').click();
  await expect(page.getByTestId('round-row')).toHaveCount(1);
  await expect(page.getByTestId('next-nonce')).toHaveText('1');
  // Before rotation the round's seed is sealed: nothing to verify yet.
  await expect(page.getByTestId('verify-round')).toHaveCount(0);

  await page.getByTestId('client-seed').fill('my-e2e-seed');
  await page.getByTestId('rotate-seed').click();
  await expect(page.getByTestId('revealed-seed')).toContainText(hash);
  await expect(page.getByTestId('server-seed-hash')).not.toHaveText(hash);
  await expect(page.getByTestId('next-nonce')).toHaveText('0');
  await expect(page.getByTestId('client-seed')).toHaveValue('my-e2e-seed');

  await page.getByTestId('verify-round').first().click();
  const view = page.getByTestId('verify-view');
  await expect(view.getByTestId('hash-check')).toContainText('✓');
  await expect(view.getByTestId('verify-verdict')).toContainText('Match');
  const recomputed = await view.getByTestId('verify-recomputed').textContent();
  expect(recomputed).toMatch(/Roll \d+\.\d{2}/);
  await expect(view.getByTestId('verify-recorded')).toHaveText(recomputed!);
});

test('a reload keeps playing, and an unknown session says so and offers the lobby', async ({ page, request }) => {
  await registerByUsername(page);
  await launch(page, request, 'mini-limbo', 'DEMO');
  const balance = await page.getByTestId('game-balance').textContent();
  await page.reload();
  await expect(page.getByTestId('game-balance')).toHaveText(balance!);

  await page.evaluate(() =>
    window.sessionStorage.setItem(
      'house.session.mini-limbo',
      JSON.parse(JSON.stringify(window.sessionStorage.getItem('house.session.mini-limbo'))).replace(
        /"session":"[^"]+"/,
        `"session":"${'x'.repeat(43)}"`,
      ),
    ),
  );
  await page.reload();
  await expect(page.getByTestId('game-status')).toContainText('This game session has ended');
  await page.getByTestId('game-status').getByRole('button').click();
  await expect(page).not.toHaveURL(/\/play\//);
});

/** The round just played: its bet and payout, and the game balance they leave. */
async function settledRound(page: Page, before: bigint) {
  const row = page.getByTestId('round-row').first();
  await expect(row).toContainText('Settled', { timeout: 20_000 });
  const bet = minorOf(await row.locator('td').nth(1).textContent())!;
  const payout = minorOf(await row.locator('td').nth(3).textContent())!;
  expect(bet).toBeGreaterThan(0n);
  await expect
    .poll(async () => minorOf(await page.getByTestId('game-balance').textContent()))
    .toBe(before - bet + payout);
  return { bet, payout };
}

test.describe('one real round of each table game', () => {
  test.beforeEach(async ({ page, request }) => {
    await registerByUsername(page);
    await fundPlayer(page, request, '50000');
  });

  test('mines: stake, open a tile, and cash out or hit a mine', async ({ page, request }) => {
    await launch(page, request, 'mini-mines', 'REAL');
    await expect(page.getByTestId('game-balance')).toHaveText('₩500.00');
    await page.getByTestId('bet-amount').fill('10');
    await page.getByTestId('mines-start').click();
    const tile = page.getByTestId('tile-0');
    await tile.click();
    await expect(tile).toHaveAttribute('aria-label', /: (gem|mine)$/);
    // A gem leaves the round open to cash out; a mine ends it.
    if ((await tile.getAttribute('aria-label'))!.endsWith('gem')) await page.getByTestId('mines-cashout').click();
    const { bet } = await settledRound(page, 50_000n);
    expect(bet).toBe(1_000n);
  });

  test('baccarat: a bet on the player, one deal', async ({ page, request }) => {
    await launch(page, request, 'rng-baccarat', 'REAL');
    await expect(page.getByTestId('game-balance')).toHaveText('₩500.00');
    await page.getByTestId('spot-player').click();
    await page.getByTestId('baccarat-deal').click();
    await expect(page.getByTestId('baccarat-result')).toBeVisible({ timeout: 20_000 });
    await settledRound(page, 50_000n);
  });

  test('fish shooter: each shot is a bet', async ({ page, request }) => {
    await launch(page, request, 'fish-ocean-bounty', 'REAL');
    await expect(page.getByTestId('game-balance')).toHaveText('₩500.00');
    await page.getByTestId('bet-amount').fill('1');
    // Shoot whichever fish is on screen (the legend's buttons aim at the nearest fish of their kind).
    await expect(async () => {
      for (const button of await page.getByRole('button', { name: /^Shoot a / }).all()) {
        if ((await page.getByTestId('round-row').count()) > 0) break;
        await button.click();
      }
      await expect(page.getByTestId('round-row')).not.toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('fish-last')).toBeVisible();
    // Shots already in flight may still land: once every listed shot is settled, the balance is
    // the funding minus one bet per shot plus what the shots paid.
    await expect
      .poll(async () => {
        let expected = 50_000n;
        for (const row of await page.getByTestId('round-row').all()) {
          if (!(await row.textContent())?.includes('Settled')) return 'a shot is still in flight';
          const cells = row.locator('td');
          if (minorOf(await cells.nth(1).textContent()) !== 100n) return 'a shot with another bet';
          expected += minorOf(await cells.nth(3).textContent())! - 100n;
        }
        return minorOf(await page.getByTestId('game-balance').textContent()) === expected ? 'adds up' : 'differs';
      })
      .toBe('adds up');
  });
});
