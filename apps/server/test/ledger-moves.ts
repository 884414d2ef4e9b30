import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.ts';

/** Money moved straight in the ledger, as the modules that own it record it, for stories about what follows. */

/**
 * A house-game bet, win or rollback as the seamless wallet records it; the report, rebate, mission
 * and wagering triggers count it as they count real play.
 */
export const housePlay = (
  t: TestApp,
  memberId: string,
  kind: 'BET' | 'WIN' | 'ROLLBACK',
  amount: bigint,
  { gameType = 'RNG', roundId = randomBytes(4).toString('hex') }: { gameType?: string; roundId?: string } = {},
) => {
  const main = { kind: 'MEMBER_MAIN' as const, memberId, currency: 'KRW' };
  const vendor = { kind: 'VENDOR_CLEARING' as const, vendorId: 'HOUSE', currency: 'KRW' };
  return t.services.ledger.transfer({
    idempotencyKey: `test-play:${randomBytes(6).toString('hex')}`,
    kind,
    from: kind === 'BET' ? main : vendor,
    to: kind === 'BET' ? vendor : main,
    amount,
    reference: { vendorId: 'HOUSE', gameCode: 'dice', gameType, roundId },
  });
};

/** Money paid in to a member's main wallet, as a confirmed deposit records it. */
export const paidIn = (t: TestApp, memberId: string, amount: bigint) =>
  t.services.ledger.transfer({
    idempotencyKey: `test-deposit:${randomBytes(6).toString('hex')}`,
    kind: 'DEPOSIT',
    from: { kind: 'PAYMENT_CLEARING', currency: 'KRW' },
    to: { kind: 'MEMBER_MAIN', memberId, currency: 'KRW' },
    amount,
  });
