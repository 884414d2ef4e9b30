import { E2E_OPERATOR_KEY, expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { inEnglish, registerByUsername } from './support/accounts.ts';
import { fundPlayer, headerBalance } from './support/wallet.ts';

const OPERATOR = { 'X-Operator-Key': E2E_OPERATOR_KEY };
const DAY = 86_400_000;

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { success: boolean; value: T };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
}

/** The server's test clock (decision 032): moved to an instant (null: real time); due jobs run before it answers. */
async function setServerClock(request: APIRequestContext, at: Date | null) {
  return ok<{ now: string }>(
    await request.put('/api/dev/clock', { headers: OPERATOR, data: { at: at ? at.toISOString() : null } }),
  );
}

/** Picks every number of the 00–99 board, adds them to the slip and buys them on the selected draw. */
async function buyEveryNumber(page: Page) {
  for (let n = 0; n < 100; n++) await page.getByTestId(`num-${String(n).padStart(2, '0')}`).click();
  await page.getByTestId('daily-add').click();
  await expect(page.getByTestId('daily-slip').locator('li')).toHaveCount(100);
  await expect(page.getByTestId('daily-slip-total')).toHaveText('₩100,000');
  await page.getByTestId('daily-place').click();
  await expect(page.getByTestId('daily-message')).toContainText('100 tickets bought', { timeout: 180_000 });
}

const formatWon = (n: number) => n.toLocaleString('en-US');

test.describe('the daily draws', () => {
  test.beforeEach(async ({ page }) => {
    await inEnglish(page);
  });
  test.afterEach(async ({ request }) => {
    await setServerClock(request, null);
  });

  test('a player buys SEA tickets and Vietnam lô and đề tickets, the clock passes the draws, and the results and payouts appear', async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    // 15:30 in Vietnam and Bangkok twelve days ahead (past every draw another story drew on this
    // server's clock): the SEA draw closes at 15:45, the southern provinces at 16:00.
    const now = new Date((await ok<{ now: string }>(await request.get('/api/dev/clock', { headers: OPERATOR }))).now);
    const day = Math.floor(now.getTime() / DAY) * DAY + 12 * DAY;
    await setServerClock(request, new Date(day + 8 * 3_600_000 + 30 * 60_000));
    const stamp = new Date(day).toISOString().slice(0, 10).replace(/-/g, '');
    await registerByUsername(page);
    for (let i = 0; i < 3; i++) await fundPlayer(page, request, '10000000');
    await expect(headerBalance(page)).toHaveText(/300,000\.00$/);

    // The SEA draw: 2 bottom on every number (one of them wins).
    await page.goto('/seaLottery');
    await expect(page.getByTestId('daily-lottery')).toBeVisible();
    await expect(page.getByTestId(`daily-draw-lotto-sea-${stamp}`)).toHaveAttribute('aria-pressed', 'true', {
      timeout: 20_000,
    });
    await page.getByRole('tab', { name: '2 bottom' }).click();
    await buyEveryNumber(page);
    await expect(headerBalance(page)).toHaveText(/200,000\.00$/, { timeout: 20_000 });

    // The first southern province of the day: one lô ticket of one point on 68, and đề on every number.
    await page.goto('/vnLottery?gameCode=lotto-vn-south');
    const chosen = page.locator('.daily-draw[aria-pressed="true"]');
    await expect(chosen).toBeVisible({ timeout: 20_000 });
    const southId = (await chosen.getAttribute('data-testid'))!.replace('daily-draw-', '');
    expect(southId).toMatch(new RegExp(`^lotto-vn-south-[a-z]+-${stamp}$`));
    await expect(page.getByTestId('daily-point-info')).toContainText('1 point = ₩18,000');
    await page.getByTestId('num-68').click();
    await page.getByTestId('daily-add').click();
    await expect(page.getByTestId('daily-slip-total')).toHaveText('₩18,000');
    await page.getByTestId('daily-place').click();
    await expect(page.getByTestId('daily-message')).toContainText('1 ticket bought');
    await page.getByRole('tab', { name: 'Đề' }).click();
    await buyEveryNumber(page);
    await expect(headerBalance(page)).toHaveText(/82,000\.00$/, { timeout: 20_000 });
    await expect(page.getByTestId('daily-tickets').locator('tr[data-status="PENDING"]')).toHaveCount(30);

    // 16:16: the SEA draw (16:00) and the southern ones (16:15) are drawn and paid.
    await setServerClock(request, new Date(day + 9 * 3_600_000 + 16 * 60_000));
    const south = await ok<{ result: number[] }>(await request.get(`/vendor/lottery/api/draw?drawId=${southId}`));
    // Lô pays ₩94,860 for each prize number ending in 68; đề and 2 bottom each pay one number ₩95,000.
    const hits = south.result.filter((n) => n % 100 === 68).length;
    const expected = 82_000 + 95_000 + 95_000 + hits * 94_860;
    await expect(headerBalance(page)).toHaveText(new RegExp(`${formatWon(expected)}\\.00$`), { timeout: 60_000 });
    const result = page.getByTestId('daily-results').locator(`li[data-draw="${southId}"]`);
    await expect(result.getByTestId('daily-prize-table').locator('.daily-prizes__num')).toHaveCount(18, {
      timeout: 20_000,
    });
    await result.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('lottery-verify-result')).toHaveText(/matches the published one/);
    await expect(page.getByTestId('lottery-verify')).toContainText('matches the commitment');
    await page.keyboard.press('Escape');

    await page.goto('/seaLottery');
    const sea = page.getByTestId('daily-results').locator(`li[data-draw="lotto-sea-${stamp}"]`);
    await expect(sea.getByTestId('daily-sea-result')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('daily-tickets').locator('tr[data-status="PENDING"]')).toHaveCount(0);
    // The SEA trends cover the drawn draws: the 2 top heat grid 00–99 and the hot numbers.
    const trends = page.getByTestId('lottery-trends');
    await expect(trends.getByTestId('lottery-trends-count')).toContainText(/Over the last \d+ draws?\./);
    await expect(trends.getByTestId('lottery-trend-heat').locator('.lotto-heat__cell')).toHaveCount(100);
    await expect(trends.getByTestId('lottery-trend-hot').locator('li')).toHaveCount(5);
  });
});
