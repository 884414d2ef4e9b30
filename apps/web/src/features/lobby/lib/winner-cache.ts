import { WinnerSchema, type Winner } from '@portal/contracts/games/games.contract.ts';
import { z } from 'zod';

/** Spec §3 client storage: the winner board is cached for the session under this key. */
export const WINNER_BOARD_KEY = 'WINNER_BOARD';
/** How long a kept board is shown without asking the server again. */
export const WINNER_BOARD_FRESH_MS = 5 * 60_000;

const StoredSchema = z.object({ language: z.string(), savedAt: z.number(), list: z.array(WinnerSchema) });

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The board kept for this session in `language`, with when it was fetched; none when unusable. */
export function readWinnerBoard(
  store: KeyValueStore | undefined,
  language: string,
): { list: Winner[]; savedAt: number } | undefined {
  try {
    const raw = store?.getItem(WINNER_BOARD_KEY);
    if (!raw) return undefined;
    const parsed = StoredSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.language !== language) return undefined;
    return { list: parsed.data.list, savedAt: parsed.data.savedAt };
  } catch {
    return undefined;
  }
}

export function writeWinnerBoard(store: KeyValueStore | undefined, language: string, list: Winner[], now = Date.now()) {
  try {
    store?.setItem(WINNER_BOARD_KEY, JSON.stringify({ language, savedAt: now, list }));
  } catch {
    // Storage full or blocked: the board is fetched again next time.
  }
}
