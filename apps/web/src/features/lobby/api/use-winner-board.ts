import { getWinnerBoard } from '@portal/contracts/games/games.contract.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../lib/api-client.ts';

/** The latest big wins (spec §7: all categories, limit 20), cached a few minutes. */
export function useWinnerBoard() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: ['lobby', 'winners', language],
    queryFn: ({ signal }) =>
      call(getWinnerBoard, { query: { gameCategory: 'ALL', limitNum: LIMITS.winnerBoardLimit, language }, signal }),
    staleTime: 5 * 60_000,
  });
}
