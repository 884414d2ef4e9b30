import { randomBytes } from 'node:crypto';
import type { AccountRef } from '../src/modules/wallet/ledger.service.ts';
import type { TestApp } from './test-app.ts';

/** Money moved straight in the ledger, as the modules that own it record it, for stories about what follows. */

const memberMain = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: 'KRW' });
const houseClearing = { kind: 'VENDOR_CLEARING' as const, vendorId: 'HOUSE', currency: 'KRW' };
const testKey = (what: string) => `test-${what}:${randomBytes(6).toString('hex')}`;

/**
 * A house-game bet, win or rollback as the seamless wallet records it; the report, rebate, mission
 * and wagering aggregates count it as they count real play (once folded: decision 107).
 */
export const housePlay = (
  t: TestApp,
  memberId: string,
  kind: 'BET' | 'WIN' | 'ROLLBACK',
  amount: bigint,
  { gameType = 'RNG', roundId = randomBytes(4).toString('hex') }: { gameType?: string; roundId?: string } = {},
) => {
  const main = memberMain(memberId);
  return t.services.ledger.transfer({
    idempotencyKey: testKey('play'),
    kind,
    from: kind === 'BET' ? main : houseClearing,
    to: kind === 'BET' ? houseClearing : main,
    amount,
    reference: { vendorId: 'HOUSE', gameCode: 'dice', gameType, roundId },
  });
};

/** Money paid in to a member's main wallet, as a confirmed deposit records it. */
export const paidIn = (t: TestApp, memberId: string, amount: bigint) =>
  t.services.ledger.transfer({
    idempotencyKey: testKey('deposit'),
    kind: 'DEPOSIT',
    from: { kind: 'PAYMENT_CLEARING', currency: 'KRW' },
    to: memberMain(memberId),
    amount,
  });

/** Trial credit issued to a member's trial wallet, as a free-play account is given it. */
export const trialCredit = (t: TestApp, memberId: string, amount: bigint) =>
  t.services.ledger.transfer({
    idempotencyKey: testKey('trial-credit'),
    kind: 'TRIAL_CREDIT',
    from: { kind: 'TRIAL_ISSUER', currency: 'TRIAL' },
    to: { kind: 'MEMBER_TRIAL', memberId, currency: 'TRIAL' },
    amount,
  });

/**
 * The bare moves of the report stories: house play without a game reference and a member's transfer
 * to its upline, each under a key of its own (deposits are `paidIn`).
 */
export const bareMoves = (t: TestApp) => {
  const move = (
    kind: 'BET' | 'WIN' | 'ROLLBACK' | 'UPLINE_TRANSFER',
    from: AccountRef,
    to: AccountRef,
    amount: bigint,
  ) => t.services.ledger.transfer({ idempotencyKey: testKey(kind.toLowerCase()), kind, from, to, amount });
  return {
    bet: (memberId: string, amount: bigint) => move('BET', memberMain(memberId), houseClearing, amount),
    win: (memberId: string, amount: bigint) => move('WIN', houseClearing, memberMain(memberId), amount),
    rollback: (memberId: string, amount: bigint) => move('ROLLBACK', houseClearing, memberMain(memberId), amount),
    toUpline: (memberId: string, uplineId: string, amount: bigint) =>
      move('UPLINE_TRANSFER', memberMain(memberId), memberMain(uplineId), amount),
  };
};

/** For a random operation: a refusal for want of money is an expected outcome (null); anything else is thrown. */
export const unlessBroke = (e: unknown) => {
  if ((e as { code?: string }).code !== 'WALLET_INSUFFICIENT_FUNDS') throw e;
  return null;
};
