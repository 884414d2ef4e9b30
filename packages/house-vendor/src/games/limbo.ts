import type { FairRng } from '../fairness/fair-rng.ts';
import { mulDivFloor, parseBet, type MinorUnitsInput } from '../minor-units.ts';
import type { Rational } from '../rational.ts';
import type { GameMetadata } from './game-metadata.ts';
import { integerParam, paramsObject } from './game-params.ts';

export const LIMBO: GameMetadata = {
  code: 'mini-limbo',
  category: 'mini',
  nameKey: 'houseGames.mini-limbo.name',
  rtpBasisPoints: 9900,
  minBet: 10n,
  maxBet: 1_000_000n,
};

/**
 * Multipliers are whole hundredths: 101 is 1.01×. The top target is 10 000×: one 32-bit draw
 * decides the result, so the chance of a target T is rounded to a multiple of 2^-32, which moves
 * its RTP by up to T ÷ (99 × 2^32) — 0.0002 % at 10 000×, but more than 0.01 % past 400 000×.
 */
export const LIMBO_MIN_TARGET_HUNDREDTHS = 101;
export const LIMBO_MAX_TARGET_HUNDREDTHS = 1_000_000;

const TWO_POW_32 = 2n ** 32n;

export interface LimboParams {
  bet: MinorUnitsInput;
  /** The multiplier the player aims for, in hundredths; the bet wins when the result reaches it. */
  targetHundredths: number;
}

export interface LimboOutcome {
  kind: 'limbo';
  game: string;
  bet: bigint;
  targetHundredths: number;
  resultHundredths: number;
  won: boolean;
  payout: bigint;
}

/**
 * The crash-point formula with a 1 % edge, in integers: with u = uint32 / 2^32 (the Stake-style
 * float), result = max(1.00, floor₀.₀₁(0.99 ÷ (1 − u))), i.e. floor(99 × 2^32 ÷ (2^32 − uint32))
 * hundredths. bigint keeps the floor exact where a double division could round up to the next cent.
 */
export function limboResultHundredths(uint32: number): number {
  const hundredths = (99n * TWO_POW_32) / (TWO_POW_32 - BigInt(uint32));
  return hundredths < 100n ? 100 : Number(hundredths);
}

/**
 * P(result ≥ target) = #{v in 1…2^32 : v ≤ 99·2^32 ÷ target} ÷ 2^32, so the exact RTP of a target
 * is that times target ÷ 100 — 99 % up to one part in 2^32 ÷ target.
 */
export function limboWinProbability(targetHundredths: number): Rational {
  return { numerator: (99n * TWO_POW_32) / BigInt(targetHundredths), denominator: TWO_POW_32 };
}

export function playLimbo(rng: FairRng, params: LimboParams): LimboOutcome {
  const raw = paramsObject(params, LIMBO.code);
  const bet = parseBet(raw.bet, LIMBO);
  const targetHundredths = integerParam(
    raw.targetHundredths,
    'targetHundredths',
    LIMBO_MIN_TARGET_HUNDREDTHS,
    LIMBO_MAX_TARGET_HUNDREDTHS,
  );
  const resultHundredths = limboResultHundredths(rng.nextUint32());
  const won = resultHundredths >= targetHundredths;
  return {
    kind: 'limbo',
    game: LIMBO.code,
    bet,
    targetHundredths,
    resultHundredths,
    won,
    payout: won ? mulDivFloor(bet, BigInt(targetHundredths), 100n) : 0n,
  };
}
