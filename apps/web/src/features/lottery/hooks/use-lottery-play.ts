import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { lotteryApi } from '../api/lottery-api.ts';
import { lotteryKeys, useLotteryGames, useSecondTick } from './use-lottery-games.ts';
import { isSessionEnded, useLotterySession } from './use-lottery-session.ts';

/** How many of the session's tickets a game page shows, and how often it asks again. */
const TICKETS_SHOWN = 30;
const TICKETS_EVERY_MS = 4_000;

/**
 * What a page where one lottery game is played needs: its vendor session, the game with the vendor's
 * clock, a tick for the countdowns, and the session's tickets, polled. A ticket that settles moves
 * money, so the header balance follows (the live channel does too); a session that has ended is
 * replaced; `bought` is what a purchase calls.
 */
export function useLotteryPlay(gameCode: string, onMoneyMoved: () => void) {
  const { phase, retry, ended } = useLotterySession(gameCode);
  const games = useLotteryGames();
  const now = useSecondTick();
  const game = games.data?.games.find((g) => g.code === gameCode);
  const offsetMs = games.data?.offsetMs ?? 0;
  const session = phase.kind === 'ready' ? phase.session : null;
  const queryClient = useQueryClient();

  const tickets = useQuery({
    queryKey: lotteryKeys.tickets(session ?? ''),
    queryFn: ({ signal }) => lotteryApi.tickets(session!, TICKETS_SHOWN, signal),
    enabled: session !== null,
    refetchInterval: TICKETS_EVERY_MS,
  });
  useEffect(() => {
    if (tickets.error && isSessionEnded(tickets.error)) ended();
  }, [tickets.error, ended]);

  const settledCount = tickets.data?.tickets.filter((x) => x.status !== 'PENDING').length ?? 0;
  const seenSettled = useRef(settledCount);
  useEffect(() => {
    if (settledCount !== seenSettled.current) {
      seenSettled.current = settledCount;
      onMoneyMoved();
    }
  }, [settledCount, onMoneyMoved]);

  const bought = useCallback(() => {
    onMoneyMoved();
    if (session) void queryClient.invalidateQueries({ queryKey: lotteryKeys.tickets(session) });
  }, [onMoneyMoved, queryClient, session]);

  return { phase, retry, ended, game, offsetMs, now, session, tickets: tickets.data?.tickets ?? [], bought };
}

/** A game's latest draws (results to show and verify), polled. */
export function useRecentDraws(gameCode: string, limit: number, everyMs: number) {
  return useQuery({
    queryKey: lotteryKeys.draws(gameCode),
    queryFn: ({ signal }) => lotteryApi.draws(gameCode, limit, signal),
    refetchInterval: everyMs,
  });
}
