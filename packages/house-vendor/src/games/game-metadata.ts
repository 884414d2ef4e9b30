import type { BetLimits } from '../minor-units.ts';

/** Lobby lanes the house games are listed in. */
export type HouseGameCategory = 'slots' | 'mini' | 'live' | 'fish';

export interface GameMetadata extends BetLimits {
  /** Stable code: the seamless-wallet `game` field, the replay key, the i18n key suffix. */
  code: string;
  category: HouseGameCategory;
  /** i18n key of the title; no display text lives in the engine. */
  nameKey: string;
  /**
   * Declared return to player in basis points (9600 = 96.00 %). A test checks it by exact
   * computation where one exists and by simulation for every game.
   */
  rtpBasisPoints: number;
}

export const BASIS_POINTS = 10_000;
