import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { lotteryApi } from '../api/lottery-api.ts';

export const lotteryKeys = {
  games: ['lottery', 'games'] as const,
  draws: (gameCode: string) => ['lottery', 'draws', gameCode] as const,
  tickets: (session: string) => ['lottery', 'tickets', session] as const,
};

/** The vendor's game list with its clock: `offsetMs` is the vendor's time minus the browser's. */
export function useLotteryGames() {
  return useQuery({
    queryKey: lotteryKeys.games,
    queryFn: async ({ signal }) => {
      const answer = await lotteryApi.games(signal);
      return { ...answer, offsetMs: Date.parse(answer.serverTime) - Date.now() };
    },
    refetchInterval: 3_000,
  });
}

/** Re-renders once a second for the countdowns. */
export function useSecondTick(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}
