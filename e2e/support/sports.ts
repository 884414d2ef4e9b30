import { registerByUsername } from './accounts.ts';
import { serverNow, setServerClock } from './ops.ts';
import { expect, type APIRequestContext, type Page } from './test.ts';
import { fundPlayer, headerBalance } from './wallet.ts';

/** A football match is played in ten minutes of real time (decision 100). */
export const FOOTBALL_MS = 600_000;

/** An amount as the site shows it ("₩19,900.00"), as a number. */
export const money = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

/** How the header shows a balance in English ("19,900.00"), as a pattern for its end. */
export const balanceText = (won: number) =>
  new RegExp(`${won.toLocaleString('en-US', { minimumFractionDigits: 2 }).replace(/[.,]/g, '\\$&')}$`);

/** Moves the server clock to a quarter past a whole hour `days` ahead, and registers a player with ₩20,000. */
export async function newPlayerAt(page: Page, request: APIRequestContext, days: number) {
  const now = await serverNow(request);
  const hour = Math.floor(now.getTime() / 3_600_000) * 3_600_000 + days * 86_400_000;
  await setServerClock(request, new Date(hour + 15 * 60_000));
  await registerByUsername(page);
  await fundPlayer(page, request, '2000000');
  await expect(headerBalance(page)).toHaveText(/20,000\.00$/);
}

/**
 * On /sports (open), the player puts the home sides of the next two Premier League matches (at a
 * quarter past, both kick off at half past) in a parlay of ₩100 and places it; answers the two ids.
 */
export async function placeHomeParlay(page: Page): Promise<string[]> {
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
  return ids;
}
