import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFairRng } from '../fairness/fair-rng.ts';
import { drawResult, findLotteryGame, priceTicket, settleTicket, upcomingDraws } from './lottery-games.ts';
import { SEA_BET_TYPES, toteOf, toteOrders } from './sea-lottery.ts';

const seed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const game = findLotteryGame('lotto-sea');
const type = (code: string) => SEA_BET_TYPES.find((t) => t.code === code)!;
const pad = (n: number, d: number) => String(n).padStart(d, '0');

// The exhaustive and simulated returns take seconds on a quiet machine and more on a shared one; the
// timeout is not what this file tests.
describe('the SEA draw', { timeout: 120_000 }, () => {
  it('draws a six-digit first prize and then a two-digit bottom number from the documented stream', () => {
    for (let i = 0; i < 100; i++) {
      const id = `lotto-sea-2026112${i}`;
      const rng = createFairRng({ serverSeed: seed, clientSeed: id, nonce: 0 });
      expect(drawResult(game, seed, id)).toEqual([rng.nextInt(1_000_000), rng.nextInt(100)]);
    }
  });

  it('draws daily at 16:00 Bangkok time, closing 15 minutes before, each draw open for the day before it', () => {
    const draws = upcomingDraws(game, new Date('2026-11-24T03:00:00Z'));
    expect(draws).toEqual([
      {
        id: 'lotto-sea-20261124',
        drawsAt: new Date('2026-11-24T09:00:00Z'),
        closesAt: new Date('2026-11-24T08:45:00Z'),
        opensAt: new Date('2026-11-23T09:00:00Z'),
      },
      {
        id: 'lotto-sea-20261125',
        drawsAt: new Date('2026-11-25T09:00:00Z'),
        closesAt: new Date('2026-11-25T08:45:00Z'),
        opensAt: new Date('2026-11-24T09:00:00Z'),
      },
    ]);
  });

  it('judges 2 top and 3 top on the first prize, 2 bottom on the bottom number, whatever the other digits are', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 999 }),
        (first, bottom, pick) => {
          const r = [first, bottom];
          expect(type('SEA_2TOP').wins(r, pad(pick % 100, 2))).toBe(first % 100 === pick % 100);
          expect(type('SEA_2BOTTOM').wins(r, pad(pick % 100, 2))).toBe(bottom === pick % 100);
          expect(type('SEA_3TOP').wins(r, pad(pick, 3))).toBe(first % 1000 === pick);
          const tote = toteOf(pick);
          if (type('SEA_3TOTE').selections.includes(tote))
            expect(type('SEA_3TOTE').wins(r, tote)).toBe(toteOf(first % 1000) === tote);
        },
      ),
    );
  });

  it('returns exactly 95 % on 2 top, 2 bottom and 3 top, and 94.99–95 % on every tote, over every ending', () => {
    const rtp = (code: string, selections: string[], outcomes: number[][]) =>
      selections.map((s) => {
        const wins = outcomes.filter((r) => type(code).wins(r, s)).length;
        return (wins * type(code).oddsBasisPoints(s)) / outcomes.length / 10_000;
      });
    // The bets read the first prize's last three digits and the bottom number: all 1,000 × 100 of them.
    const outcomes: number[][] = [];
    for (let top = 0; top < 1000; top++) for (let bottom = 0; bottom < 100; bottom += 1) outcomes.push([top, bottom]);
    const twos = Array.from({ length: 100 }, (_, i) => pad(i, 2));
    for (const v of rtp('SEA_2TOP', twos, outcomes)) expect(v).toBeCloseTo(0.95, 10);
    for (const v of rtp('SEA_2BOTTOM', twos, outcomes)) expect(v).toBeCloseTo(0.95, 10);
    const tops = outcomes.filter((o) => o[1] === 0);
    for (const v of rtp('SEA_3TOP', ['000', '123', '999'], tops)) expect(v).toBeCloseTo(0.95, 10);
    const totes = rtp('SEA_3TOTE', [...type('SEA_3TOTE').selections], tops);
    expect(totes).toHaveLength(210);
    for (const v of totes) {
      expect(v).toBeGreaterThanOrEqual(0.9499);
      expect(v).toBeLessThanOrEqual(0.95);
    }
    expect(type('SEA_3TOTE').oddsBasisPoints('123')).toBe(1_583_300);
    expect(type('SEA_3TOTE').oddsBasisPoints('112')).toBe(3_166_600);
    expect(toteOrders('112')).toBe(3);
  });

  it('measures the declared return over 20,000 simulated draws, every selection of each bet type at once', () => {
    let tote = 0;
    const draws = 20_000;
    const selections = type('SEA_3TOTE').selections;
    for (let i = 0; i < draws; i++) {
      const r = drawResult(game, seed, `sim-sea-${i}`) as number[];
      for (const s of selections)
        if (type('SEA_3TOTE').wins(r, s)) tote += type('SEA_3TOTE').oddsBasisPoints(s) / 10_000;
    }
    // One tote in 210 wins each draw that is not a triple, at a price that counts the triples: 95 %.
    expect(tote / draws / selections.length).toBeCloseTo(0.95, 2);
  });

  it('refuses a tote of three equal digits or digits out of order, and a number of the wrong length', () => {
    expect(() => priceTicket(game, 'SEA_3TOTE', '777')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    expect(() => priceTicket(game, 'SEA_3TOTE', '321')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    expect(() => priceTicket(game, 'SEA_2TOP', '123')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    expect(() => priceTicket(game, 'SEA_3TOP', '12')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    const paid = settleTicket(game, [456_321, 7], {
      betType: 'SEA_3TOTE',
      selection: '123',
      stake: 100_000n,
      oddsBasisPoints: priceTicket(game, 'SEA_3TOTE', '123'),
    });
    expect(paid).toBe(15_833_000n);
  });
});
