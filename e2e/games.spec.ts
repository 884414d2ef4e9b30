import { expect, test, type APIRequestContext } from './support/test.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { closeWelcomeIfShown, inEnglish, registerByUsername } from './support/accounts.ts';
import { fundPlayer, headerBalance } from './support/wallet.ts';

/** How many games the catalogue lists, optionally for one category and vendor. */
async function catalogueSize(request: APIRequestContext, query = ''): Promise<number> {
  const res = await request.get(`/api/games?pageSize=1${query}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { value: { totalElements: number } }).value.totalElements;
}

/** "₩1,234.56" or "1,234.56" → 123456 minor units; null while it still loads. */
function minorOf(text: string | null): bigint | null {
  const match = /(-?[\d,]+)\.(\d{2})/.exec(text ?? '');
  return match ? BigInt(match[1]!.replace(/,/g, '') + match[2]) : null;
}

test.describe('the game lobby', () => {
  test.beforeEach(async ({ page }) => {
    await inEnglish(page);
  });

  test('a guest who clicks play is asked to log in', async ({ page, request }) => {
    // The demo catalogue always has the house vendor's games.
    expect(await catalogueSize(request)).toBeGreaterThan(0);
    await page.goto('/rng');
    const card = page.getByTestId('game-lobby').getByTestId('game-card').first();
    await card.hover();
    await card.getByTestId('game-play').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-popup')).toBeVisible();
    // Closing the popup goes home; the game was never opened.
    await expect(page.getByTestId('register-first-dialog')).toHaveCount(0);
  });

  test('a guest who taps a favourite heart is asked to log in', async ({ page, request }) => {
    // The demo catalogue always has the house vendor's games.
    expect(await catalogueSize(request)).toBeGreaterThan(0);
    await page.goto('/');
    const card = page.getByTestId('hot-games').getByTestId('game-card').first();
    // Centred, so the sticky header never sits over the heart.
    await card.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await card.getByTestId('favourite-toggle').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-popup')).toBeVisible();
  });

  test('favourites survive a reload', async ({ page, request }) => {
    expect(await catalogueSize(request, '&gameType=RNG')).toBeGreaterThan(0);
    await registerByUsername(page);
    await page.goto('/rng');
    const lobby = page.getByTestId('game-lobby');
    const card = lobby.getByTestId('game-card').first();
    const code = await card.getAttribute('data-game');
    const heart = card.getByTestId('favourite-toggle');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    // Two clicks in a row: the heart changes at once on the first; the second, within the second, is
    // ignored: one save goes out, and once it is answered the heart still shows the favourite.
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/games/favourites') && r.method() !== 'GET') writes.push(r.method());
    });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/games/favourites') && r.request().method() === 'POST',
    );
    await heart.dblclick();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect((await saved).ok()).toBe(true);
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(writes).toEqual(['POST']);

    await page.reload();
    const again = lobby.locator(`[data-testid="game-card"][data-game="${code}"]`).first();
    await expect(again.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
    await lobby.getByRole('button', { name: 'Favourites' }).click();
    await expect(lobby.getByTestId('game-card')).toHaveCount(1);
    await expect(lobby.getByTestId('game-card').first()).toHaveAttribute('data-game', code!);
  });

  test('a trial player is refused a real-money game and plays a real round on trial credit, shown as play money', async ({
    page,
    request,
  }) => {
    expect(await catalogueSize(request, '&gameType=MINI')).toBeGreaterThan(0);
    await page.goto('/login');
    await page.getByTestId('free-play').click();
    await expect(page.getByTestId('account-menu')).toContainText(/trial/);
    await closeWelcomeIfShown(page);
    await page.goto('/rng');
    const lobby = page.getByTestId('game-lobby');
    await lobby.getByRole('button', { name: 'Mini games' }).click();
    const card = lobby.locator('[data-testid="game-card"][data-game="mini-dice"]');
    await card.hover();
    await card.getByTestId('game-play').click();
    const dialog = page.getByTestId('register-first-dialog');
    await expect(page.getByRole('alertdialog')).toContainText('Please Register An Account First');
    await expect(dialog.getByRole('button', { name: 'Register now' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/rng/);

    await card.hover();
    await card.getByTestId('game-trial').click();
    await expect(page).toHaveURL(/\/play\/mini-dice/);
    await expect(page.getByTestId('demo-badge')).toBeVisible();
    await expect(page.locator('.hg-balance__label')).toHaveText('Play money');
    const balance = page.getByTestId('game-balance');
    await expect.poll(async () => minorOf(await balance.textContent())).not.toBeNull();
    const before = minorOf(await balance.textContent())!;

    await page.getByTestId('bet-amount').fill('5');
    await page.getByTestId('dice-roll').click();
    const row = page.getByTestId('round-row').first();
    await expect(row).toContainText('Settled');
    await expect(row.locator('td').nth(1)).toHaveText('5.00');
    const payout = minorOf(await row.locator('td').nth(3).textContent())!;
    await expect.poll(async () => minorOf(await balance.textContent())).toBe(before - 500n + payout);
  });

  test('a member opens a game from its lobby card, plays a round, and the header balance follows', async ({
    page,
    request,
  }) => {
    expect(await catalogueSize(request, '&gameType=MINI')).toBeGreaterThan(0);
    await registerByUsername(page);
    await fundPlayer(page, request, '20000');
    await page.goto('/rng');
    await expect(headerBalance(page)).toHaveText(/200\.00$/);
    const lobby = page.getByTestId('game-lobby');
    await lobby.getByRole('button', { name: 'Mini games' }).click();
    const card = lobby.locator('[data-testid="game-card"][data-game="mini-dice"]');
    await card.hover();
    await card.getByTestId('game-play').click();
    await expect(page).toHaveURL(/\/play\/mini-dice/);
    await expect(page.getByTestId('demo-badge')).toHaveCount(0);
    await expect(page.getByTestId('game-balance')).toHaveText('₩200.00');

    await page.getByTestId('bet-amount').fill('10');
    await page.getByTestId('dice-roll').click();
    const row = page.getByTestId('round-row').first();
    await expect(row).toContainText('Settled');
    const payout = minorOf(await row.locator('td').nth(3).textContent())!;
    const expected = 20_000n - 1_000n + payout;
    await expect.poll(async () => minorOf(await page.getByTestId('game-balance').textContent())).toBe(expected);

    await page.getByTestId('back-to-lobby').click();
    await expect(page).toHaveURL(/\/rng/);
    await expect.poll(async () => minorOf(await headerBalance(page).textContent())).toBe(expected);
  });

  test('the slots section shows No data when a vendor has no games', async ({ page, request }) => {
    const vendors = (
      (await (await request.get('/api/games/vendors')).json()) as {
        value: { lanes: { title: string; cards: { vendorId: string; name: string }[] }[] };
      }
    ).value.lanes.find((l) => l.title === 'RNG')?.cards;
    let empty: { vendorId: string; name: string } | undefined;
    for (const v of vendors ?? []) {
      if ((await catalogueSize(request, `&gameType=RNG&vassalage=${v.vendorId}`)) === 0) {
        empty = v;
        break;
      }
    }
    test.skip(!empty, 'every slots vendor lists games');
    await page.goto('/');
    const section = page.getByTestId('slots-section');
    await section.locator(`[data-vendor-tab="${empty!.vendorId}"]`).click();
    await expect(section.locator(`[data-vendor-tab="${empty!.vendorId}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(section.getByTestId('slots-empty')).toHaveText('No data');
    await expect(section.getByTestId('game-card')).toHaveCount(0);
    await expect(section.getByTestId('slots-more')).toHaveAttribute('href', `/rng?page=${empty!.vendorId}`);
  });

  test('the jackpot counter grows by 100 to 500 every few seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const jackpot = page.getByTestId('jackpot');
    await expect(jackpot).toHaveAttribute('data-value', String(LIMITS.jackpotStart));
    await expect(jackpot).toContainText('852,197,728,806');
    // The first tick comes after 3, 4 or 5 seconds; the next one not before 6.
    await page.clock.runFor(5_000);
    await expect
      .poll(async () => Number(await jackpot.getAttribute('data-value')))
      .toBeGreaterThanOrEqual(LIMITS.jackpotStart + LIMITS.jackpotStepMin);
    const grown = Number(await jackpot.getAttribute('data-value'));
    expect(grown).toBeLessThanOrEqual(LIMITS.jackpotStart + LIMITS.jackpotStepMax);
  });

  test("a list page opens on the first page's pictures, which give way to the lobby's own cards", async ({
    page,
    request,
  }) => {
    const res = await request.get('/api/games?gameType=RNG&platform=html5-desktop&pageNo=1&pageSize=30');
    const first = ((await res.json()) as { value: { content: { iconUrl: string; gameCode: string }[] } }).value
      .content[0]!;
    // The page as sent, before any script: the first picture is already in it.
    const html = await (await request.get('/rng')).text();
    expect(html).toContain(`<img class="game-card__image" src="${first.iconUrl}"`);
    await page.goto('/rng');
    const card = page.getByTestId('game-lobby').locator(`[data-testid="game-card"][data-game="${first.gameCode}"]`);
    await expect(card.locator('img.game-card__image')).toHaveAttribute('src', first.iconUrl);
    // Once its pictures have painted the page's own art is gone: one grid, the lobby's.
    await expect(page.locator('.boot-list')).toHaveCount(0);
    await expect(page.locator('.boot-loader')).toHaveCount(0);
  });

  test('a live provider with no games in a list says so, not that its games are coming', async ({ page, request }) => {
    const lanes = (
      (await (await request.get('/api/games/vendors?platform=html5-desktop')).json()) as {
        value: { lanes: { cards: { vendorId: string; status: string }[] }[] };
      }
    ).value.lanes;
    const live = [
      ...new Set(
        lanes
          .flatMap((l) => l.cards)
          .filter((c) => c.status === 'LIVE')
          .map((c) => c.vendorId),
      ),
    ];
    let found: { vendor: string; path: string } | undefined;
    for (const vendor of live)
      for (const [path, category] of [
        ['/fish', 'FISH'],
        ['/pvp', 'PVP'],
        ['/live', 'LIVE'],
        ['/rng', 'RNG'],
      ] as const)
        if (!found && (await catalogueSize(request, `&gameType=${category}&vassalage=${vendor}`)) === 0)
          found = { vendor, path };
    expect(found, 'a live vendor without games in one of the lists').toBeDefined();
    await page.goto(`${found!.path}?vassalage=${found!.vendor}`);
    const lobby = page.getByTestId('game-lobby');
    await expect(lobby.getByText('This provider has no games in this list.')).toBeVisible();
    await expect(lobby.getByText('This provider’s games are coming soon.')).toHaveCount(0);
  });

  test("the PVP list shows Vault Gaming's table beside its vendors", async ({ page, request }) => {
    expect(await catalogueSize(request, '&gameType=PVP')).toBeGreaterThan(0);
    await page.goto('/pvp');
    await expect(
      page.getByTestId('game-lobby').locator('[data-testid="game-card"][data-game="vault-poker"]'),
    ).toBeVisible();
    await expect(page.getByTestId('vendor-grid').locator('[data-vendor="VAULT"]')).toBeVisible();
  });
});
