import { describe, expect, it } from 'vitest';
import { createFairRng } from '../fairness/fair-rng.ts';
import { sha256Hex } from '../fairness/sha256.ts';
import { rationalToNumber } from '../rational.ts';
import { BACCARAT, BACCARAT_BET_TYPES, BACCARAT_RTP_BASIS_POINTS, exactBaccaratRtp, playBaccarat } from './baccarat.ts';
import {
  DICE,
  DICE_MAX_WINNING_ROLLS,
  DICE_MIN_WINNING_ROLLS,
  DICE_OUTCOMES,
  diceMultiplier,
  playDice,
  type DiceDirection,
} from './dice.ts';
import { FISH_SHOOTER, FISH_TYPES, fishHitChance, playFishShot } from './fish-shooter.ts';
import { BASIS_POINTS, type GameMetadata } from './game-metadata.ts';
import { HOUSE_GAMES, SLOT_TITLES } from './game-registry.ts';
import { LIMBO, LIMBO_MAX_TARGET_HUNDREDTHS, limboWinProbability, playLimbo } from './limbo.ts';
import { MINES, MINES_MAX_MINES, MINES_TILES, minesMultiplier, playMines } from './mines.ts';
import { playSlotRound } from './slot/slot-engine.ts';
import { exactSlotRtp } from './slot/slot-rtp.ts';

/**
 * Every declared RTP, twice: exactly where the game allows it (to 0.01 %), and by simulation for
 * every game. A simulation's mean return over n rounds has standard error σ/√n, where σ is the
 * standard deviation of one round's return (payout ÷ stake); a gap of 4 standard errors happens by
 * chance about once in 16 000 runs, so the bound is honest rather than tuned to pass. The seeds are
 * fixed, so a run is repeatable. Each test prints n, σ and the gap.
 */

const EXACT_TOLERANCE = 0.0001;
const ROUNDS = 100_000;
/** A slow shared machine may take a while; the timeout is not what this file tests. */
const SIMULATION_TIMEOUT_MS = 120_000;
const declared = (metadata: GameMetadata) => metadata.rtpBasisPoints / BASIS_POINTS;
const seedsFor = (code: string) => ({ serverSeed: sha256Hex(`rtp-simulation:${code}`), clientSeed: 'rtp-check' });

interface Sample {
  n: number;
  mean: number;
  sigma: number;
}

/** Mean and standard deviation of payout ÷ stake over rounds with nonces 0 … n − 1. */
function simulate(n: number, round: (nonce: number) => { stake: bigint; payout: bigint }): Sample {
  let sum = 0;
  let squares = 0;
  for (let nonce = 0; nonce < n; nonce++) {
    const { stake, payout } = round(nonce);
    const ratio = Number(payout) / Number(stake);
    sum += ratio;
    squares += ratio * ratio;
  }
  const mean = sum / n;
  return { n, mean, sigma: Math.sqrt(squares / n - mean * mean) };
}

function expectWithinFourSigma(label: string, sample: Sample, rtp: number): void {
  const bound = (4 * sample.sigma) / Math.sqrt(sample.n);
  const gap = Math.abs(sample.mean - rtp);
  console.info(
    `${label}: declared ${(rtp * 100).toFixed(2)} %, measured ${(sample.mean * 100).toFixed(3)} % ` +
      `over n = ${sample.n}, σ = ${sample.sigma.toFixed(3)}, |gap| ${gap.toFixed(5)} < 4σ/√n = ${bound.toFixed(5)}`,
  );
  expect(gap).toBeLessThan(bound);
}

