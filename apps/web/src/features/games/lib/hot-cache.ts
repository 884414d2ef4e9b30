import { GameCardSchema, type GameCard } from '@portal/contracts/games/games.contract.ts';
import { z } from 'zod';

/** Spec §3 client storage: the hot games are kept for the session under this key. */
export const HOT_GAMES_KEY = 'HOT_GAMES';

const StoredSchema = z.object({ language: z.string(), games: z.array(GameCardSchema) });

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The hot games kept for this session in `language`; none when the language changed or nothing usable is stored. */
export function readHotGames(store: KeyValueStore | undefined, language: string): GameCard[] | undefined {
  try {
    const raw = store?.getItem(HOT_GAMES_KEY);
    if (!raw) return undefined;
    const parsed = StoredSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.language !== language) return undefined;
    return parsed.data.games;
  } catch {
    return undefined;
  }
}

/**
 * Keeps the hot games for the session. An empty list is not kept, so games that arrive later (a new
 * vendor) show without waiting for a new session.
 */
export function writeHotGames(store: KeyValueStore | undefined, language: string, games: GameCard[]): void {
  if (games.length === 0) return;
  try {
    store?.setItem(HOT_GAMES_KEY, JSON.stringify({ language, games }));
  } catch {
    // Storage full or blocked: the list is fetched again next time.
  }
}
