import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** Stories read in English; the site's default is Korean. */
export async function inEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('portal.lang', 'en'));
}

let counter = 0;
/** A username the demo rule accepts (letter first, letters and digits, 4–16). */
export function uniqueUsername(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-7)}${counter}`.slice(0, 16);
}

/** A Korean national number nobody has: 10 followed by eight digits. */
export function uniqueMobile(): string {
  return `10${String(Date.now() % 1e8).padStart(8, '0')}`.slice(0, 10);
}

interface OutboxMessage {
  id: string;
  channel: 'SMS' | 'EMAIL';
  recipient: string;
  subject: string | null;
  body: string;
  purpose: string;
  createdAt: string;
}

/** The newest message to `recipient` sent after `since`, read from the developer outbox. */
export async function waitForMessage(
  request: APIRequestContext,
  recipient: string,
  since: number,
  channel: 'SMS' | 'EMAIL' = 'SMS',
  purpose?: string,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/outbox?channel=${channel}&limit=50`);
        const json = (await res.json()) as { value: { messages: OutboxMessage[] } };
        found = json.value.messages.find(
          (m) =>
            m.recipient === recipient &&
            new Date(m.createdAt).getTime() >= since - 2000 &&
            (!purpose || m.purpose.endsWith(purpose)),
        );
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The code in an SMS body: "… code 123456 (enter within …)" or "… 인증번호 123456 …". */
export function codeOf(body: string): string {
  const match = /(?:code|인증번호|验证码)\s*(\d{4,8})/.exec(body);
  if (!match) throw new Error(`no code in: ${body}`);
  return match[1]!;
}

/** The code of the newest SMS of one flow (LOGIN, REGISTER, RESET) to a Korean number. */
export async function smsCode(
  request: APIRequestContext,
  mobile: string,
  since: number,
  purpose: 'LOGIN' | 'REGISTER' | 'RESET',
): Promise<string> {
  return codeOf((await waitForMessage(request, `+82 ${mobile}`, since, 'SMS', purpose)).body);
}

export async function fillLogin(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByTestId('password-login-form');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  await form.getByTestId('login-submit').click();
}

/** Signed in: the header shows the account menu with the member's name. */
export async function expectSignedIn(page: Page, name: string): Promise<void> {
  // The sign-in's proof of work runs in the browser first: slow on a busy machine, so more than the default wait.
  await expect(page.getByTestId('account-menu')).toContainText(name, { timeout: 30_000 });
  expect(await page.evaluate(() => window.sessionStorage.getItem('portal.token'))).toBeTruthy();
}

/** Registers a fresh player by username through the popup; answers the password it chose. */
export async function registerByUsername(
  page: Page,
  extra: { email?: string; affiliateCode?: string; from?: string } = {},
): Promise<{ username: string; password: string }> {
  const username = uniqueUsername();
  const password = 'Play1234';
  // `from`: a shared link (`/register?ref=CODE`) the visitor opened instead of the plain page.
  await page.goto(extra.from ?? '/register');
  const popup = page.getByTestId('register-popup');
  await popup.getByRole('tab', { name: 'Username' }).click();
  const form = popup.getByTestId('register-form');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('input[name="confirmPassword"]').fill(password);
  if (extra.email) await form.locator('input[name="email"]').fill(extra.email);
  if (extra.affiliateCode) await form.locator('input[name="affiliateCode"]').fill(extra.affiliateCode);
  await form.locator('input[name="acceptTerms"]').check();
  await form.getByTestId('register-submit').click();
  await expectSignedIn(page, username);
  await dismissWelcome(page);
  return { username, password };
}

/** The welcome shows on an account's first sign-in only; stories that reuse demo accounts close it when present. */
export async function closeWelcomeIfShown(page: Page): Promise<void> {
  const welcome = page.getByTestId('welcome-dialog');
  if (await welcome.isVisible()) await welcome.getByRole('button', { name: 'Start playing' }).click();
  await expect(welcome).toHaveCount(0);
}

/** The after-login welcome of a first sign-in. */
export async function dismissWelcome(page: Page): Promise<void> {
  const welcome = page.getByTestId('welcome-dialog');
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Start playing' }).click();
  await expect(welcome).toHaveCount(0);
}
