import { getWinnerBoard } from '@portal/contracts/games/games.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client.ts';
import { readWinnerBoard, WINNER_BOARD_FRESH_MS, writeWinnerBoard } from '../lib/winner-cache.ts';

const sessionStore = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

/**
 * The latest big wins (spec §7: all categories, limit 20). Kept in sessionStorage (spec §3 "cached
 * winner board"): a reload within a few minutes shows the kept board without asking the server.
 */
export function useWinnerBoard() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['lobby', 'winners', language],
    queryFn: async ({ signal }) => {
      const value = await call(getWinnerBoard, {
        query: { gameCategory: 'ALL', limitNum: LIMITS.winnerBoardLimit, language },
        signal,
      });
      writeWinnerBoard(sessionStore(), language, value.list);
      return value;
    },
    initialData: () => {
      const kept = readWinnerBoard(sessionStore(), language);
      return kept ? { list: kept.list } : undefined;
    },
    initialDataUpdatedAt: () => readWinnerBoard(sessionStore(), language)?.savedAt,
    staleTime: WINNER_BOARD_FRESH_MS,
  });
}
