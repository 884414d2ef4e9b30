import { expect, test } from './support/test.ts';
import { closeWelcomeIfShown, fillLogin, inEnglish, registerByUsername } from './support/accounts.ts';
import {
  approveWithdrawalAsOperator,
  balanceOf,
  confirmDepositAsOperator,
  fieldError,
  fundPlayer,
  headerBalance,
  pendingDepositsOf,
  pendingWithdrawalsOf,
  playerToken,
  requestPendingDeposit,
  setPaymentPasswordOf,
  vendorWalletsOf,
} from './support/wallet.ts';

test.beforeEach(async ({ page }) => {
  await inEnglish(page);
});

test.describe('deposit', () => {
  test('a bank-transfer deposit below the minimum is refused; a right one, confirmed by the operator, shows in the header without a reload', async ({
    page,
    request,
  }) => {
    const { username } = await registerByUsername(page);
    await page.goto('/member?page=depositv2');
    const form = page.getByTestId('deposit-form');
    await expect(page.getByTestId('method-BANK_TRANSFER')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('method-BANK_TRANSFER')).toContainText('Min ₩100.00 · Max ₩100,000.00');
    await expect(headerBalance(page)).toHaveText(/0\.00$/);

    // Wrong first: nothing typed, then below the minimum, then three decimals.
    await form.getByTestId('deposit-submit').click();
    await expect(fieldError(page, 'amount')).toHaveText('Please enter an amount.');
    await expect(fieldError(page, 'payerName')).toHaveText('Please enter the name on the paying account.');
    await form.locator('input[name="amount"]').fill('99.99');
    await form.locator('input[name="payerName"]').fill('Kim Story');
    await form.getByTestId('deposit-submit').click();
    await expect(fieldError(page, 'amount')).toHaveText('The minimum amount is ₩100.00.');
    await form.locator('input[name="amount"]').fill('150.505');
    await form.getByTestId('deposit-submit').click();
    await expect(fieldError(page, 'amount')).toHaveText('Use at most 2 decimal places.');
    // Nothing was created.
    await expect(page.getByText('Your deposits will be listed here.')).toBeVisible();
    expect(await pendingDepositsOf(request, username)).toEqual([]);

    // A quick amount, then the exact one.
    await form.getByRole('button', { name: '1,000', exact: true }).click();
    await expect(form.locator('input[name="amount"]')).toHaveValue('1000');
    await form.locator('input[name="amount"]').fill('150.50');
    await form.locator('input[name="reference"]').fill('STORY-1');
    await form.getByTestId('deposit-submit').click();

    const receipt = page.getByTestId('deposit-receipt');
    await expect(receipt).toContainText('Deposit requested');
    await expect(receipt).toContainText('₩150.50');
    await expect(receipt.getByTestId('receipt-status')).toHaveText('Pending');
    await expect(page.getByTestId('deposit-list')).toContainText('Pending');

    const pending = await pendingDepositsOf(request, username);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ amount: '15050', payerName: 'Kim Story' });
    await confirmDepositAsOperator(request, pending[0]!.id);

    // The live channel brings it: no reload.
    await expect(headerBalance(page)).toHaveText(/150\.50$/);
    await expect(page.getByTestId('cashier-balance')).toHaveText(/150\.50$/);
    await expect(receipt.getByTestId('receipt-status')).toHaveText('Completed');
    await expect(page.getByTestId('deposit-list')).toContainText('+₩150.50');
  });

  test('a deposit through the online gateway leaves for its payment page and comes back credited', async ({ page }) => {
    await registerByUsername(page);
    await page.goto('/member?page=depositv2');
    await page.getByTestId('method-ONLINE_GATEWAY').click();
    const form = page.getByTestId('deposit-form');
    await expect(form.locator('input[name="payerName"]')).toHaveCount(0);

    // Above this method's maximum.
    await form.locator('input[name="amount"]').fill('60000');
    await form.getByTestId('deposit-submit').click();
    await expect(fieldError(page, 'amount')).toHaveText('The maximum amount is ₩50,000.00.');
    await form.locator('input[name="amount"]').fill('-5');
    await form.getByTestId('deposit-submit').click();
    await expect(fieldError(page, 'amount')).toHaveText(/numbers only/);

    await form.locator('input[name="amount"]').fill('200');
    await form.getByTestId('deposit-submit').click();
    await expect(page).toHaveURL(/\/gateway\/pay\/\d+\?token=/);
    await expect(page.getByText('₩200.00')).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(/\/member\?page=depositv2&deposit=\d+/);
    await expect(page.getByTestId('gateway-return')).toHaveText(
      'Payment successful: ₩200.00 has been added to your balance.',
    );
    await expect(headerBalance(page)).toHaveText(/200\.00$/);
    await expect(page.getByTestId('deposit-list')).toContainText('Completed');
  });
});

