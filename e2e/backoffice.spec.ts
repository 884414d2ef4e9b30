import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/test.ts';
import { createFirstOwner, signInToBackOffice, STAFF_PASSWORD, totpCode } from './support/backoffice.ts';

// One server per run and one first owner per server: the stories share the owner made here.
test.describe.configure({ mode: 'serial' });
let ownerSecret = '';

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('bo.lang', 'en'));
});

test('an owner made by the operator command enrols TOTP, signs in with a computed code, and finds it in the audit trail', async ({
  page,
  request,
}) => {
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
});

test('the player bundle carries no back-office code or call', async () => {
  const dir = join(process.cwd(), 'apps/web/dist/assets');
  const scripts = readdirSync(dir).filter((f) => f.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const f of scripts) expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(/\/api\/bo\/|staff\.manage/);
});
