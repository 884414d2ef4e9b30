import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { E2E_OPERATOR_KEY } from './test.ts';

/** The key every story server gets. */
const OPERATOR = { 'X-Operator-Key': E2E_OPERATOR_KEY };

/** The signed-in player's bearer token, as the web app keeps it. */
export async function playerToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.sessionStorage.getItem('portal.token'));
  expect(token).toBeTruthy();
  return token!;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { success: boolean; value: T };
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.value;
}

interface PendingDeposit {
  id: string;
  memberAccount: string;
  amount: string;
  payerName: string | null;
}
interface PendingWithdrawal {
  id: string;
  memberAccount: string;
  amount: string;
}

/** The operator's view of one player's pending deposits. */
export async function pendingDepositsOf(request: APIRequestContext, account: string): Promise<PendingDeposit[]> {
  const value = await ok<{ deposits: PendingDeposit[] }>(
    await request.get('/api/ops/deposits/pending', { headers: OPERATOR }),
  );
  return value.deposits.filter((d) => d.memberAccount === account);
}

export async function confirmDepositAsOperator(request: APIRequestContext, id: string): Promise<void> {
  await ok(await request.put('/api/ops/deposits/confirm', { headers: OPERATOR, data: { id } }));
}

export async function pendingWithdrawalsOf(request: APIRequestContext, account: string): Promise<PendingWithdrawal[]> {
  const value = await ok<{ withdrawals: PendingWithdrawal[] }>(
    await request.get('/api/ops/withdrawals/pending', { headers: OPERATOR }),
  );
  return value.withdrawals.filter((w) => w.memberAccount === account);
}

export async function approveWithdrawalAsOperator(request: APIRequestContext, id: string): Promise<void> {
  await ok(await request.put('/api/ops/withdrawals/approve', { headers: OPERATOR, data: { id } }));
}

/** Puts money in a fresh player's wallet the way a player would: a bank transfer the operator confirms. */
export async function fundPlayer(page: Page, request: APIRequestContext, amountMinor: string): Promise<void> {
  const token = await playerToken(page);
  const deposit = await ok<{ id: string }>(
    await request.post('/api/cashier/deposits', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        methodCode: 'BANK_TRANSFER',
        amount: amountMinor,
        payerName: 'Story Funding',
        requestId: `fund-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      },
    }),
  );
  await confirmDepositAsOperator(request, deposit.id);
}

/** The header balance's figure, e.g. "150.50". */
export function headerBalance(page: Page) {
  return page.getByTestId('header-balance-value');
}

/** The error shown under the field whose input is named `name`. */
export function fieldError(page: Page, name: string) {
  return page
    .locator('.field')
    .filter({ has: page.locator(`input[name="${name}"]`) })
    .locator('.field__error');
}

/** A bank-transfer deposit the operator has not decided yet, made through the API as the player. */
export async function requestPendingDeposit(page: Page, request: APIRequestContext, amountMinor: string) {
  const token = await playerToken(page);
  return ok<{ id: string }>(
    await request.post('/api/cashier/deposits', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        methodCode: 'BANK_TRANSFER',
        amount: amountMinor,
        payerName: 'Story Pending',
        requestId: `pending-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      },
    }),
  );
}

interface VendorWallets {
  main: { balance: string; currency: string };
  wallets: { vendorId: string; name: string; state: string; balance: string | null; pendingAmount: string }[];
}

/** The player's main and vendor wallets as the server reports them, read through the API. */
export async function vendorWalletsOf(page: Page, request: APIRequestContext): Promise<VendorWallets> {
  const token = await playerToken(page);
  return ok<VendorWallets>(
    await request.get('/api/wallet/vendor-wallets', { headers: { Authorization: `Bearer ${token}` } }),
  );
}

/** Sets the signed-in player's first payment password through the API. */
export async function setPaymentPasswordOf(page: Page, request: APIRequestContext, password: string): Promise<void> {
  const token = await playerToken(page);
  await ok(
    await request.post('/api/cashier/payment-password', {
      headers: { Authorization: `Bearer ${token}` },
      data: { newPassword: password },
    }),
  );
}

/** A member's main balance in minor units, read with their bearer token. */
export async function balanceOf(request: APIRequestContext, token: string): Promise<bigint> {
  const value = await ok<{ balance: string }>(
    await request.get('/api/wallet/balance', { headers: { Authorization: `Bearer ${token}` } }),
  );
  return BigInt(value.balance);
}
