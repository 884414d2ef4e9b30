import {
  closeWelcomeIfShown,
  dismissWelcome,
  expectSignedIn,
  fillLogin,
  inEnglish,
  uniqueUsername,
} from './support/accounts.ts';
import { E2E_OPERATOR_KEY, expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { playerToken } from './support/wallet.ts';

const OPERATOR = { 'X-Operator-Key': E2E_OPERATOR_KEY };
const PASSWORD = 'Agent5678';

test.beforeEach(async ({ page }) => inEnglish(page));

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { success: boolean; value: T };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
}

/** Signs in at /agent and lands in the agent centre. */
async function signInAgent(page: Page, username: string) {
  await page.evaluate(() => window.sessionStorage.clear());
  await page.goto('/agent');
  await fillLogin(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/agentHome/);
  await closeWelcomeIfShown(page);
}

/**
 * A member below the agent whose token is given, registered by a person through the agent's referral
 * link (a sub-agent link, or a player link): it chooses its own password and is signed in on home.
 */
async function registerBelow(page: Page, request: APIRequestContext, token: string, kind: 'AGENT' | 'PLAYER') {
  const link = await ok<{ code: string }>(
    await request.post('/api/agent/referral', { headers: { Authorization: `Bearer ${token}` }, data: { kind } }),
  );
  await page.evaluate(() => window.sessionStorage.clear());
  await page.goto(`/register?ref=${link.code}`);
  const username = uniqueUsername(kind === 'AGENT' ? 'ag' : 'pl');
  const popup = page.getByTestId('register-popup');
  await popup.getByRole('tab', { name: 'Username' }).click();
  const form = popup.getByTestId('register-form');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(PASSWORD);
  await form.locator('input[name="confirmPassword"]').fill(PASSWORD);
  await form.locator('input[name="acceptTerms"]').check();
  await form.getByTestId('register-submit').click();
  // A new sub-agent goes to the agent centre, a new player stays home.
  if (kind === 'AGENT') await expect(page.getByTestId('agent-account')).toBeVisible();
  else await expectSignedIn(page, username);
  await dismissWelcome(page);
  return username;
}

/**
 * A fresh top-level agent holding a real-time salary from the operator at `topRate`, accepted in its
 * popup: it registers through agent01's sub-agent link, the operator moves it to the top and offers.
 */
async function topAgentWithContract(page: Page, request: APIRequestContext, topRate: string) {
  await page.goto('/agent');
  await fillLogin(page, 'agent01', 'Agent1234');
  await expect(page).toHaveURL(/\/agentHome/);
  const top = await registerBelow(page, request, await playerToken(page), 'AGENT');
  await ok(
    await request.put('/api/ops/agent/move-member', { headers: OPERATOR, data: { account: top, uplineAccount: null } }),
  );
  await ok(
    await request.post('/api/ops/contracts/offer', {
      headers: OPERATOR,
      data: {
        account: top,
        kind: 'REALTIME_SALARY',
        tiers: [{ minValidBet: '0', minActiveMembers: 0, rate: topRate }],
      },
    }),
  );
  await signInAgent(page, top);
  const popup = page.getByTestId('contract-popup');
  await expect(popup.getByTestId('popup-offer-REALTIME_SALARY')).toContainText('The operator');
  await popup.getByTestId('popup-review').click();
  await acceptOnScreen(page);
  return top;
}

/** The acceptance screen: every tier is shown; Accept waits for "I have read every tier". */
async function acceptOnScreen(page: Page) {
  const screen = page.getByTestId('contract-acceptance');
  await expect(screen.getByTestId('contract-tiers').locator('tbody tr').first()).toBeVisible();
  await expect(screen.getByTestId('contract-accept')).toBeDisabled();
  await screen.getByTestId('contract-read-tiers').check();
  await screen.getByTestId('contract-accept').click();
  await expect(screen).toHaveCount(0);
}

/** The agent offers a real-time salary to its sub-agent through "Contracts I gave", past one refusal. */
async function offerToSubAgent(page: Page, sub: string, percent: string) {
  await page.getByTestId('agent-menu-realtimeSalary').click();
  await page.getByRole('tab', { name: 'Contracts I gave' }).click();
  await expect(page.getByTestId('given-max-rate')).toContainText('Your own rate: 20%');
  await page.getByTestId(`offer-${sub}`).click();
  const form = page.getByTestId('offer-form');
  await form.locator('input[name="tier-0-threshold"]').fill('0');
  // Above its own rate: refused on the form, nothing sent.
  await form.locator('input[name="tier-0-rate"]').fill('25');
  await form.getByTestId('offer-submit').click();
  await expect(form.getByText('May not be above 20%.')).toBeVisible();
  await form.locator('input[name="tier-0-rate"]').fill(percent);
  await form.getByTestId('offer-submit').click();
  await expect(form).toHaveCount(0);
  const row = page.getByTestId(`given-row-${sub}`);
  await expect(row).toContainText(`${percent}%`);
  await expect(row).toContainText('Offered');
}

test.describe('salary contracts', () => {
  test('an agent offers a contract to its sub-agent; the sub-agent sees the popup on sign-in, reads every tier and accepts', async ({
    page,
    request,
  }) => {
    const top = await topAgentWithContract(page, request, '0.2');
    const sub = await registerBelow(page, request, await playerToken(page), 'AGENT');
    await signInAgent(page, top);
    await offerToSubAgent(page, sub, '10');

    // The sub-agent signs in on home: the popup shows the offer there.
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto('/login');
    await fillLogin(page, sub, PASSWORD);
    const popup = page.getByTestId('contract-popup');
    await expect(popup.getByTestId('popup-offer-REALTIME_SALARY')).toContainText(`From ${top}: 1 tier up to 10%`);
    // Read later closes it for now; the next sign-in shows it again.
    await popup.getByTestId('popup-later').click();
    await expect(popup).toHaveCount(0);
    await signInAgent(page, sub);
    await popup.getByTestId('popup-review').click();
    await acceptOnScreen(page);
    await expect(popup).toHaveCount(0);

    await page.getByTestId('agent-menu-realtimeSalary').click();
    const mine = page.getByTestId('my-contract');
    await expect(mine.getByTestId('contract-rate').first()).toHaveText('10%');
    await expect(mine).toContainText(top);

    await signInAgent(page, top);
    await page.getByTestId('agent-menu-realtimeSalary').click();
    await page.getByRole('tab', { name: 'Contracts I gave' }).click();
    await expect(page.getByTestId(`given-row-${sub}`)).toContainText('From the next period');
  });
});
