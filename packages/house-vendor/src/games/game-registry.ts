import type { FairRng } from '../fairness/fair-rng.ts';
import { HouseGameError } from '../house-game-error.ts';
import { BACCARAT, playBaccarat, type BaccaratOutcome, type BaccaratParams } from './baccarat.ts';
import { DICE, playDice, type DiceOutcome, type DiceParams } from './dice.ts';
import { FISH_SHOOTER, playFishShot, type FishShotOutcome, type FishShotParams } from './fish-shooter.ts';
import type { GameMetadata } from './game-metadata.ts';
import { LIMBO, playLimbo, type LimboOutcome, type LimboParams } from './limbo.ts';
import { MINES, playMines, type MinesOutcome, type MinesParams } from './mines.ts';
import { AURORA_GEMS } from './slot/aurora-gems.ts';
import { DRAGON_LANTERN } from './slot/dragon-lantern.ts';
import { NEON_FRUITS } from './slot/neon-fruits.ts';
import { playSlotRound, type SlotOutcome, type SlotParams, type SlotTitle } from './slot/slot-engine.ts';

export type HouseGameParams = SlotParams | DiceParams | MinesParams | LimboParams | BaccaratParams | FishShotParams;
/** Discriminated by `kind`; `game` says which title. Every outcome carries `bet` and `payout` (stake included). */
export type HouseGameOutcome =
  SlotOutcome | DiceOutcome | MinesOutcome | LimboOutcome | BaccaratOutcome | FishShotOutcome;

export interface HouseGame {
  metadata: GameMetadata;
  /** Validates params (throwing HouseGameError) and plays one round from the round's stream. */
  play(rng: FairRng, params: unknown): HouseGameOutcome;
}

export const SLOT_TITLES: readonly SlotTitle[] = [AURORA_GEMS, DRAGON_LANTERN, NEON_FRUITS];

/** Every game the house vendor offers, in lobby order. */
export const HOUSE_GAMES: readonly HouseGame[] = [
  ...SLOT_TITLES.map((title) => ({
    metadata: title.metadata,
    play: (rng: FairRng, params: unknown) => playSlotRound(title, rng, params as SlotParams),
  })),
  { metadata: DICE, play: (rng, params) => playDice(rng, params as DiceParams) },
  { metadata: MINES, play: (rng, params) => playMines(rng, params as MinesParams) },
  { metadata: LIMBO, play: (rng, params) => playLimbo(rng, params as LimboParams) },
  { metadata: BACCARAT, play: (rng, params) => playBaccarat(rng, params as BaccaratParams) },
  { metadata: FISH_SHOOTER, play: (rng, params) => playFishShot(rng, params as FishShotParams) },
];

export function findHouseGame(code: string): HouseGame {
  const game = HOUSE_GAMES.find((candidate) => candidate.metadata.code === code);
  if (!game) throw new HouseGameError('INVALID_GAME', `No house game ${String(code)}`);
  return game;
}
