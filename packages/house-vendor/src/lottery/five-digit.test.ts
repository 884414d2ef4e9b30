import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHmac, createHash } from 'node:crypto';
import { FIVE_DIGIT_BET_TYPES } from './five-digit.ts';
import { LOTTERY_GAMES, drawResult, drawTimes, findLotteryGame, priceTicket, settleTicket } from './lottery-games.ts';
import { commitDrawSeed, drawNumbers } from './lottery-result.ts';

const seed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const game = findLotteryGame('lotto-5d-1m');

/** Every result of the five-digit game, once each. */
const ALL_RESULTS = Array.from({ length: 100_000 }, (_, n) => String(n).padStart(5, '0').split('').map(Number));

/** The documented result function, written again from the decision's words with node:crypto only. */
function independentDigits(s: string, id: string): number[] {
  const out: number[] = [];
  let cursor = 0;
  let bytes = Buffer.alloc(0);
  while (out.length < 5) {
    if (bytes.length < 4) {
      bytes = Buffer.concat([bytes, createHmac('sha256', s).update(`${id}:0:${cursor++}`).digest()]);
      continue;
    }
    const u = bytes.readUInt32BE(0);
    bytes = bytes.subarray(4);
    if (u < 2 ** 32 - (2 ** 32 % 10)) out.push(u % 10);
  }
  return out;
}

describe('the draw result', () => {
  it('is the documented function of the seed and the draw id, as a 20-line script recomputes it', () => {
    for (let i = 0; i < 200; i++) {
      const id = `lotto-5d-1m-2026112414${String(i % 60).padStart(2, '0')}-${i}`;
      expect(drawResult(game, seed, id)).toEqual(independentDigits(seed, id));
    }
  });

  it('commits to sha256 of the seed text', () => {
    expect(commitDrawSeed(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
  });

  it('draws each digit about a tenth of the time', () => {
    const counts = Array<number>(10).fill(0);
    for (let i = 0; i < 4000; i++)
      for (const d of drawNumbers(seed, `d-${i}`, { count: 5, range: 10 })) counts[d]! += 1;
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(200);
  });

  it('differs between two draws of one seed', () => {
    expect(drawResult(game, seed, 'lotto-5d-1m-202611241431')).not.toEqual(
      drawResult(game, seed, 'lotto-5d-1m-202611241432'),
    );
  });
});

describe('the five-digit bet types', () => {
  it('return the stated share of stakes over all 100 000 results, for every selection', () => {
    for (const type of FIVE_DIGIT_BET_TYPES) {
      for (const selection of type.selections) {
        const wins = ALL_RESULTS.filter((r) => type.wins(r, selection)).length;
        const rtp = (wins * type.oddsBasisPoints(selection)) / 100_000 / 10_000;
        expect(rtp, `${type.code} ${selection}`).toBeGreaterThanOrEqual(0.975);
        expect(rtp, `${type.code} ${selection}`).toBeLessThanOrEqual(0.98);
      }
    }
  }, 120_000);

  it('judge positions, big/small, odd/even, sums and dragon/tiger as the rules page says', () => {
    const r = [7, 0, 4, 9, 3];
    const wins = (code: string, s: string) => FIVE_DIGIT_BET_TYPES.find((t) => t.code === code)!.wins(r, s);
    expect(wins('POS_DIGIT', '1:7')).toBe(true);
    expect(wins('POS_DIGIT', '2:7')).toBe(false);
    expect(wins('POS_BIG_SMALL', '1:BIG')).toBe(true);
    expect(wins('POS_BIG_SMALL', '3:SMALL')).toBe(true);
    expect(wins('POS_ODD_EVEN', '4:ODD')).toBe(true);
    expect(wins('POS_ODD_EVEN', '2:EVEN')).toBe(true);
    // 7 + 0 + 4 + 9 + 3 = 23: big and odd.
    expect(wins('SUM_BIG_SMALL', 'BIG')).toBe(true);
    expect(wins('SUM_ODD_EVEN', 'ODD')).toBe(true);
    expect(wins('DRAGON_TIGER', 'DRAGON')).toBe(true);
    expect(wins('DRAGON_TIGER', 'TIE')).toBe(false);
  });

  it('settle any ticket for the stake times the odds on a win and nothing on a loss, never above the cap', () => {
    const types = FIVE_DIGIT_BET_TYPES;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 0, max: types.length - 1 }),
        fc.nat(),
        fc.bigInt({ min: game.minStake, max: game.maxStake }),
        (result, t, pick, stake) => {
          const type = types[t]!;
          const selection = type.selections[pick % type.selections.length]!;
          const odds = priceTicket(game, type.code, selection);
          const paid = settleTicket(game, result, { betType: type.code, selection, stake, oddsBasisPoints: odds });
          const won = type.wins(result, selection);
          expect(paid).toBe(won ? (stake * BigInt(odds)) / 10_000n : 0n);
          expect(paid).toBeLessThanOrEqual(game.maxPayout);
        },
      ),
    );
  });

  it('refuses an unknown bet type or a selection the type does not have', () => {
    expect(() => priceTicket(game, 'POS_DIGIT', '6:1')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    expect(() => priceTicket(game, 'POS_DIGIT', '1:10')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
    expect(() => priceTicket(game, 'LUCKY', 'BIG')).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
  });
});

describe('the draw schedule', () => {
  it('draws every 1, 3 and 5 minutes on whole minutes, and closes betting before the draw', () => {
    const now = new Date('2026-11-24T14:31:25.000Z');
    const at = (code: string) => drawTimes(findLotteryGame(code), now);
    expect(at('lotto-5d-1m')).toMatchObject({
      id: 'lotto-5d-1m-202611241432',
      opensAt: new Date('2026-11-24T14:31:00Z'),
      closesAt: new Date('2026-11-24T14:31:50Z'),
    });
    expect(at('lotto-5d-3m').drawsAt).toEqual(new Date('2026-11-24T14:33:00Z'));
    expect(at('lotto-5d-5m').drawsAt).toEqual(new Date('2026-11-24T14:35:00Z'));
    for (const g of LOTTERY_GAMES) expect(g.cutoffMs).toBeLessThan(g.intervalMs);
  });
});
