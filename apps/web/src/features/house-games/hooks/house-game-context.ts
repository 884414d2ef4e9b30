import { createContext, useContext } from 'react';
import type { FairnessState, HouseRound, MinesPickAnswer, PlayAnswer, RotateAnswer } from '../api/house-api.ts';
import type { StoredVendorSession } from '../lib/launch-fragment.ts';

/** What a game client gets from the frame: the session, the money, and the calls that move it. */
export interface HouseGame {
  info: StoredVendorSession;
  /** The balance on screen; during a round's animation it already shows the stake taken. */
  balance: string;
  fairness: FairnessState;
  /** One round through housePlay; `key` decides when a retry reuses the request id (default: the params). */
  play(params: Record<string, unknown>, key?: string): Promise<PlayAnswer>;
  minesStart(bet: string, mines: number): Promise<PlayAnswer>;
  minesPick(roundId: string, tile: number): Promise<MinesPickAnswer>;
  minesCashout(roundId: string): Promise<PlayAnswer>;
  rotate(clientSeed: string): Promise<RotateAnswer>;
  /** Shows the settled balance, once the round's animation has shown its result. */
  reveal(): void;
  /** An amount of the session's currency as every message shows it: "₩2,000.00". */
  money(minor: string | bigint): string;
  /** Says a result to screen readers. */
  announce(text: string): void;
  /** Shows an error (localized by code); an ended session switches the frame to its expired screen. */
  fail(error: unknown): void;
  rounds: HouseRound[];
  roundsLoading: boolean;
}

export const HouseGameContext = createContext<HouseGame | null>(null);

export function useHouseGame(): HouseGame {
  const value = useContext(HouseGameContext);
  if (!value) throw new Error('useHouseGame outside a game frame');
  return value;
}