test.describe('withdrawal', () => {
  test('a player sets a payment password, adds a bank account, withdraws, and confirms receipt after the operator approves', async ({
    page,
    request,
  }) => {
    const { username } = await registerByUsername(page);
    await fundPlayer(page, request, '30000');
    await page.goto('/member?page=withdraw');
    await expect(headerBalance(page)).toHaveText(/300\.00$/);

    // No payment password yet: the page asks for one first.
    const setup = page.getByTestId('payment-password-needed');
    await expect(setup).toBeVisible();
    await setup.locator('input[name="newPaymentPassword"]').fill('12345');
    await setup.locator('input[name="confirmPaymentPassword"]').fill('54321');
    await setup.getByTestId('payment-password-submit').click();
    await expect(fieldError(page, 'newPaymentPassword')).toHaveText('6 – 32 characters');
    await expect(fieldError(page, 'confirmPaymentPassword')).toHaveText('The two entries are different.');
    await setup.locator('input[name="newPaymentPassword"]').fill('Pay12345');
    await setup.locator('input[name="confirmPaymentPassword"]').fill('Pay12345');
    await setup.getByTestId('payment-password-submit').click();
    await expect(setup).toHaveCount(0);

    // No bank account yet: the form to add one is open.
    const bank = page.getByTestId('bank-account-form');
    await bank.locator('input[name="payeeName"]').fill('Story Player');
    await bank.locator('input[name="bankName"]').fill('KB Kookmin Bank');
    await bank.locator('input[name="accountNumber"]').fill('12-ab');
    await bank.getByTestId('bank-account-submit').click();
    await expect(fieldError(page, 'accountNumber')).toHaveText(
      'Enter 6 – 32 digits and dashes, starting and ending with a digit.',
    );
    await bank.locator('input[name="accountNumber"]').fill('123-456-789012');
    await bank.getByTestId('bank-account-submit').click();
    const account = page.getByRole('radio', { name: /KB Kookmin Bank/ });
    await expect(account).toHaveAttribute('aria-checked', 'true');
    await expect(account).toContainText('9012');

    // Below the operator's minimum: refused in the form, with the bound formatted.
    const form = page.getByTestId('withdraw-form');
    await expect(form).toContainText('Min ₩10.00 · up to ₩300.00');
    await form.locator('input[name="amount"]').fill('1');
    await form.getByTestId('withdraw-submit').click();
    await expect(fieldError(page, 'amount')).toHaveText('The minimum amount is ₩10.00.');

    // Above the balance, without the password.
    await form.locator('input[name="amount"]').fill('500');
    await form.getByTestId('withdraw-submit').click();
    await expect(fieldError(page, 'amount')).toHaveText('The amount is above your withdrawable balance of ₩300.00.');
    await expect(fieldError(page, 'paymentPassword')).toHaveText('This field must not be empty.');
    await form.getByTestId('withdraw-max').click();
    await expect(form.locator('input[name="amount"]')).toHaveValue('300');

    // A wrong payment password moves nothing.
    await form.locator('input[name="amount"]').fill('120.25');
    await form.locator('input[name="paymentPassword"]').fill('Wrong999');
    await form.getByTestId('withdraw-submit').click();
    await expect(fieldError(page, 'paymentPassword')).toHaveText('The payment password is wrong.');
    await expect(headerBalance(page)).toHaveText(/300\.00$/);
    expect(await pendingWithdrawalsOf(request, username)).toEqual([]);

    await form.locator('input[name="paymentPassword"]').fill('Pay12345');
    await form.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdraw-held')).toHaveText(
      'Your withdrawal of ₩120.25 has been requested. The amount is held until it is approved.',
    );
    await expect(headerBalance(page)).toHaveText(/179\.75$/);
    const list = page.getByTestId('withdrawal-list');
    await expect(list.getByTestId('withdrawal-status')).toHaveText('Pending');

    const pending = await pendingWithdrawalsOf(request, username);
    expect(pending).toHaveLength(1);
    await expect(page.getByTestId('member-withdraw-badge')).toHaveCount(0);
    await approveWithdrawalAsOperator(request, pending[0]!.id);

    // Paid out: the player is asked whether it arrived, and red counters say so live.
    await expect(list.getByTestId('withdrawal-status')).toHaveText('Paid · confirm receipt');
    await expect(page.getByTestId('member-withdraw-badge')).toHaveAttribute('data-count', '1');
    // The inbox says so too: "deposit credited" (the funding) and "withdrawal paid" are unread; the
    // account menu counts them beside the withdrawal waiting for confirmation (its own badge also
    // counts rewards and missions waiting, which a new member has).
    await expect(page.getByTestId('member-messageV2-badge')).toHaveAttribute('data-count', '2');
    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('account-messages-badge')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('account-withdraw-badge')).toHaveAttribute('data-count', '1');
    await page.keyboard.press('Escape');
    const confirm = page.getByTestId('confirm-card');
    await expect(confirm).toContainText('₩120.25');

    // "Not received" wants a png or jpg: a gif is refused before it is sent.
    await confirm.getByTestId('confirm-not-received').click();
    const proof = page.getByTestId('proof-form');
    await proof.getByTestId('proof-input').setInputFiles({
      name: 'slip.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a'),
    });
    await expect(proof.getByTestId('proof-error')).toHaveText('Only png or jpg images can be attached.');
    await proof.getByRole('button', { name: 'Cancel' }).click();
    await expect(proof).toHaveCount(0);

    await confirm.getByTestId('confirm-received').click();
    await expect(list.getByTestId('withdrawal-status')).toHaveText('Received');
    await expect(page.getByTestId('member-withdraw-badge')).toHaveCount(0);
    // Of the cashier's and the inbox's counts, only the two unread inbox messages are left on the account menu.
    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('account-messages-badge')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('account-withdraw-badge')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('confirm-card')).toHaveCount(0);
    await expect(headerBalance(page)).toHaveText(/179\.75$/);
  });
});

