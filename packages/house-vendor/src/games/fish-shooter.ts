import type { FairRng } from '../fairness/fair-rng.ts';
import { HouseGameError } from '../house-game-error.ts';
import { parseBet, type MinorUnitsInput } from '../minor-units.ts';
import type { Rational } from '../rational.ts';
import type { GameMetadata } from './game-metadata.ts';
import { paramsObject } from './game-params.ts';

export const FISH_SHOOTER: GameMetadata = {
  code: 'fish-ocean-bounty',
  category: 'fish',
  nameKey: 'houseGames.fish-ocean-bounty.name',
  rtpBasisPoints: 9600,
  minBet: 10n,
  maxBet: 100_000n,
};

export interface FishType {
  id: string;
  nameKey: string;
  /** A hit pays bet × multiplier (stake included). */
  multiplier: number;
}

const fish = (id: string, multiplier: number): FishType => ({
  id,
  nameKey: `houseGames.${FISH_SHOOTER.code}.fish.${id}`,
  multiplier,
});

/** Bigger fish pay more and are hit less often; every one returns the same 96 %. */
export const FISH_TYPES: readonly FishType[] = [
  fish('clownfish', 2),
  fish('pufferfish', 3),
  fish('angelfish', 5),
  fish('turtle', 8),
  fish('lobster', 10),
  fish('octopus', 15),
  fish('stingray', 20),
  fish('swordfish', 30),
  fish('shark', 50),
  fish('whale', 100),
  fish('golden-kraken', 300),
];

export interface FishShotParams {
  bet: MinorUnitsInput;
  /** The id of the fish type the shot aims at. */
  fish: string;
}

export interface FishShotOutcome {
  kind: 'fish';
  game: string;
  bet: bigint;
  fish: string;
  /** The draw in 0 … multiplier × 100 − 1; below the RTP percentage (96) is a hit. */
  draw: number;
  hit: boolean;
  payout: bigint;
}

/**
 * A hit is a uniform draw in [0, 100 × multiplier) landing below 96, so the hit chance is exactly
 * 0.96 ÷ multiplier and p × multiplier is exactly the declared RTP for every fish.
 */
const HIT_PERCENT = FISH_SHOOTER.rtpBasisPoints / 100;

export function fishHitChance(type: FishType): Rational {
  return { numerator: BigInt(HIT_PERCENT), denominator: BigInt(100 * type.multiplier) };
}

export function playFishShot(rng: FairRng, params: FishShotParams): FishShotOutcome {
  const raw = paramsObject(params, FISH_SHOOTER.code);
  const bet = parseBet(raw.bet, FISH_SHOOTER);
  const type = FISH_TYPES.find((candidate) => candidate.id === raw.fish);
  if (!type) throw new HouseGameError('INVALID_GAME_PARAMS', `Unknown fish ${String(raw.fish)}`);
  const draw = rng.nextInt(100 * type.multiplier);
  const hit = draw < HIT_PERCENT;
  return {
    kind: 'fish',
    game: FISH_SHOOTER.code,
    bet,
    fish: type.id,
    draw,
    hit,
    payout: hit ? bet * BigInt(type.multiplier) : 0n,
  };
}
