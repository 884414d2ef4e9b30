import { expect, E2E_OPERATOR_KEY, type APIRequestContext, type Page } from './test.ts';
import { Secret, TOTP } from 'otpauth';

export const STAFF_PASSWORD = 'e2e staff pass phrase';
const OPERATOR = { 'x-operator-key': E2E_OPERATOR_KEY };

/** The code an authenticator app shows for `secret`, `stepsAhead` time steps from now (30 s each). */
export const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** The first owner, as `npm run ops -- staff create-owner` makes it (once per server). */
export async function createFirstOwner(request: APIRequestContext, username: string): Promise<void> {
  const res = await request.post('/api/ops/staff/first-owner', {
    headers: OPERATOR,
    data: { username, password: STAFF_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Signs in through the console's form; at a first sign-in enrols TOTP and answers the secret. */
export async function signInToBackOffice(
  page: Page,
  username: string,
  secret?: string,
  stepsAhead = 0,
): Promise<string> {
  await page.goto('/backoffice/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (secret) {
    await page.getByLabel('Code from your app, or a recovery code').fill(totpCode(secret, stepsAhead));
    await page.getByRole('button', { name: 'Sign in' }).click();
  } else {
    secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await page.getByLabel('Six-digit code').fill(totpCode(secret, stepsAhead));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('recovery-codes').locator('span')).toHaveCount(8);
    await page.getByRole('button', { name: 'I have stored them' }).click();
  }
  // The chip names the user and the role by name; the account name is its attribute.
  await expect(page.getByTestId('staff-chip')).toHaveAttribute('data-username', username);
  return secret;
}

/** A staff user added through the back office's API by the console's signed-in user (cookie and CSRF token). */
export async function addStaffByApi(page: Page, username: string, role: string): Promise<void> {
  const me = (await (await page.request.get('/api/bo/auth/me')).json()).value as { csrfToken: string };
  const res = await page.request.post('/api/bo/staff', {
    headers: { 'x-csrf-token': me.csrfToken },
    data: { username, displayName: `${username} (${role})`, role, password: STAFF_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function okJson(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<Record<string, unknown>> {
  const body = (await res.json()) as { success: boolean; value: Record<string, unknown> };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
}

/**
 * Staff users (username → role) added to a story server through the back office's API by an owner of
 * its own: the first owner (the operator command's), signed in and enrolled here. A worker's server
 * gets its back-office stories' staff this way once, so no story depends on an earlier one to make
 * them (decision 035).
 */
export async function addStaffAsSetupOwner(api: APIRequestContext, staff: Record<string, string>): Promise<void> {
  await createFirstOwner(api, 'setup-owner');
  await okJson(await api.post('/api/bo/auth/sign-in', { data: { username: 'setup-owner', password: STAFF_PASSWORD } }));
  const { secret } = (await okJson(await api.post('/api/bo/auth/enrolment'))) as { secret: string };
  const { me } = (await okJson(await api.post('/api/bo/auth/enrol', { data: { code: totpCode(secret) } }))) as {
    me: { csrfToken: string };
  };
  for (const [username, role] of Object.entries(staff))
    await okJson(
      await api.post('/api/bo/staff', {
        headers: { 'x-csrf-token': me.csrfToken },
        data: { username, displayName: `${username} (${role})`, role, password: STAFF_PASSWORD },
      }),
    );
}

/**
 * A staff user's first sign-in (password, TOTP enrolment) through the back office's API in the page's
 * browser context, whose cookie it sets; then the console opens signed in. For the stories about what
 * staff do once signed in: the first-owner story signs in through the console's form.
 * `stepsAhead`: as for `totpCode`, for a server whose clock was moved.
 */
export async function openBackOfficeAs(page: Page, username: string, stepsAhead = 0): Promise<void> {
  const { stage } = await okJson(
    await page.request.post('/api/bo/auth/sign-in', { data: { username, password: STAFF_PASSWORD } }),
  );
  expect(stage, `${username} signs in for the first time`).toBe('ENROL');
  const { secret } = (await okJson(await page.request.post('/api/bo/auth/enrolment'))) as { secret: string };
  await okJson(await page.request.post('/api/bo/auth/enrol', { data: { code: totpCode(secret, stepsAhead) } }));
  await page.goto('/backoffice/');
  await expect(page.getByTestId('staff-chip')).toHaveAttribute('data-username', username);
}
