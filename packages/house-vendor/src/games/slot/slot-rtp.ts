import type { Rational } from '../../rational.ts';
import { SLOT_ROWS } from './slot-paylines.ts';
import { evaluateLine, scatterPay, type SlotTitle } from './slot-engine.ts';

export interface SlotRtpBreakdown {
  /** Expected return of one spin (all lines and the scatter), in total bets. */
  spin: Rational;
  /** Probability that a base spin awards free spins. */
  freeSpinTrigger: Rational;
  /** Expected number of free spins a base spin awards. */
  expectedFreeSpins: Rational;
  /** Return of a whole round: spin × (1 + multiplier × expected free spins). */
  round: Rational;
}

function symbolCounts(strip: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const symbol of strip) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  return counts;
}

/**
 * The exact RTP, without simulation.
 *
 * Lines: for a uniform stop, the symbol a payline crosses on a reel is uniform over that reel's
 * strip whatever row it crosses, and reels are independent, so every line has the same expected
 * pay: the sum over symbol 5-tuples of (product of strip frequencies) × pay. By linearity the 20
 * lines pay 20 times that in line bets, which is that many total bets.
 * Scatters: count the scatters in the window at each stop of each reel, then convolve the reels.
 * Free spins: they use the same strips and pays times a multiplier and never retrigger, so a
 * round returns spin × (1 + multiplier × E[free spins awarded]).
 * Payouts are floored to the minor unit; with a bet that is a multiple of 20 nothing is floored,
 * so this is the RTP of such bets and an upper bound for others.
 */
export function exactSlotRtp(title: SlotTitle): SlotRtpBreakdown {
  const reelCounts = title.reels.map((strip) => [...symbolCounts(strip)]);
  const stopsProduct = title.reels.reduce((product, strip) => product * BigInt(strip.length), 1n);

  let lineWeight = 0n;
  const tuple: string[] = [];
  const walk = (reel: number, weight: number): void => {
    if (reel === reelCounts.length) {
      const pay = evaluateLine(title, tuple);
      if (pay) lineWeight += BigInt(weight) * BigInt(pay.lineBets);
      return;
    }
    for (const [symbol, count] of reelCounts[reel]!) {
      tuple[reel] = symbol;
      walk(reel + 1, weight * count);
    }
  };
  walk(0, 1);

  // scatterWays[c] = number of stop combinations that show c scatters.
  let scatterWays = [1n];
  for (const strip of title.reels) {
    const perStop: bigint[] = [];
    for (let stop = 0; stop < strip.length; stop++) {
      let count = 0;
      for (let row = 0; row < SLOT_ROWS; row++) {
        if (title.symbols[strip[(stop + row) % strip.length]!]!.kind === 'scatter') count++;
      }
      perStop[count] = (perStop[count] ?? 0n) + 1n;
    }
    const next: bigint[] = [];
    scatterWays.forEach((ways, before) => {
      perStop.forEach((stops, here) => {
        next[before + here] = (next[before + here] ?? 0n) + ways * (stops ?? 0n);
      });
    });
    scatterWays = next.map((ways) => ways ?? 0n);
  }

  let scatterWeight = 0n;
  let freeSpinWeight = 0n;
  let triggerWays = 0n;
  scatterWays.forEach((ways, count) => {
    scatterWeight += ways * BigInt(scatterPay(title, count));
    const awarded = title.freeSpins[count] ?? 0;
    freeSpinWeight += ways * BigInt(awarded);
    if (awarded > 0) triggerWays += ways;
  });

  const spin = { numerator: lineWeight + scatterWeight, denominator: stopsProduct };
  const multiplier = BigInt(title.freeSpinMultiplier);
  return {
    spin,
    freeSpinTrigger: { numerator: triggerWays, denominator: stopsProduct },
    expectedFreeSpins: { numerator: freeSpinWeight, denominator: stopsProduct },
    round: {
      numerator: spin.numerator * (stopsProduct + multiplier * freeSpinWeight),
      denominator: stopsProduct * stopsProduct,
    },
  };
}
