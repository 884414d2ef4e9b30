import { randomBytes } from 'node:crypto';
import { PLAYER_TYPE } from '@portal/contracts/auth/auth.contract.ts';
import { testIp } from '../../../test/auth-helpers.ts';
import { asOperator, type TestApp } from '../../../test/test-app.ts';
import type { Database } from '../../db/schema.ts';
import { insertSeedMember } from '../../db/seed/seed-member.ts';
import { hashPassword } from '../auth/password.ts';

export interface TestPlayer {
  memberId: string;
  account: string;
  token: string;
}

export interface NewPlayerOptions {
  balance?: bigint;
  paymentPassword?: string;
  /** The sign-in password (hashed); without it nobody can sign in with a password. */
  password?: string;
  type?: number;
  email?: string;
  /** A Korean national number (dialling code 82). */
  mobileNum?: string;
  passwordChangedAt?: Date;
}

/** A real member with a live session, made directly: the cashier tests are not about signing in. */
export async function newPlayer(t: TestApp, opts: NewPlayerOptions = {}): Promise<TestPlayer> {
  const db = t.database.db;
  const account = `cash${randomBytes(5).toString('hex')}`;
  const id = await insertSeedMember(db, {
    account,
    type: opts.type ?? PLAYER_TYPE,
    ...(opts.password ? { password: opts.password } : {}),
    ...(opts.passwordChangedAt ? { passwordChangedAt: opts.passwordChangedAt } : {}),
    email: opts.email ?? null,
    mobileDialingCode: opts.mobileNum ? '82' : null,
    mobileNum: opts.mobileNum ?? null,
    paymentPasswordHash: opts.paymentPassword ? await hashPassword(opts.paymentPassword) : null,
    registerMethod: 'TEST',
  });
  const token = await t.services.sessions.create(id, { ip: '203.0.113.1', userAgent: 'test' });
  if (opts.balance)
    await t.services.ledger.transfer({
      idempotencyKey: `test-fund:${id}`,
      kind: 'DEPOSIT',
      from: { kind: 'PAYMENT_CLEARING', currency: 'KRW' },
      to: { kind: 'MEMBER_MAIN', memberId: id, currency: 'KRW' },
      amount: opts.balance,
    });
  return { memberId: id, account, token };
}

/** How many rows a table holds: a refused call must leave it as it was. */
export async function rowCount(t: TestApp, table: keyof Database): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const mainBalance = (t: TestApp, memberId: string) =>
  t.services.ledger.balance({ kind: 'MEMBER_MAIN', memberId, currency: 'KRW' });
export const holdBalance = (t: TestApp, memberId: string) =>
  t.services.ledger.balance({ kind: 'MEMBER_HOLD', memberId, currency: 'KRW' });

/** One call as a member, from an address of its own so per-IP limits never couple two tests. */
export function asPlayer(t: TestApp, p: TestPlayer) {
  const headers = { authorization: `Bearer ${p.token}` };
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers, remoteAddress: testIp() }),
    post: (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers, payload: payload as object, remoteAddress: testIp() }),
  };
}

export const requestId = () => `req-${randomBytes(8).toString('hex')}`;

/** Sets the withdrawal policy through the operator's call, as an operator would. */
export async function setWithdrawalPolicy(
  t: TestApp,
  policy: { singlePendingWithdrawal?: boolean; autoReceiptMinutes?: number },
): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/ops/cashier/withdrawal-policy',
    headers: asOperator,
    payload: policy,
  });
  if (res.statusCode !== 200) throw new Error(`setWithdrawalPolicy: ${res.statusCode} ${res.body}`);
}

/** Changes a deposit method through the operator's call. */
export async function setPaymentMethod(
  t: TestApp,
  change: { code: string; enabled?: boolean; minAmount?: string; maxAmount?: string },
): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/ops/cashier/payment-method',
    headers: asOperator,
    payload: change,
  });
  if (res.statusCode !== 200) throw new Error(`setPaymentMethod: ${res.statusCode} ${res.body}`);
}

/** The bank-transfer method as the seed makes it, as a member is shown it. */
export const SEEDED_BANK_TRANSFER = {
  code: 'BANK_TRANSFER',
  kind: 'BANK_TRANSFER',
  name: 'Bank transfer',
  currency: 'KRW',
  minAmount: '10000',
  maxAmount: '10000000',
  receivingAccount: { bankName: 'Aurora Bank', accountHolder: 'Aurora Play Ltd', accountNumber: '110-402-889120' },
};

/** Adds a bank account for the player through the API, as the player would; its id. */
export async function addBankAccount(t: TestApp, p: TestPlayer, accountNumber = '110-234-567890'): Promise<string> {
  const res = await asPlayer(t, p).post('/api/cashier/bank-accounts', {
    payeeName: 'Hong Gildong',
    bankName: 'Shinhan',
    accountNumber,
  });
  if (res.statusCode !== 200) throw new Error(`addBankAccount: ${res.statusCode} ${res.body}`);
  return res.json().value.id;
}

/** The player asks for a withdrawal of `amount` to one of its bank accounts, through the API; the answer, unchecked. */
export const askWithdrawal = (
  t: TestApp,
  p: TestPlayer,
  bankAccountId: string,
  amount: string,
  paymentPassword: string,
  over: Record<string, unknown> = {},
) =>
  asPlayer(t, p).post('/api/cashier/withdrawals', {
    bankAccountId,
    amount,
    paymentPassword,
    requestId: requestId(),
    ...over,
  });

/** The player's answer to an approved withdrawal (not received carries its proof, base64); the answer, unchecked. */
export const confirmWithdrawal = (
  t: TestApp,
  p: TestPlayer,
  id: string,
  result: 'RECEIVED' | 'NOT_RECEIVED' | 'FULL_PAYMENT',
  proof?: string,
) => asPlayer(t, p).post('/api/cashier/withdrawals/confirm', { id, result, ...(proof === undefined ? {} : { proof }) });

/**
 * A player's withdrawal of `amount` to a new bank account of theirs, through the API, then the
 * operator's decision on it when one is given; the withdrawal as the request answered it.
 */
export async function withdrawalOf(
  t: TestApp,
  p: TestPlayer,
  amount: string,
  opts: { paymentPassword: string; decision?: 'approve' | 'reject'; reason?: string },
): Promise<{ id: string }> {
  const res = await askWithdrawal(t, p, await addBankAccount(t, p), amount, opts.paymentPassword);
  if (res.statusCode !== 200) throw new Error(`withdrawalOf: ${res.statusCode} ${res.body}`);
  const w = res.json().value;
  if (opts.decision) {
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/api/ops/withdrawals/${opts.decision}`,
      headers: asOperator,
      payload: { id: w.id, ...(opts.reason ? { reason: opts.reason } : {}) },
    });
    if (decided.statusCode !== 200) throw new Error(`withdrawalOf: ${decided.statusCode} ${decided.body}`);
  }
  return w;
}