test.describe('transfer', () => {
  test('a player moves money to a vendor wallet and back', async ({ page, request }) => {
    await registerByUsername(page);
    await fundPlayer(page, request, '30000');
    await page.goto('/member?page=transferFund');
    await expect(headerBalance(page)).toHaveText(/300\.00$/);

    const main = page.getByTestId('wallet-main').getByTestId('wallet-balance');
    const vaultCard = page.getByTestId('wallet-VAULT');
    const vault = vaultCard.getByTestId('wallet-balance');
    await expect(vaultCard).toContainText('Vault Gaming');
    await expect(main).toHaveText('₩300.00');
    await expect(vault).toHaveText('₩0.00');
    const form = page.getByTestId('transfer-form');
    const amount = form.locator('input[name="amount"]');
    await expect(form.locator('select[name="from"]')).toHaveValue('MAIN');
    await expect(form.locator('select[name="to"]')).toHaveValue('VAULT');

    // Wrong first: more than the main wallet holds, then zero. Nothing moves.
    await amount.fill('300.01');
    await form.getByTestId('transfer-submit').click();
    await expect(fieldError(page, 'amount')).toHaveText('The amount is above the Main wallet balance of ₩300.00.');
    await amount.fill('0');
    await form.getByTestId('transfer-submit').click();
    await expect(fieldError(page, 'amount')).toHaveText('The amount must be greater than 0.');
    await expect(headerBalance(page)).toHaveText(/300\.00$/);
    await expect(vault).toHaveText('₩0.00');
    expect((await vendorWalletsOf(page, request)).wallets).toEqual([
      expect.objectContaining({ vendorId: 'VAULT', balance: '0', pendingAmount: '0' }),
    ]);

    // Max is what the source holds: all of main, nothing yet at Vault once the direction is swapped.
    await form.getByTestId('transfer-max').click();
    await expect(amount).toHaveValue('300');
    await form.getByTestId('transfer-swap').click();
    await expect(form.locator('select[name="from"]')).toHaveValue('VAULT');
    await expect(form.getByText('Vault Gaming: ₩0.00 available')).toBeVisible();
    await form.getByTestId('transfer-swap').click();
    await expect(form.locator('select[name="to"]')).toHaveValue('VAULT');

    await amount.fill('100');
    await form.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-done')).toHaveText('₩100.00 moved from Main wallet to Vault Gaming.');
    await expect(vault).toHaveText('₩100.00');
    await expect(headerBalance(page)).toHaveText(/200\.00$/);
    await expect(main).toHaveText('₩200.00');
    await expect(amount).toHaveValue('');

    await page.getByTestId('all-to-main').click();
    const result = page.getByTestId('all-to-main-result');
    await expect(result).toContainText('₩100.00 is back in your main wallet.');
    await expect(result.getByTestId('all-to-main-VAULT')).toContainText('Returned');
    await expect(vault).toHaveText('₩0.00');
    await expect(headerBalance(page)).toHaveText(/300\.00$/);
    await expect(main).toHaveText('₩300.00');
    // Nothing left out there: the button says so instead of asking again.
    await expect(page.getByTestId('all-to-main')).toBeDisabled();
  });
});

