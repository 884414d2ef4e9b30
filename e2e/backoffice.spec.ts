import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test.ts';
import { randomUUID } from 'node:crypto';
import { inEnglish, registerByUsername } from './support/accounts.ts';
import { addStaffByApi, createFirstOwner, signInToBackOffice, STAFF_PASSWORD, totpCode } from './support/backoffice.ts';
import { fundPlayer, playerToken, setPaymentPasswordOf } from './support/wallet.ts';

// One server per run and one first owner per server: the stories share the owner made here.
test.describe.configure({ mode: 'serial' });
let ownerSecret = '';
let supportSecret = '';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('bo.lang', 'en'));
});

test('an owner made by the operator command enrols TOTP, signs in with a computed code, and finds it in the audit trail', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await createFirstOwner(request, 'owner');
  await page.goto('/backoffice/');
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  // A wrong password first: a clear message, still on the password step.
  await page.getByLabel('Username').fill('owner');
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong account or password.');
  ownerSecret = await signInToBackOffice(page, 'owner');
  await page.screenshot({ path: 'test-results/backoffice-home.png' });

  await page.getByRole('link', { name: 'Audit trail' }).click();
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('row').filter({ hasText: 'staff.enrolSecondFactor' })).toHaveCount(1);
  await expect(grid.getByRole('row').filter({ hasText: 'operator-key' })).toHaveCount(1);

  // Signed out, the next sign-in asks for a code (the next time step's: each code is good once).
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('Username').fill('owner');
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code from your app, or a recovery code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Try the current one.');
  await page.getByLabel('Code from your app, or a recovery code').fill(totpCode(ownerSecret, 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('staff-chip')).toContainText('owner');

  // The owner adds the staff of the next stories: finance through the console's form, the others by its API.
  await page.getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('button', { name: 'Add staff user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill('finance');
  await dialog.getByLabel('Display name').fill('Fiona Finance');
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: 'finance' }).click();
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel('Password').fill(STAFF_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('grid').getByRole('row').filter({ hasText: 'Fiona Finance' })).toHaveCount(1);
  await addStaffByApi(page, 'support', 'support');
  await addStaffByApi(page, 'content', 'content');
  await addStaffByApi(page, 'admin', 'admin');
  // A second owner for the later stories, which sign in fresh instead of reusing this owner's code steps.
  await addStaffByApi(page, 'owner2', 'owner');
  await page.screenshot({ path: 'test-results/backoffice-staff.png' });
});

test('a finance user approves a withdrawal in the console and the player sees it paid', async ({
  page,
  browser,
  request,
  portalServer,
}) => {
  test.setTimeout(90_000);
  const playerPage = await (await browser.newContext({ baseURL: portalServer })).newPage();
  await inEnglish(playerPage);
  const { username } = await registerByUsername(playerPage);
  await fundPlayer(playerPage, request, '30000');
  await setPaymentPasswordOf(playerPage, request, 'Pay12345');
  const token = await playerToken(playerPage);
  const auth = { Authorization: `Bearer ${token}` };
  const bank = await request.post('/api/cashier/bank-accounts', {
    headers: auth,
    data: { payeeName: 'Story Player', bankName: 'KB Kookmin Bank', accountNumber: '123-456-789012' },
  });
  const withdrawal = await request.post('/api/cashier/withdrawals', {
    headers: auth,
    data: {
      bankAccountId: (await bank.json()).value.id,
      amount: '12025',
      paymentPassword: 'Pay12345',
      requestId: randomUUID(),
    },
  });
  expect(withdrawal.ok(), await withdrawal.text()).toBe(true);

  await signInToBackOffice(page, 'finance');
  await page.getByRole('link', { name: 'Cashier' }).click();
  const row = page.getByTestId('withdrawal-queue').getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('₩120.25');
  await page.screenshot({ path: 'test-results/backoffice-cashier.png' });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0);

  await playerPage.goto('/member?page=withdraw');
  await expect(playerPage.getByTestId('withdrawal-list').getByTestId('withdrawal-status')).toHaveText(
    'Paid · confirm receipt',
  );
});

test('a support user has no cashier in the menu, and opening it by address shows it is not for their role', async ({
  page,
}) => {
  test.setTimeout(90_000);
  supportSecret = await signInToBackOffice(page, 'support');
  await expect(page.getByRole('link', { name: 'Cashier' })).toHaveCount(0);
  await page.goto('/backoffice/cashier');
  await expect(page.getByTestId('forbidden')).toHaveText('Your role cannot open this page.');
  await expect(page.getByTestId('withdrawal-queue')).toHaveCount(0);
  const direct = await page.request.get('/api/bo/cashier/withdrawals');
  expect((await direct.json()).code).toBe('STAFF_FORBIDDEN');
});

test('a support user finds a player by account and locks them, without the balance tools of finance', async ({
  page,
  browser,
  portalServer,
}) => {
  test.setTimeout(90_000);
  const playerPage = await (await browser.newContext({ baseURL: portalServer })).newPage();
  await inEnglish(playerPage);
  const { username } = await registerByUsername(playerPage);

  // Enrolled in the story before; its code of this time step is spent, so the next step's.
  await signInToBackOffice(page, 'support', supportSecret, 1);
  await page.getByRole('link', { name: 'Players' }).click();
  await page.getByLabel('Account, mobile, e-mail, name or IP').fill(username);
  await page.locator('form').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('grid').first().getByRole('row').filter({ hasText: username }).click();
  const profile = page.getByTestId('player-profile');
  await expect(profile.getByTestId('player-status')).toHaveText('ACTIVE');
  await profile.getByRole('button', { name: 'Lock' }).click();
  await expect(profile.getByTestId('player-status')).toHaveText('DISABLED');
  await page.screenshot({ path: 'test-results/backoffice-player.png' });
  // Support holds no balance adjustment: the form is not shown.
  await expect(profile.getByRole('button', { name: 'Adjust balance' })).toHaveCount(0);
});

