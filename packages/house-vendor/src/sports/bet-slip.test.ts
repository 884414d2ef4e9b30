import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptPrice,
  cashOutOffer,
  checkLimits,
  checkParlay,
  combinedOddsBp,
  fairValue,
  legFactor,
  potentialReturn,
  SlipError,
  ticketPayout,
} from './bet-slip.ts';
import { LEG_OUTCOMES, type LegOutcome } from './markets.ts';

const code = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof SlipError ? e.code : String(e);
  }
  return 'OK';
};

describe('what a ticket pays', () => {
  it.each([
    ['WIN', 19_000n],
    ['HALF_WIN', 14_500n],
    ['PUSH', 10_000n],
    ['VOID', 10_000n],
    ['HALF_LOSE', 5_000n],
    ['LOSE', 0n],
  ] as const)('a single at 1.90 that ends %s pays %d on 10 000', (outcome, paid) => {
    expect(ticketPayout(10_000n, [{ oddsBp: 19_000, outcome }])).toBe(paid);
  });

  it('multiplies parlay legs and counts a voided leg as one', () => {
    const legs = [
      { oddsBp: 20_000, outcome: 'WIN' as const },
      { oddsBp: 15_000, outcome: 'VOID' as const },
      { oddsBp: 18_000, outcome: 'WIN' as const },
    ];
    expect(ticketPayout(1_000n, legs)).toBe(3_600n);
    expect(ticketPayout(1_000n, [...legs, { oddsBp: 30_000, outcome: 'LOSE' as const }])).toBe(0n);
    expect(
      ticketPayout(
        1_000n,
        legs.map((l) => ({ ...l, outcome: 'VOID' as const })),
      ),
    ).toBe(1_000n);
  });

  it('pays a half-won parlay leg as half the stake at the odds and half returned', () => {
    expect(
      ticketPayout(1_000n, [
        { oddsBp: 20_000, outcome: 'WIN' },
        { oddsBp: 19_000, outcome: 'HALF_WIN' },
      ]),
    ).toBe(2_900n);
    expect(
      ticketPayout(1_000n, [
        { oddsBp: 20_000, outcome: 'WIN' },
        { oddsBp: 19_000, outcome: 'HALF_LOSE' },
      ]),
    ).toBe(1_000n);
  });

  it('floors every payout to the minor unit and never pays more than the exact product', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.array(
          fc.record({ oddsBp: fc.integer({ min: 10_100, max: 5_000_000 }), outcome: fc.constantFrom(...LEG_OUTCOMES) }),
          { minLength: 1, maxLength: 10 },
        ),
        (stake, legs) => {
          const paid = ticketPayout(stake, legs);
          const exact = legs.reduce((v, l) => v * (Number(legFactor(l.outcome, l.oddsBp)) / 20_000), Number(stake));
          expect(Number(paid)).toBeLessThanOrEqual(exact * (1 + 1e-12) + 1e-6);
          expect(Number(paid)).toBeGreaterThan(exact * (1 - 1e-9) - 1.000001);
        },
      ),
    );
  });

  it('shows the potential return and the combined odds of a parlay', () => {
    expect(potentialReturn(10_000n, [19_000, 21_000])).toBe(39_900n);
    expect(combinedOddsBp([19_000, 21_000])).toBe(39_900);
  });
});

