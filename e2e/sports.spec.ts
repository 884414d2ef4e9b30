import { E2E_OPERATOR_KEY, expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { inEnglish, registerByUsername } from './support/accounts.ts';
import { fundPlayer, headerBalance } from './support/wallet.ts';

const OPERATOR = { 'X-Operator-Key': E2E_OPERATOR_KEY };
/** A football match is played in ten minutes of real time (decision 100). */
const FOOTBALL_MS = 600_000;

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

/** Moves the server clock to a quarter past a whole hour `days` ahead, and registers a player with ₩20,000. */
async function newPlayerAt(page: Page, request: APIRequestContext, days: number) {
  const now = new Date((await ok<{ now: string }>(await request.get('/api/dev/clock', { headers: OPERATOR }))).now);
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000 + days * 86_400_000;
  await setServerClock(request, new Date(hour + 15 * 60_000));
  await registerByUsername(page);
  await fundPlayer(page, request, '2000000');
  await expect(headerBalance(page)).toHaveText(/20,000\.00$/);
}

const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

test.describe('the sportsbook', () => {
  test.beforeEach(async ({ page }) => {
    await inEnglish(page);
  });
  // Moves this worker's server clock; it is put back to real time whatever happens.
  test.afterEach(async ({ request }) => {
    await setServerClock(request, null);
  });

  test('a player puts two matches in a parlay, watches one live with the odds moving, and is paid what the settled ticket shows', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    // Ten days ahead (past anything an earlier clock-moving story settled), a quarter past a whole hour:
    // no Premier League match is on (they last ten minutes), and the next two kick off together at half past.
    await newPlayerAt(page, request, 10);

    await page.goto('/sports');
    const book = page.getByTestId('sports-book');
    await expect(book).toBeVisible();
    const fixtures = book.locator('[data-testid^="fixture-fb-premier-"]');
    await expect(fixtures.first()).toBeVisible({ timeout: 30_000 });
    const ids = (await fixtures.evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-testid')!))).map(
      (id) => id.replace(/^fixture-/, ''),
    );
    expect(ids).toHaveLength(2);
    for (const id of ids) await page.getByTestId(`odds-${id}-FT:RESULT-H`).click();

    const slip = page.getByTestId('bet-slip');
    await expect(slip.locator('li')).toHaveCount(2);
    await page.getByTestId('slip-parlay').click();
    await page.getByTestId('slip-stake').fill('100');
    await expect(page.getByTestId('slip-potential')).toHaveText(/₩\d/);
    await page.getByTestId('slip-place').click();
    await expect(slip.getByRole('status')).toHaveText('Your bet is placed.', { timeout: 20_000 });
    await expect(headerBalance(page)).toHaveText(/19,900\.00$/, { timeout: 20_000 });

    // Kick-off: the first match goes live with its clock and score, and its prices move as it is played.
    const kickOff = Date.parse(
      (await ok<{ fixture: { startsAt: string } }>(await request.get(`/vendor/sports/api/fixture?id=${ids[0]}`)))
        .fixture.startsAt,
    );
    await setServerClock(request, new Date(kickOff + 120_000));
    const live = page.getByTestId(`fixture-${ids[0]}`);
    await expect(live.locator('.sb-badge--live')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId(`score-${ids[0]}`)).toBeVisible();
    await live.locator('.sb-fixture__head').click();
    await expect(live.getByTestId('match-panel')).toBeVisible();
    const price = page.getByTestId(`odds-${ids[0]}-FT:RESULT-D`);
    const first = (await price.textContent({ timeout: 20_000 })) ?? '';
    let at = kickOff + 120_000;
    await expect
      .poll(
        async () => {
          at += 60_000;
          await setServerClock(request, new Date(at));
          await page.waitForTimeout(4_500);
          return (await price.textContent()) ?? '';
        },
        { timeout: 90_000, intervals: [0] },
      )
      .not.toBe(first);

    // Full time for both: the book settles the parlay, and the header balance takes its payout.
    await setServerClock(request, new Date(kickOff + FOOTBALL_MS + 120_000));
    await book.getByRole('tab', { name: 'My bets' }).click();
    await book.getByRole('button', { name: 'Settled' }).click();
    const ticket = book.getByTestId('sports-ticket').first();
    await expect(ticket).toBeVisible({ timeout: 30_000 });
    await expect(ticket).toContainText('Parlay');
    await expect(ticket.locator('.sb-outcome')).toHaveCount(2);
    const paid = money((await ticket.locator('footer span').nth(1).textContent())!.replace('Paid', ''));
    const expected = (19_900 + paid).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await expect(headerBalance(page)).toHaveText(new RegExp(`${expected.replace(/[.,]/g, '\\$&')}$`), {
      timeout: 30_000,
    });
  });

  test('a player cashes out an open single from My bets for the offer shown, and the header balance takes it once', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Eleven days ahead, a quarter past a whole hour: the next matches have not kicked off, so the offer holds still.
    await newPlayerAt(page, request, 11);

    await page.goto('/sports');
    const book = page.getByTestId('sports-book');
    const fixture = book.locator('[data-testid^="fixture-fb-premier-"]').first();
    await expect(fixture).toBeVisible({ timeout: 30_000 });
    const id = (await fixture.getAttribute('data-testid'))!.replace(/^fixture-/, '');
    await page.getByTestId(`odds-${id}-FT:RESULT-H`).click();
    await page.getByTestId('slip-stake').fill('100');
    await page.getByTestId('slip-place').click();
    await expect(page.getByTestId('bet-slip').getByRole('status')).toHaveText('Your bet is placed.', {
      timeout: 20_000,
    });
    await expect(headerBalance(page)).toHaveText(/19,900\.00$/, { timeout: 20_000 });

    await book.getByRole('tab', { name: 'My bets' }).click();
    const button = book.getByTestId('cashout');
    await expect(button).toHaveText(/^Cash out ₩\d/, { timeout: 20_000 });
    const offer = money((await button.textContent())!.replace('Cash out', ''));
    expect(offer).toBeGreaterThan(0);
    expect(offer).toBeLessThan(100);
    await button.click();
    await expect(book.locator('.sb-cashout__confirm')).toContainText('Cash out now for');
    await book.getByTestId('cashout-confirm').click();
    const expected = (19_900 + offer).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await expect(headerBalance(page)).toHaveText(new RegExp(`${expected.replace(/[.,]/g, '\\$&')}$`), {
      timeout: 30_000,
    });
    await expect(book.getByTestId('sports-ticket')).toHaveCount(0);
    await book.getByRole('button', { name: 'Settled' }).click();
    const ticket = book.getByTestId('sports-ticket').first();
    await expect(ticket).toContainText('Cashed out');
    expect(money((await ticket.locator('footer span').nth(1).textContent())!.replace('Paid', ''))).toBe(offer);
  });
});