test.describe('history', () => {
  test('the account record and the transaction history filter by type, status and dates, and say "No data" when nothing matches', async ({
    page,
    request,
  }) => {
    await registerByUsername(page);
    await fundPlayer(page, request, '30000');
    await requestPendingDeposit(page, request, '12345');

    await page.goto('/member?page=personalHistoryCopy');
    const record = page.getByTestId('account-record');
    const rows = record.getByTestId('history-table').locator('tbody tr');
    await expect(record.getByTestId('range-last7')).toHaveAttribute('aria-pressed', 'true');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Pending');
    await expect(rows.nth(0)).toContainText('+₩123.45');
    await expect(rows.nth(1)).toContainText('Completed');

    await record.locator('select[name="status"]').selectOption('PENDING');
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText('₩123.45');
    await record.locator('select[name="status"]').selectOption('');
    await record.locator('select[name="type"]').selectOption('WITHDRAWAL');
    await expect(record.getByTestId('history-empty')).toContainText('No data');
    await record.locator('select[name="type"]').selectOption('');
    await record.getByTestId('range-today').click();
    await expect(rows).toHaveCount(2);

    // A start after the end is refused before asking; the list stays as it was.
    await record.locator('input[name="from"]').fill('2099-01-01');
    await expect(record.getByText('The start date cannot be after the end date.')).toBeVisible();
    await expect(rows).toHaveCount(2);

    await page.goto('/member?page=transactionHistory');
    const history = page.getByTestId('transaction-history');
    const entries = history.getByTestId('history-table').locator('tbody tr');
    await expect(entries).toHaveCount(1);
    await expect(entries.nth(0)).toContainText('Deposit');
    await expect(entries.nth(0)).toContainText('+₩300.00');
    await expect(entries.nth(0)).toContainText('300.00');
    await history.locator('select[name="type"]').selectOption('BET');
    await expect(history.getByTestId('history-empty')).toContainText('No data');
    await history.locator('select[name="type"]').selectOption('DEPOSIT');
    await history.getByTestId('range-last30').click();
    await expect(entries).toHaveCount(1);
  });
});

test.describe('header wallet', () => {
  test('the balance hides as *** and shows again, stays hidden after a reload, and a click fetches it anew', async ({
    page,
    request,
  }) => {
    // No live channel in this story: only the click can bring the new balance.
    await page.routeWebSocket(/\/ws$/, () => {});
    await page.clock.install();
    await registerByUsername(page);
    await expect(headerBalance(page)).toHaveText(/0\.00$/);
    let balanceReads = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/wallet/balance') balanceReads += 1;
    });
    await fundPlayer(page, request, '4250075');
    // A minute on the page's clock: no timer asks for the balance by itself.
    await page.clock.fastForward(60_000);
    await expect(headerBalance(page)).toHaveText(/0\.00$/);
    expect(balanceReads).toBe(0);
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await expect(headerBalance(page)).toHaveText('₩42,500.75');

    const toggle = page.getByTestId('header-balance-toggle');
    await toggle.click();
    await expect(headerBalance(page)).toHaveText('***');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveAccessibleName('Show balance');
    await page.reload();
    await expect(headerBalance(page)).toHaveText('***');
    await page.getByTestId('header-balance-toggle').click();
    await expect(headerBalance(page)).toHaveText('₩42,500.75');
  });

  test("the header's deposit link opens the member centre's deposit page", async ({ page }) => {
    await registerByUsername(page);
    await page.goto('/');
    await page.getByTestId('header-deposit').click();
    await expect(page).toHaveURL(/\/member\?page=depositv2$/);
    await expect(page.getByTestId('member-page-depositv2')).toBeVisible();
    await expect(page.getByTestId('deposit-form')).toBeVisible();
  });
});

