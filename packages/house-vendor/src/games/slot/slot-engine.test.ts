import { describe, expect, it } from 'vitest';
import { createFairRng } from '../../fairness/fair-rng.ts';
import { HouseGameError } from '../../house-game-error.ts';
import { SLOT_TITLES } from '../game-registry.ts';
import { AURORA_GEMS } from './aurora-gems.ts';
import { DRAGON_LANTERN } from './dragon-lantern.ts';
import { assertSlotTitle, evaluateLine, evaluateSpin, playSlotRound, type SlotTitle } from './slot-engine.ts';
import { SLOT_LINE_COUNT, SLOT_PAYLINES } from './slot-paylines.ts';

/** Strips of three stops: at stop 0 the window shows each strip top to bottom as written. */
function fixedWindow(title: SlotTitle, columns: string[]): SlotTitle {
  return { ...title, reels: columns };
}

const serverSeed = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const STOPS_AT_TOP = [0, 0, 0, 0, 0];

describe('the slot engine', () => {
  it('pays a slot win on every payline the wilds complete', () => {
    // Diamonds fill reel 1, wilds fill reels 2–4, reel 5 shows diamond / ruby / emerald.
    const title = fixedWindow(AURORA_GEMS, ['AAA', 'WWW', 'WWW', 'WWW', 'ABC']);
    const spin = evaluateSpin(title, STOPS_AT_TOP, 2_000n, 'base');

    expect(spin.lineWins).toHaveLength(SLOT_LINE_COUNT);
    for (const win of spin.lineWins) {
      const endsOnDiamond = SLOT_PAYLINES[win.line]![4] === 0;
      expect(win).toMatchObject({ symbol: 'A', count: endsOnDiamond ? 5 : 4 });
    }
    const lineBets = spin.lineWins.reduce((sum, win) => sum + win.lineBets, 0);
    expect(spin.win).toBe((2_000n * BigInt(lineBets)) / 20n);
  });

  it('lets a wild stand in on both sides of the paying symbol, and stops at the first other symbol', () => {
    expect(evaluateLine(AURORA_GEMS, ['W', 'B', 'W', 'B', 'C'])).toEqual({ symbol: 'B', count: 4, lineBets: 150 });
    expect(evaluateLine(AURORA_GEMS, ['B', 'C', 'B', 'B', 'B'])).toBeUndefined();
  });

  it('pays a run of wilds as wilds when that is worth more than the symbol after it', () => {
    // Dragon Lantern's wilds pay: three wilds (100) beat wilds-plus-firecracker as four (20).
    expect(evaluateLine(DRAGON_LANTERN, ['W', 'W', 'W', 'H', 'A'])).toEqual({ symbol: 'W', count: 3, lineBets: 100 });
    expect(evaluateLine(DRAGON_LANTERN, ['W', 'W', 'W', 'A', 'A'])).toEqual({ symbol: 'A', count: 5, lineBets: 1500 });
  });

  it('never pays a scatter on a line, nor lets a wild stand in for it', () => {
    expect(evaluateLine(AURORA_GEMS, ['S', 'S', 'S', 'S', 'S'])).toBeUndefined();
    expect(evaluateLine(AURORA_GEMS, ['A', 'W', 'S', 'A', 'A'])).toBeUndefined();
  });

  it('pays scatters anywhere in the window, in total bets', () => {
    const title = fixedWindow(AURORA_GEMS, ['SEF', 'GHE', 'FSG', 'HEF', 'GHS']);
    const spin = evaluateSpin(title, STOPS_AT_TOP, 1_000n, 'base');
    expect(spin.lineWins).toEqual([]);
    expect(spin).toMatchObject({ scatterCount: 3, scatterTotalBets: 2, win: 2_000n, freeSpinsAwarded: 10 });
  });

  it('multiplies free-spin wins and awards no further free spins from them', () => {
    const title = fixedWindow(AURORA_GEMS, ['SEF', 'GHE', 'FSG', 'HEF', 'GHS']);
    const spin = evaluateSpin(title, STOPS_AT_TOP, 1_000n, 'free');
    expect(spin).toMatchObject({ multiplier: 2, win: 4_000n, freeSpinsAwarded: 0 });
  });

  it('floors a win to the minor unit', () => {
    // Three opals pay 8 line bets: 8 × 30 ÷ 20 = 12 exactly, 8 × 31 ÷ 20 = 12.4 → 12.
    const title = fixedWindow(AURORA_GEMS, ['EGE', 'FGF', 'HGH', 'EFE', 'FEF']);
    expect(evaluateSpin(title, STOPS_AT_TOP, 31n, 'base').win).toBe(12n);
  });

  it('plays a triggered round with its free spins from the same stream, reproducibly', () => {
    let nonce = 0;
    let round = playSlotRound(AURORA_GEMS, createFairRng({ serverSeed, clientSeed: 'fs', nonce }), { bet: 100n });
    while (round.spins[0]!.freeSpinsAwarded === 0) {
      nonce++;
      round = playSlotRound(AURORA_GEMS, createFairRng({ serverSeed, clientSeed: 'fs', nonce }), { bet: 100n });
    }
    expect(round.spins).toHaveLength(1 + round.spins[0]!.freeSpinsAwarded);
    expect(round.spins.slice(1).every((spin) => spin.kind === 'free' && spin.multiplier === 2)).toBe(true);
    expect(round.payout).toBe(round.spins.reduce((sum, spin) => sum + spin.win, 0n));
    expect(playSlotRound(AURORA_GEMS, createFairRng({ serverSeed, clientSeed: 'fs', nonce }), { bet: 100n })).toEqual(
      round,
    );
  });

  it.each(SLOT_TITLES.map((title) => [title.metadata.code, title] as const))(
    '%s has five strips of known symbols',
    (_, title) => {
      expect(() => assertSlotTitle(title)).not.toThrow();
    },
  );

  it.each([
    ['a negative bet', -100n],
    ['a zero bet', 0],
    ['a fractional bet', 12.5],
    ['a bet below the minimum', 19n],
    ['a bet above the maximum', 200_001n],
    ['a bet that is not a number', 'ten'],
  ])('refuses %s', (_, bet) => {
    const play = () =>
      playSlotRound(AURORA_GEMS, createFairRng({ serverSeed, clientSeed: 'x', nonce: 0 }), { bet } as never);
    expect(play).toThrow(HouseGameError);
    expect(play).toThrow(expect.objectContaining({ code: 'INVALID_BET' }));
  });
});