describe('declared RTP', { timeout: SIMULATION_TIMEOUT_MS }, () => {
  it('is declared for every house game', () => {
    for (const { metadata } of HOUSE_GAMES) {
      expect(metadata.rtpBasisPoints, metadata.code).toBeGreaterThan(8_000);
      expect(metadata.rtpBasisPoints, metadata.code).toBeLessThan(BASIS_POINTS);
    }
  });

  describe.each(SLOT_TITLES.map((title) => [title.metadata.code, title] as const))('%s', (code, title) => {
    it('equals the exact RTP over every reel stop, free spins included', () => {
      const exact = rationalToNumber(exactSlotRtp(title).round);
      console.info(`${code}: declared ${declared(title.metadata)}, exact ${exact.toFixed(6)}`);
      expect(Math.abs(exact - declared(title.metadata))).toBeLessThan(EXACT_TOLERANCE);
    });

    // σ per round is 2.8–3.3 total bets (measured), so 4σ/√n is about ±4 % at n = 100 000.
    it('is what 100 000 simulated rounds return, within 4σ/√n', () => {
      const seeds = seedsFor(code);
      const sample = simulate(ROUNDS, (nonce) => {
        const round = playSlotRound(title, createFairRng({ ...seeds, nonce }), { bet: 1_000n });
        return { stake: round.bet, payout: round.payout };
      });
      expectWithinFourSigma(code, sample, declared(title.metadata));
    });
  });

  describe('dice', () => {
    it('is 99 % exactly for every allowed win chance, and stays within 0.01 % after flooring a bet of 10 000.00', () => {
      const bet = 1_000_000n;
      for (let winningRolls = DICE_MIN_WINNING_ROLLS; winningRolls <= DICE_MAX_WINNING_ROLLS; winningRolls++) {
        const { numerator, denominator } = diceMultiplier(winningRolls);
        // P(win) × multiplier = (winningRolls ÷ 10 000) × (numerator ÷ denominator).
        expect(BigInt(winningRolls) * numerator * BigInt(BASIS_POINTS)).toBe(
          BigInt(DICE.rtpBasisPoints) * BigInt(DICE_OUTCOMES) * denominator,
        );
        const floored = (Number((bet * numerator) / denominator) * winningRolls) / (DICE_OUTCOMES * Number(bet));
        expect(Math.abs(floored - declared(DICE))).toBeLessThan(EXACT_TOLERANCE);
      }
    });

    // σ is 1.0 at an even chance and 9.9 at 1 %; mixed over these targets it measures about 4.5.
    it('is what 100 000 simulated rolls over a spread of targets return, within 4σ/√n', () => {
      const bets: { direction: DiceDirection; targetHundredths: number }[] = [
        { direction: 'under', targetHundredths: 5000 },
        { direction: 'over', targetHundredths: 4999 },
        { direction: 'under', targetHundredths: 100 },
        { direction: 'over', targetHundredths: 199 },
        { direction: 'under', targetHundredths: 2500 },
        { direction: 'over', targetHundredths: 8999 },
      ];
      const seeds = seedsFor(DICE.code);
      const sample = simulate(ROUNDS, (nonce) => {
        const round = playDice(createFairRng({ ...seeds, nonce }), { bet: 1_000_000n, ...bets[nonce % bets.length]! });
        return { stake: round.bet, payout: round.payout };
      });
      expectWithinFourSigma(DICE.code, sample, declared(DICE));
    });
  });

  describe('limbo', () => {
    it('is 99 % to within 0.01 % for every target from 1.01× to 10 000×', () => {
      const targets = [
        ...Array.from({ length: 10_000 }, (_, i) => 101 + i),
        ...Array.from({ length: 1_000 }, (_, i) => Math.round(10_101 * 1.0046 ** i)).filter(
          (target) => target <= LIMBO_MAX_TARGET_HUNDREDTHS,
        ),
        LIMBO_MAX_TARGET_HUNDREDTHS,
      ];
      for (const target of targets) {
        const rtp = (rationalToNumber(limboWinProbability(target)) * target) / 100;
        expect(Math.abs(rtp - declared(LIMBO)), `target ${target}`).toBeLessThan(EXACT_TOLERANCE);
      }
    });

    // Targets 1.01×, 2×, 10× and 50×: σ ≈ 0.1, 1.0, 3.0 and 7.0, about 3.9 mixed.
    it('is what 100 000 simulated rounds over a spread of targets return, within 4σ/√n', () => {
      const targets = [101, 200, 1_000, 5_000];
      const seeds = seedsFor(LIMBO.code);
      const sample = simulate(ROUNDS, (nonce) => {
        const round = playLimbo(createFairRng({ ...seeds, nonce }), {
          bet: 1_000_000n,
          targetHundredths: targets[nonce % targets.length]!,
        });
        return { stake: round.bet, payout: round.payout };
      });
      expectWithinFourSigma(LIMBO.code, sample, declared(LIMBO));
    });
  });

  describe('mines', () => {
    it('is 99 % exactly for every mine count and every number of safe picks before cashing out', () => {
      for (let mines = 1; mines <= MINES_MAX_MINES; mines++) {
        let safeNumerator = 1n;
        let safeDenominator = 1n;
        for (let k = 1; k <= MINES_TILES - mines; k++) {
          // The k-th pick is safe with chance (safe tiles left) ÷ (tiles left).
          safeNumerator *= BigInt(MINES_TILES - mines - (k - 1));
          safeDenominator *= BigInt(MINES_TILES - (k - 1));
          const { numerator, denominator } = minesMultiplier(mines, k);
          expect(safeNumerator * numerator * BigInt(BASIS_POINTS), `${mines} mines, ${k} picks`).toBe(
            BigInt(MINES.rtpBasisPoints) * safeDenominator * denominator,
          );
        }
      }
    });

    // From one mine and one pick (1.03×) to 2 mines and 20 picks (29.7×): σ is about 2.7 over this mix.
    it('is what 100 000 simulated rounds over a spread of mine and pick counts return, within 4σ/√n', () => {
      const plays = [
        [1, 1],
        [1, 12],
        [2, 20],
        [3, 3],
        [5, 5],
        [10, 2],
        [15, 1],
        [24, 1],
      ] as const;
      const seeds = seedsFor(MINES.code);
      const sample = simulate(ROUNDS, (nonce) => {
        const [mines, pickCount] = plays[nonce % plays.length]!;
        // Which tiles are picked does not matter (the layout is uniform); spread them anyway.
        const picks = Array.from({ length: pickCount }, (_, i) => (i * 7 + nonce) % MINES_TILES);
        const round = playMines(createFairRng({ ...seeds, nonce }), { bet: 1_000_000n, mines, picks });
        return { stake: round.bet, payout: round.payout };
      });
      expectWithinFourSigma(MINES.code, sample, declared(MINES));
    });
  });

  describe('RNG baccarat', () => {
    it('equals the exact RTP of each bet over every deal from a full 8-deck shoe', () => {
      const exact = exactBaccaratRtp();
      for (const type of BACCARAT_BET_TYPES) {
        console.info(`${BACCARAT.code} ${type}: declared ${BACCARAT_RTP_BASIS_POINTS[type]}, exact ${exact[type]}`);
        expect(Math.abs(exact[type] - BACCARAT_RTP_BASIS_POINTS[type] / BASIS_POINTS)).toBeLessThan(EXACT_TOLERANCE);
      }
      expect(BACCARAT.rtpBasisPoints).toBe(BACCARAT_RTP_BASIS_POINTS.banker);
    });

    // σ ≈ 0.95 for player and banker and 2.65 for tie.
    it.each(BACCARAT_BET_TYPES)('pays what 100 000 simulated %s bets return, within 4σ/√n', (type) => {
      const seeds = seedsFor(BACCARAT.code);
      const sample = simulate(ROUNDS, (nonce) => {
        const round = playBaccarat(createFairRng({ ...seeds, nonce }), { bets: { [type]: 1_000n } });
        return { stake: round.bet, payout: round.payout };
      });
      expectWithinFourSigma(`${BACCARAT.code} ${type}`, sample, BACCARAT_RTP_BASIS_POINTS[type] / BASIS_POINTS);
    });
  });

  describe('fish shooter', () => {
    it('is 96 % exactly for every fish: hit chance × multiplier', () => {
      for (const type of FISH_TYPES) {
        const { numerator, denominator } = fishHitChance(type);
        expect(numerator * BigInt(type.multiplier) * BigInt(BASIS_POINTS), type.id).toBe(
          BigInt(FISH_SHOOTER.rtpBasisPoints) * denominator,
        );
      }
    });

    // Cycling all fish from 2× to 300×: σ is about 7.
    it('is what 100 000 simulated shots at every fish return, within 4σ/√n', () => {
      const seeds = seedsFor(FISH_SHOOTER.code);
      const sample = simulate(ROUNDS, (nonce) => {
        const shot = playFishShot(createFairRng({ ...seeds, nonce }), {
          bet: 100n,
          fish: FISH_TYPES[nonce % FISH_TYPES.length]!.id,
        });
        return { stake: shot.bet, payout: shot.payout };
      });
      expectWithinFourSigma(FISH_SHOOTER.code, sample, declared(FISH_SHOOTER));
    });
  });
});
