import type { GameCard, LaunchMode } from '@portal/contracts/games/games.contract.ts';
import { createContext, useContext } from 'react';
import type { Player } from '../lib/card-rules.ts';

/** What every game card needs from the screen around it: who plays, how to start a game, the favourites. */
export interface GamePlay {
  player: Player;
  /** Applies the launch rules (spec §4) and starts the game when they allow it. */
  play: (game: GameCard, mode: LaunchMode) => void;
  /** The node id of the game being opened, if any. */
  launching: number | null;
  isFavourite: (nodeId: number) => boolean;
  /** Changes the heart at once, then tells the server; at most once a second per game. */
  toggleFavourite: (game: GameCard) => void;
}

const noop = () => undefined;
export const GamePlayContext = createContext<GamePlay>({
  player: { loggedIn: false, isTrial: false },
  play: noop,
  launching: null,
  isFavourite: () => false,
  toggleFavourite: noop,
});

export function useGamePlay(): GamePlay {
  return useContext(GamePlayContext);
}
