import {
  closeWelcomeIfShown,
  dismissWelcome,
  expectSignedIn,
  fillLogin,
  inEnglish,
  uniqueUsername,
} from './support/accounts.ts';
import { E2E_OPERATOR_KEY, expect, test, type APIRequestContext, type Page } from './support/test.ts';
import { balanceOf, fundPlayer, playerToken } from './support/wallet.ts';

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
async function topAgentWithContract(
  page: Page,
  request: APIRequestContext,
  topRate: string,
  kind: 'REALTIME_SALARY' | 'DAILY_SALARY' = 'REALTIME_SALARY',
) {
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
        kind,
        tiers: [{ minValidBet: '0', minActiveMembers: 0, rate: topRate }],
      },
    }),
  );
  await signInAgent(page, top);
  const popup = page.getByTestId('contract-popup');
  await expect(popup.getByTestId(`popup-offer-${kind}`)).toContainText('The operator');
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

/** The agent offers a salary to its sub-agent through "Contracts I gave", past one refusal. */
async function offerToSubAgent(
  page: Page,
  sub: string,
  percent: string,
  { menu = 'realtimeSalary', own = '20' }: { menu?: string; own?: string } = {},
) {
  await page.getByTestId(`agent-menu-${menu}`).click();
  await page.getByRole('tab', { name: 'Contracts I gave' }).click();
  await expect(page.getByTestId('given-max-rate')).toContainText(`Your own rate: ${own}%`);
  await page.getByTestId(`offer-${sub}`).click();
  const form = page.getByTestId('offer-form');
  await form.locator('input[name="tier-0-threshold"]').fill('0');
  // Above its own rate: refused on the form, nothing sent.
  await form.locator('input[name="tier-0-rate"]').fill('25');
  await form.getByTestId('offer-submit').click();
  await expect(form.getByText(`May not be above ${own}%.`)).toBeVisible();
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
    // Three accounts registered and four sign-ins: on a machine busy with other runs this takes a while.
    test.setTimeout(180_000);
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

/** The server's test clock (decision 032): moved to an instant (null: real time); due jobs run before it answers. */
async function setServerClock(request: APIRequestContext, at: Date | null) {
  return ok<{ now: string; ran: { key: string; ok: boolean }[] }>(
    await request.put('/api/dev/clock', { headers: OPERATOR, data: { at: at ? at.toISOString() : null } }),
  );
}

const HOURS_9 = 9 * 3_600_000;
const DAY = 86_400_000;
/** The next midnight in the site's zone (Asia/Seoul: UTC+9 all year, no daylight-saving time). */
const nextSeoulMidnight = (d: Date) => new Date(Math.floor((d.getTime() + HOURS_9) / DAY) * DAY + DAY - HOURS_9);
const seoulDay = (d: Date) => new Date(d.getTime() + HOURS_9).toISOString().slice(0, 10);

/** The signed-in player rolls the house dice for real money, `rolls` times at `amount` each. */
async function rollDice(page: Page, request: APIRequestContext, amount: string, rolls: number) {
  const token = await playerToken(page);
  const list = await (await request.get('/api/games?vassalage=HOUSE&pageSize=60')).json();
  const game = (list.value.content as { gameCode: string; nodeId: number }[]).find((g) => g.gameCode === 'mini-dice');
  expect(game, 'the house dice in the catalogue').toBeTruthy();
  const launch = await ok<{ url: string }>(
    await request.get(`/api/games/launch?nodeId=${game!.nodeId}&mode=REAL&language=en`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  await page.goto(launch.url);
  await expect(page.getByTestId('game-balance')).toBeVisible();
  await page.getByTestId('bet-amount').fill(amount);
  for (let i = 1; i <= rolls; i++) {
    await page.getByTestId('dice-roll').click();
    await expect(page.getByTestId('round-row')).toHaveCount(i, { timeout: 20_000 });
    await expect(page.getByTestId('dice-roll')).toBeEnabled({ timeout: 20_000 });
  }
}

test.describe('salary settlement', () => {
  // Moves this worker's server clock; it is put back to real time whatever happens.
  test.afterEach(async ({ request }) => {
    await setServerClock(request, null);
  });

  test('a daily salary is settled after its day: both agents see the statement, the sub-agent is paid and the top agent sees its cost', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const top = await topAgentWithContract(page, request, '0.02', 'DAILY_SALARY');
    const sub = await registerBelow(page, request, await playerToken(page), 'AGENT');
    await signInAgent(page, top);
    await offerToSubAgent(page, sub, '1', { menu: 'dailyWages', own: '2' });
    await signInAgent(page, sub);
    await page.getByTestId('contract-popup').getByTestId('popup-review').click();
    await acceptOnScreen(page);
    const player = await registerBelow(page, request, await playerToken(page), 'PLAYER');
    await fundPlayer(page, request, '100000');

    // Both contracts pay from the next local midnight: the clock moves into that day and the player plays.
    const now = new Date((await ok<{ now: string }>(await request.get('/api/dev/clock', { headers: OPERATOR }))).now);
    const day = nextSeoulMidnight(now);
    await setServerClock(request, new Date(day.getTime() + 60_000));
    await page.evaluate(() => window.sessionStorage.clear());
    await page.goto('/login');
    await fillLogin(page, player, PASSWORD);
    // A sign-in (proof of work, password hash) on a machine busy with other runs may take a while.
    await expect(page.getByTestId('account-menu')).toContainText(player, { timeout: 30_000 });
    await closeWelcomeIfShown(page);
    await rollDice(page, request, '100', 2);

    // The day ends; moving past it settles it: 1 % of the 200.00 bet to the sub-agent, 2 % to the top agent.
    const moved = await setServerClock(request, new Date(day.getTime() + DAY + 2 * 60_000));
    expect(moved.ran.filter((r) => r.key.startsWith('contract-settle:DAILY_SALARY'))).toEqual([
      expect.objectContaining({ ok: true }),
    ]);
    const key = seoulDay(day);

    await signInAgent(page, sub);
    await page.getByTestId('agent-menu-dailyWages').click();
    await page.getByRole('tab', { name: 'Statements' }).click();
    const row = page.getByTestId(`statement-${key}`);
    await expect(row).toContainText(top);
    await expect(row).toContainText('200.00');
    await expect(row).toContainText('1%');
    await expect(row).toContainText('2.00');
    await expect(row).toContainText('Paid');
    await expect(page.getByTestId('total-paid')).toContainText('2.00');
    // Its wallet: the salary is in its income records and its main balance.
    await page.getByTestId('agent-menu-myIncome').click();
    const subIncome = page.getByTestId('agent-income');
    await expect(subIncome.getByRole('row', { name: /Salary/ })).toContainText(top);
    await expect(subIncome.getByTestId('income-totals')).toContainText('2.00');
    expect(await balanceOf(request, await playerToken(page))).toBe(200n);

    await signInAgent(page, top);
    await page.getByTestId('agent-menu-dailyWages').click();
    await page.getByRole('tab', { name: 'Statements' }).click();
    await expect(page.getByTestId(`statement-${key}`)).toContainText('4.00');
    await page.getByTestId('statements-side-paid').click();
    const paidRow = page.getByTestId(`statement-${key}`);
    await expect(paidRow).toContainText(sub);
    await expect(paidRow).toContainText('2.00');
    // Its income records: the salary from the house, and the salary it paid as its cost.
    await page.getByTestId('agent-menu-myIncome').click();
    const income = page.getByTestId('agent-income');
    await expect(income.getByTestId('income-totals')).toContainText('paid to the downline ₩2.00');
    await expect(income.getByTestId('income-totals')).toContainText('net ₩2.00');
    await expect(income.getByRole('row', { name: /Salary paid/ })).toContainText(`To ${sub}`);
  });
});
