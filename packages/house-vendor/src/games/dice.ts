import type { FairRng } from '../fairness/fair-rng.ts';
import { HouseGameError } from '../house-game-error.ts';
import { mulDivFloor, parseBet, type MinorUnitsInput } from '../minor-units.ts';
import type { Rational } from '../rational.ts';
import type { GameMetadata } from './game-metadata.ts';
import { integerParam, paramsObject } from './game-params.ts';

export const DICE: GameMetadata = {
  code: 'mini-dice',
  category: 'mini',
  nameKey: 'houseGames.mini-dice.name',
  rtpBasisPoints: 9900,
  minBet: 10n,
  maxBet: 1_000_000n,
};

/** Rolls are 0.00 … 99.99, kept as whole hundredths so no float ever decides a bet. */
export const DICE_OUTCOMES = 10_000;
/** Win chance 1 % … 98 %: the bounds keep the top multiplier at 99× and the lowest above 1×. */
export const DICE_MIN_WINNING_ROLLS = 100;
export const DICE_MAX_WINNING_ROLLS = 9_800;

export type DiceDirection = 'over' | 'under';

export interface DiceParams {
  bet: MinorUnitsInput;
  direction: DiceDirection;
  /** Hundredths: 5050 is 50.50. "over" wins on a roll above it, "under" on a roll below it. */
  targetHundredths: number;
}

export interface DiceOutcome {
  kind: 'dice';
  game: string;
  bet: bigint;
  direction: DiceDirection;
  targetHundredths: number;
  rollHundredths: number;
  /** Multiplier = 9900 ÷ winningRolls, i.e. (100 − 1 % edge) ÷ win chance in %. */
  winningRolls: number;
  won: boolean;
  payout: bigint;
}

export function diceWinningRolls(direction: DiceDirection, targetHundredths: number): number {
  return direction === 'over' ? DICE_OUTCOMES - 1 - targetHundredths : targetHundredths;
}

/**
 * The payout multiplier as a fraction: RTP ÷ win chance = (9900 / 10 000) ÷ (winning rolls / 10 000)
 * = 9900 ÷ winning rolls. Because there are exactly 10 000 rolls, the RTP is 99 % for every target
 * before the payout is floored to the minor unit.
 */
export function diceMultiplier(winningRolls: number): Rational {
  return { numerator: BigInt(DICE.rtpBasisPoints), denominator: BigInt(winningRolls) };
}

function parseDiceParams(params: unknown) {
  const raw = paramsObject(params, DICE.code);
  const bet = parseBet(raw.bet, DICE);
  if (raw.direction !== 'over' && raw.direction !== 'under') {
    throw new HouseGameError('INVALID_GAME_PARAMS', 'direction must be "over" or "under"');
  }
  const direction: DiceDirection = raw.direction;
  const targetHundredths = integerParam(raw.targetHundredths, 'targetHundredths', 0, DICE_OUTCOMES - 1);
  const winningRolls = diceWinningRolls(direction, targetHundredths);
  if (winningRolls < DICE_MIN_WINNING_ROLLS || winningRolls > DICE_MAX_WINNING_ROLLS) {
    throw new HouseGameError('INVALID_GAME_PARAMS', 'The target must leave a win chance from 1 % to 98 %');
  }
  return { bet, direction, targetHundredths, winningRolls };
}

export function playDice(rng: FairRng, params: DiceParams): DiceOutcome {
  const { bet, direction, targetHundredths, winningRolls } = parseDiceParams(params);
  const rollHundredths = rng.nextInt(DICE_OUTCOMES);
  const won = direction === 'over' ? rollHundredths > targetHundredths : rollHundredths < targetHundredths;
  const { numerator, denominator } = diceMultiplier(winningRolls);
  return {
    kind: 'dice',
    game: DICE.code,
    bet,
    direction,
    targetHundredths,
    rollHundredths,
    winningRolls,
    won,
    payout: won ? mulDivFloor(bet, numerator, denominator) : 0n,
  };
}
