import AxeBuilder from '@axe-core/playwright';
import { E2E_OPERATOR_KEY, expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { inEnglish, registerByUsername } from './support/accounts.ts';
import { fundPlayer, headerBalance } from './support/wallet.ts';

const OPERATOR = { 'X-Operator-Key': E2E_OPERATOR_KEY };
const GAME = 'lotto-5d-5m';

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { success: boolean; value: T };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
}

/** Serious or critical accessibility violations on the page as it stands. */
async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

/** The server's test clock (decision 032): moved to an instant (null: real time); due jobs run before it answers. */
async function setServerClock(request: APIRequestContext, at: Date | null) {
  return ok<{ now: string }>(
    await request.put('/api/dev/clock', { headers: OPERATOR, data: { at: at ? at.toISOString() : null } }),
  );
}

test.describe('the fast draw', () => {
  test.beforeEach(async ({ page }) => {
    await inEnglish(page);
  });
  // Moves this worker's server clock; it is put back to real time whatever happens.
  test.afterEach(async ({ request }) => {
    await setServerClock(request, null);
  });

  test('a player bets on a fast draw, the clock moves past the draw, and the result, the payout, the trends, the ticket history and the proofs appear', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    // Two seconds into a 5-minute draw's betting window a week ahead: four and a half minutes to bet.
    // A week, because a story that moved this server's clock a day or two ahead (contracts) has already
    // drawn the draws it passed, and a draw is drawn once.
    const now = new Date((await ok<{ now: string }>(await request.get('/api/dev/clock', { headers: OPERATOR }))).now);
    const windowStart = Math.floor(now.getTime() / 300_000) * 300_000 + 7 * 86_400_000;
    await setServerClock(request, new Date(windowStart + 2_000));
    // The player registers on the moved clock, so the session lives on it.
    await registerByUsername(page);
    await fundPlayer(page, request, '2000000');
    await expect(headerBalance(page)).toHaveText(/20,000\.00$/);

    await page.goto(`/lottery?gameCode=${GAME}`);
    await expect(page.getByTestId('lottery-game')).toBeVisible();
    // One ticket on each digit of the first position: exactly one of the ten wins ×9.8.
    for (let d = 0; d < 10; d++) await page.getByTestId(`cell-POS_DIGIT-1:${d}`).click();
    await expect(page.getByTestId('lottery-slip').locator('li')).toHaveCount(10);
    await expect(page.getByTestId('lottery-slip-total')).toHaveText('₩10,000');
    await expect(page.getByTestId('lottery-place')).toBeEnabled({ timeout: 20_000 });
    await page.getByTestId('lottery-place').click();
    await expect(page.getByTestId('lottery-message')).toContainText('10 tickets bought');
    await expect(headerBalance(page)).toHaveText(/10,000\.00$/, { timeout: 20_000 });
    const tickets = page.getByTestId('lottery-tickets').locator('tbody tr');
    await expect(tickets).toHaveCount(10);
    await expect(page.getByTestId('lottery-tickets').locator('tr[data-status="PENDING"]')).toHaveCount(10);

    // The clock moves past the draw: the job queue draws it and pays the winning ticket.
    await setServerClock(request, new Date(windowStart + 300_000 + 1_000));
    await expect(page.getByTestId('lottery-tickets').locator('tr[data-status="WON"]')).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('lottery-tickets').locator('tr[data-status="LOST"]')).toHaveCount(9);
    await expect(page.getByTestId('lottery-tickets').locator('tr[data-status="WON"]')).toContainText('₩9,800');
    await expect(headerBalance(page)).toHaveText(/19,800\.00$/, { timeout: 30_000 });

    // The draw's proof: the browser recomputes it from the revealed seed.
    const row = page.getByTestId('lottery-results').locator('li').first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('lottery-verify-result')).toHaveText(/matches the published one/);
    await expect(page.getByTestId('lottery-verify')).toContainText('matches the commitment');
    await page.keyboard.press('Escape');

    // The trend charts, drawn from the game's last draws.
    await expect(page.getByTestId('lottery-trend-positions').locator('svg.recharts-surface')).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByTestId('lottery-trend-roads')).toContainText('Big / small');
    expect(await blockingViolations(page)).toEqual([]);

    // The ticket history across games: the winning ticket with its status and payout, then its draw's proof.
    await page.getByTestId('lottery-history-link').click();
    await expect(page).toHaveURL(/\/lottery\?tab=tickets/);
    await expect(page.getByTestId('lottery-history-total')).toHaveText('10 tickets');
    await page.getByTestId('lottery-history').locator('select[name="status"]').selectOption('WON');
    const won = page.getByTestId('lottery-history-WON');
    await expect(won).toHaveCount(1);
    await expect(page.getByTestId('lottery-history-LOST')).toHaveCount(0);
    await expect(won).toContainText('Won');
    await expect(won.getByTestId('lottery-history-payout')).toHaveText('₩9,800');
    await page.getByTestId('lottery-history').locator('select[name="status"]').selectOption('LOST');
    await expect(page.getByTestId('lottery-history-LOST')).toHaveCount(9);
    await page.getByTestId('lottery-history-LOST').first().getByTestId('lottery-history-verify').click();
    await expect(page).toHaveURL(/tab=results/);
    await expect(page.getByTestId('lottery-verify-result')).toHaveText(/matches the published one/);
    await page.keyboard.press('Escape');

    // The results page checks every listed draw in the browser.
    await page.getByTestId('lottery-verify-all').click();
    await expect(page.getByTestId('lottery-verify-summary')).toHaveText(/^(\d+) of \1 checked draws? verified$/);
    await expect(page.getByTestId('lottery-draw-verdict').first()).toHaveText('Verified');
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('a guest who opens the lottery is asked to log in', async ({ page }) => {
    await page.goto(`/lottery?gameCode=${GAME}`);
    await expect(page).toHaveURL(/\/login/);
  });
});
