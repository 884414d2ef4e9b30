import { expect, test } from './support/test.ts';
import { inEnglish } from './support/accounts.ts';
import { okValue, setServerClock } from './support/ops.ts';
import { balanceText, FOOTBALL_MS, money, newPlayerAt, placeHomeParlay } from './support/sports.ts';
import { headerBalance } from './support/wallet.ts';

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
    // The book's live socket, and every read of a match page over HTTP (the fallback while it is down).
    const frames: string[] = [];
    const socketOpen = page.waitForEvent('websocket', (ws) => ws.url().endsWith('/vendor/sports/ws'));
    let pageReads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/vendor/sports/api/fixture')) pageReads++;
    });

    await page.goto('/sports');
    const socket = await socketOpen;
    socket.on('framereceived', (f) => frames.push(String(f.payload)));
    const ids = await placeHomeParlay(page);
    const book = page.getByTestId('sports-book');

    // Kick-off: the first match goes live with its clock and score, and its prices move as it is played.
    const kickOff = Date.parse(
      (await okValue<{ fixture: { startsAt: string } }>(await request.get(`/vendor/sports/api/fixture?id=${ids[0]}`)))
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
    // The prices move through the socket: the match page comes in frames, and is not read over HTTP.
    const isPage = (payload: string) => payload.startsWith('{"type":"page"') && payload.includes(ids[0]!);
    await expect.poll(() => frames.some(isPage), { timeout: 20_000 }).toBe(true);
    const readsBefore = pageReads;
    let at = kickOff + 120_000;
    await expect
      .poll(
        async () => {
          at += 60_000;
          const pushed = socket.waitForEvent('framereceived', {
            predicate: (f) => isPage(String(f.payload)),
            timeout: 10_000,
          });
          await setServerClock(request, new Date(at));
          await pushed;
          return (await price.textContent()) ?? '';
        },
        { timeout: 90_000, intervals: [0] },
      )
      .not.toBe(first);
    expect(pageReads).toBe(readsBefore);

    // Full time for both: the book settles the parlay, and the header balance takes its payout.
    await setServerClock(request, new Date(kickOff + FOOTBALL_MS + 120_000));
    await book.getByRole('tab', { name: 'My bets' }).click();
    await book.getByRole('button', { name: 'Settled' }).click();
    const ticket = book.getByTestId('sports-ticket').first();
    await expect(ticket).toBeVisible({ timeout: 30_000 });
    await expect(ticket).toContainText('Parlay');
    await expect(ticket.locator('.sb-outcome')).toHaveCount(2);
    const paid = money((await ticket.locator('footer span').nth(1).textContent())!.replace('Paid', ''));
    await expect(headerBalance(page)).toHaveText(balanceText(19_900 + paid), { timeout: 30_000 });
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
    await expect(headerBalance(page)).toHaveText(balanceText(19_900 + offer), { timeout: 30_000 });
    await expect(book.getByTestId('sports-ticket')).toHaveCount(0);
    await book.getByRole('button', { name: 'Settled' }).click();
    const ticket = book.getByTestId('sports-ticket').first();
    await expect(ticket).toContainText('Cashed out');
    expect(money((await ticket.locator('footer span').nth(1).textContent())!.replace('Paid', ''))).toBe(offer);
  });
});