test('an admin turns a game off in the console and the player lobby no longer lists it', async ({
  page,
  browser,
  portalServer,
}) => {
  test.setTimeout(90_000);
  const playerPage = await (await browser.newContext({ baseURL: portalServer })).newPage();
  await inEnglish(playerPage);
  await playerPage.goto('/rng');
  const lobby = playerPage.getByTestId('game-lobby');
  const code = (await lobby.getByTestId('game-card').first().getAttribute('data-game'))!;
  const card = lobby.locator(`[data-testid="game-card"][data-game="${code}"]`);
  await expect(card).toHaveCount(1);

  await signInToBackOffice(page, 'admin');
  await page.getByRole('link', { name: 'Games' }).click();
  const games = page.getByTestId('games');
  await games.getByLabel('Name or code').fill(code);
  await games.locator('form').getByRole('button', { name: 'Search' }).click();
  const on = games.getByLabel(`On ${code}`, { exact: true });
  await expect(on).toBeChecked();
  await on.click();
  await expect(on).not.toBeChecked();
  await page.screenshot({ path: 'test-results/backoffice-games.png' });

  await playerPage.reload();
  await expect(lobby.getByTestId('game-card').first()).toBeVisible();
  await expect(card).toHaveCount(0);

  // Back on, as the other stories of this server expect the lobby.
  await on.click();
  await expect(on).toBeChecked();
  await playerPage.reload();
  await expect(card).toHaveCount(1);
});

test('a content user publishes an announcement that a player then sees', async ({ page, browser, portalServer }) => {
  test.setTimeout(90_000);
  const title = `Double deposit day ${Date.now().toString(36)}`;
  // The content user was added by the owner in the first story; this is their first sign-in (TOTP enrolment).
  await signInToBackOffice(page, 'content');
  await expect(page.getByRole('link', { name: 'Cashier' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Content' }).click();
  await expect(page.getByRole('tab', { name: 'Announcements' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'New' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Language').click();
  await page.getByRole('option', { name: 'en', exact: true }).click();
  await dialog.getByLabel('Title').fill(title);
  const editor = dialog.getByRole('textbox', { name: 'Text' });
  await editor.click();
  await editor.pressSequentially('Every deposit today is ');
  await dialog.getByRole('button', { name: 'Bold' }).click();
  await editor.pressSequentially('doubled');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('content-preview').locator('strong')).toHaveText('doubled');
  await page.screenshot({ path: 'test-results/backoffice-content-editor.png' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: title });
  await expect(row.getByTestId('content-state')).toHaveText('Live');
  await page.screenshot({ path: 'test-results/backoffice-content.png' });

  // A player opening the site sees it on the announcement board, formatted as written.
  const playerPage = await (await browser.newContext({ baseURL: portalServer })).newPage();
  await inEnglish(playerPage);
  await playerPage.goto('/');
  const board = playerPage.getByTestId('announcement-board');
  await board.getByRole('button', { name: title }).first().click();
  const notice = playerPage.getByRole('dialog');
  await expect(notice.locator('strong', { hasText: 'doubled' })).toBeVisible();

  // Deleted in the console, it leaves the player site (and the stories after this one see the seeded notices only).
  await row.click();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await playerPage.reload();
  await expect(playerPage.getByTestId('announcement-board').getByRole('button', { name: title })).toHaveCount(0);
});

test('the player bundle carries no back-office code or call', async () => {
  const dir = join(process.cwd(), 'apps/web/dist/assets');
  const scripts = readdirSync(dir).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const f of scripts) expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(/\/api\/bo\/|staff\.manage/);
});

test('an owner disables a support user, who is signed out at once and cannot sign in again', async ({
  page,
  browser,
  portalServer,
}) => {
  test.setTimeout(90_000);
  await signInToBackOffice(page, 'owner2');
  await addStaffByApi(page, 'support-leaver', 'support');

  const supportContext = await browser.newContext({ baseURL: portalServer });
  await supportContext.addInitScript(() => localStorage.setItem('bo.lang', 'en'));
  const supportPage = await supportContext.newPage();
  await signInToBackOffice(supportPage, 'support-leaver');
  await supportPage.getByRole('link', { name: 'Players' }).click();
  await expect(supportPage.getByRole('heading', { name: 'Players' })).toBeVisible();

  await page.getByRole('link', { name: 'Staff' }).click();
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: 'support-leaver' });
  await row.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  // Its own row offers nothing: an owner cannot disable or re-role itself.
  await expect(
    page.getByRole('grid').getByRole('row').filter({ hasText: 'owner2 (you)' }).getByRole('button'),
  ).toHaveCount(0);
  await page.screenshot({ path: 'test-results/backoffice-staff-disabled.png' });

  // The support user's open console: its next call finds the session ended and returns to the sign-in page.
  await supportPage.getByRole('link', { name: 'Dashboard' }).click();
  await supportPage.getByRole('link', { name: 'Players' }).click();
  await expect(supportPage.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await expect(supportPage.getByTestId('session-ended')).toBeVisible();
  await supportPage.getByLabel('Username').fill('support-leaver');
  await supportPage.getByLabel('Password').fill(STAFF_PASSWORD);
  await supportPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(supportPage.getByRole('alert').last()).toHaveText(
    'This account is disabled. Please contact customer service.',
  );
  await supportContext.close();
});