test.describe('history pages', () => {
  test('the account record pages through more deposits than fit on one page', async ({ page, request }) => {
    await registerByUsername(page);
    for (let i = 0; i < 21; i++) await requestPendingDeposit(page, request, String(10_000 + i * 100));
    await page.goto('/member?page=personalHistoryCopy');
    const record = page.getByTestId('account-record');
    const rows = record.getByTestId('history-table').locator('tbody tr');
    await expect(rows).toHaveCount(20);
    await expect(record.getByTestId('pager-status')).toHaveText('Page 1 of 2');
    // Newest first: the last request (₩120.00) heads page 1, the first (₩100.00) is alone on page 2.
    await expect(rows.nth(0)).toContainText('₩120.00');
    await expect(record.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await record.getByRole('button', { name: 'Next page' }).click();
    await expect(record.getByTestId('pager-status')).toHaveText('Page 2 of 2');
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText('₩100.00');
    await expect(record.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await record.getByRole('button', { name: 'Previous page' }).click();
    await expect(rows).toHaveCount(20);
  });

  test('personal profit shows the day of a real-money spin; bonus details list no bonus when none was credited', async ({
    page,
    request,
  }) => {
    // A spin that wins free spins plays them all out first.
    test.setTimeout(120_000);
    await registerByUsername(page);
    await fundPlayer(page, request, '100000');
    const token = await playerToken(page);
    const list = await (await request.get('/api/games?vassalage=HOUSE&pageSize=60')).json();
    const game = (list.value.content as { gameCode: string; nodeId: number }[]).find(
      (g) => g.gameCode === 'slot-aurora-gems',
    );
    const launch = await (
      await request.get(`/api/games/launch?nodeId=${game!.nodeId}&mode=REAL&language=en`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json();
    await page.goto(launch.value.url);
    await page.getByTestId('bet-amount').fill('10');
    await page.getByTestId('spin').click();
    await expect(page.getByTestId('round-row')).toHaveCount(1, { timeout: 15_000 });
    await expect(page.getByTestId('spin')).toBeEnabled({ timeout: 60_000 });

    await page.goto('/member?page=personalProfit');
    const profit = page.getByTestId('personal-profit');
    const rows = profit.getByTestId('history-table').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    // Today, slots, one round, ₩10.00 staked (the win is the spin's own).
    await expect(rows.nth(0)).toContainText('Slots');
    await expect(rows.nth(0).locator('td').nth(3)).toHaveText('10.00');
    await profit.locator('select[name="gameType"]').selectOption('RNG');
    await expect(rows).toHaveCount(1);
    await profit.locator('select[name="gameType"]').selectOption('LIVE');
    await expect(profit.getByTestId('history-empty')).toContainText('No data');

    await page.goto('/member?page=bonusDetails');
    const bonus = page.getByTestId('bonus-details');
    await expect(bonus.getByTestId('bonus-total')).toHaveText('₩0.00');
    await expect(bonus.getByTestId('history-empty')).toContainText('No data');
  });
});

test.describe('transfer to upline', () => {
  test("a player invited by an agent sends money to the agent's wallet; a wrong password or too much moves nothing", async ({
    page,
    request,
    browser,
  }) => {
    // The agent's balance before, read with the agent's own session.
    const agentContext = await browser.newContext();
    const agentPage = await agentContext.newPage();
    await agentPage.goto('/agent');
    await fillLogin(agentPage, 'agent01', 'Agent1234');
    await expect(agentPage).toHaveURL(/\/agentHome$/);
    await closeWelcomeIfShown(agentPage);
    const agentToken = await playerToken(agentPage);
    const agentBefore = await balanceOf(request, agentToken);

    await registerByUsername(page, { affiliateCode: 'AURORA01' });
    await fundPlayer(page, request, '30000');
    await setPaymentPasswordOf(page, request, 'Pay12345');
    await page.goto('/member?page=transferUpline');
    const form = page.getByTestId('upline-form');
    await expect(page.getByTestId('upline-account')).toHaveText('agent01');
    await expect(headerBalance(page)).toHaveText(/300\.00$/);

    await form.locator('input[name="amount"]').fill('300.01');
    await form.locator('input[name="paymentPassword"]').fill('Pay12345');
    await form.getByTestId('upline-submit').click();
    await expect(fieldError(page, 'amount')).toContainText('300.00');
    await form.locator('input[name="amount"]').fill('120.50');
    await form.locator('input[name="paymentPassword"]').fill('Wrong999');
    await form.getByTestId('upline-submit').click();
    await expect(fieldError(page, 'paymentPassword')).toHaveText('The payment password is wrong.');
    expect(await balanceOf(request, agentToken)).toBe(agentBefore);

    await form.locator('input[name="amount"]').fill('120.50');
    await form.locator('input[name="paymentPassword"]').fill('Pay12345');
    await form.getByTestId('upline-submit').click();
    await expect(page.getByTestId('upline-done')).toHaveText('₩120.50 has been sent to agent01.');
    await expect(headerBalance(page)).toHaveText(/179\.50$/);
    expect(await balanceOf(request, agentToken)).toBe(agentBefore + 12_050n);
    await agentContext.close();
  });
});