describe('which slips are accepted', () => {
  it('takes singles and parlays of 2 to 10 legs from different matches', () => {
    expect(code(() => checkParlay([]))).toBe('SLIP_EMPTY');
    expect(code(() => checkParlay([{ matchId: 'a' }]))).toBe('OK');
    expect(code(() => checkParlay([{ matchId: 'a' }, { matchId: 'b' }]))).toBe('OK');
    const ten = Array.from({ length: 10 }, (_, i) => ({ matchId: `m${i}` }));
    expect(code(() => checkParlay(ten))).toBe('OK');
    expect(code(() => checkParlay([...ten, { matchId: 'm10' }]))).toBe('PARLAY_TOO_LONG');
    expect(code(() => checkParlay([{ matchId: 'a' }, { matchId: 'a' }]))).toBe('CORRELATED_LEGS');
  });

  it('applies the odds-change policy: any, higher only, or exactly what was seen', () => {
    expect(acceptPrice('ANY', 20_000, 18_000)).toBe(18_000);
    expect(acceptPrice('HIGHER', 20_000, 21_000)).toBe(21_000);
    expect(code(() => acceptPrice('HIGHER', 20_000, 19_900))).toBe('ODDS_CHANGED');
    expect(code(() => acceptPrice('ASK', 20_000, 21_000))).toBe('ODDS_CHANGED');
    expect(acceptPrice('ASK', 20_000, 20_000)).toBe(20_000);
    expect(code(() => acceptPrice('ANY', 20_000, null))).toBe('MARKET_SUSPENDED');
  });

  it('keeps stakes, ticket payouts and each match’s liability within the limits', () => {
    const limits = { minStake: 1_000n, maxStake: 1_000_000n, maxPayout: 5_000_000n, maxMatchPayout: 8_000_000n };
    const none = new Map<string, bigint>();
    expect(code(() => checkLimits(limits, 999n, 2_000n, none, ['a']))).toBe('STAKE_TOO_LOW');
    expect(code(() => checkLimits(limits, 1_000_001n, 2_000_000n, none, ['a']))).toBe('STAKE_TOO_HIGH');
    expect(code(() => checkLimits(limits, 1_000_000n, 5_000_001n, none, ['a']))).toBe('PAYOUT_TOO_HIGH');
    expect(code(() => checkLimits(limits, 1_000_000n, 5_000_000n, none, ['a']))).toBe('OK');
    const owed = new Map([['a', 4_000_000n]]);
    expect(code(() => checkLimits(limits, 1_000_000n, 4_000_000n, owed, ['b', 'a']))).toBe('OK');
    expect(code(() => checkLimits(limits, 1_000_000n, 4_000_001n, owed, ['b', 'a']))).toBe('MATCH_LIMIT_REACHED');
  });
});

describe('cash-out', () => {
  const chances = (w: number, hw = 0, p = 0, hl = 0): Record<LegOutcome, number> => ({
    WIN: w,
    HALF_WIN: hw,
    PUSH: p,
    HALF_LOSE: hl,
    LOSE: 1 - w - hw - p - hl,
    VOID: 0,
  });

  it('offers the fair value less the book’s margin, and nothing once a leg is lost', () => {
    const legs = [{ oddsBp: 20_000, outcome: null, chances: chances(0.6) }];
    expect(fairValue(10_000n, legs)).toBeCloseTo(12_000, 6);
    expect(cashOutOffer(10_000n, legs)).toBe(11_400n);
    expect(cashOutOffer(10_000n, [...legs, { oddsBp: 30_000, outcome: 'LOSE', chances: null }])).toBe(0n);
  });

  it('counts settled parlay legs at their factor and open quarter-line legs at their expected return', () => {
    const legs = [
      { oddsBp: 20_000, outcome: 'WIN' as const, chances: null },
      { oddsBp: 19_000, outcome: null, chances: chances(0.4, 0.2, 0, 0.1) },
    ];
    expect(fairValue(1_000n, legs)).toBeCloseTo(1_000 * 2 * (0.4 * 1.9 + 0.2 * 1.45 + 0.1 * 0.5), 6);
  });

  it('never offers more than the fair value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.array(
          fc.record({
            oddsBp: fc.integer({ min: 10_100, max: 500_000 }),
            settled: fc.option(fc.constantFrom(...LEG_OUTCOMES), { nil: null }),
            w: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          { minLength: 1, maxLength: 10 },
        ),
        fc.double({ min: 0, max: 0.2, noNaN: true }),
        (stake, raw, margin) => {
          const legs = raw.map((l) => ({
            oddsBp: l.oddsBp,
            outcome: l.settled,
            chances: l.settled ? null : chances(l.w),
          }));
          const offer = cashOutOffer(stake, legs, margin);
          expect(offer >= 0n).toBe(true);
          expect(Number(offer)).toBeLessThanOrEqual(fairValue(stake, legs));
        },
      ),
    );
  });
});
