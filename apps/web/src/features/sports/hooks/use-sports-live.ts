import { keepSocketOpen } from '@portal/contracts/realtime/kept-socket.ts';
import {
  readSportsLiveEvent,
  SPORTS_SOCKET_PATH,
  SPORTS_WATCH_MAX,
  type SportsWatch,
} from '@portal/contracts/sports/sportsbook-live.contract.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type SportsBookValue, type SportsGroup, sportsKeys } from '../api/sports-api.ts';

export interface SportsLiveWatch {
  /** The fixtures on screen (their state and main market). */
  fixtures: readonly string[];
  /** The fixture whose every market is open. */
  detail: string | null;
  /** The vendor session, for nudges when the player's tickets change. */
  session: string | null;
  /** Fixtures of the player's open tickets: their cash-out offers follow their pushes. */
  ticketFixtures: readonly string[];
}

/**
 * The book's live socket (`/vendor/sports/ws`, decision 101). It says what is on screen and writes
 * what the vendor pushes straight into the query cache: a fixture's state and main market into the
 * book, a match page into its query, a ticket change into My bets. A dropped socket comes back with
 * growing pauses and the book is read again; answers whether it is up, so the queries poll only while
 * it is down.
 */
export function useSportsLive(
  group: SportsGroup,
  watch: SportsLiveWatch,
  { onSessionEnded }: { onSessionEnded: () => void },
): boolean {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  const ended = useRef(onSessionEnded);

  const fixtures = [...new Set([...watch.fixtures, ...watch.ticketFixtures])].slice(0, SPORTS_WATCH_MAX);
  const message: SportsWatch = {
    type: 'watch',
    fixtures,
    detail: watch.detail,
    ...(watch.session ? { session: watch.session } : {}),
  };
  const text = JSON.stringify(message);
  const current = useRef<SportsWatch>(message);
  const ticketFixtures = useRef(new Set<string>());
  const legs = watch.ticketFixtures.join(',');
  const socket = useRef<ReturnType<typeof keepSocketOpen> | null>(null);
  useEffect(() => {
    ended.current = onSessionEnded;
  }, [onSessionEnded]);
  useEffect(() => {
    ticketFixtures.current = new Set(legs ? legs.split(',') : []);
  }, [legs]);

  useEffect(() => {
    const kept = keepSocketOpen(SPORTS_SOCKET_PATH, {
      hello: () => current.current,
      read: readSportsLiveEvent,
      onClose: () => setConnected(false),
      onReady: (reconnected) => {
        setConnected(true);
        // Back after a drop: what changed meanwhile is read again.
        if (reconnected) void qc.invalidateQueries({ queryKey: ['sports'] });
      },
      onEvent: (event) => {
        if (event.type === 'fixture') {
          const f = event.fixture;
          qc.setQueryData<SportsBookValue>(sportsKeys.book(group), (old) =>
            old
              ? {
                  ...old,
                  sports: old.sports.map((s) => ({
                    ...s,
                    competitions: s.competitions.map((c) => ({
                      ...c,
                      fixtures: c.fixtures.map((x) => (x.id === f.id ? f : x)),
                    })),
                  })),
                }
              : old,
          );
          // A match over leaves the book; the next ones come in.
          if (f.phase === 'ENDED' || f.phase === 'VOID')
            void qc.invalidateQueries({ queryKey: sportsKeys.book(group) });
          if (ticketFixtures.current.has(f.id)) void qc.invalidateQueries({ queryKey: ['sports', 'tickets'] });
        } else if (event.type === 'page') qc.setQueryData(sportsKeys.fixture(event.page.fixture.id), event.page);
        else if (event.type === 'tickets') void qc.invalidateQueries({ queryKey: ['sports', 'tickets'] });
        else if (event.type === 'refused' && event.code === 'GAME_SESSION_EXPIRED') ended.current();
      },
    });
    socket.current = kept;
    return () => {
      socket.current = null;
      kept();
    };
  }, [group, qc]);

  // What is on screen changed: say so (a reconnect says it with its hello).
  useEffect(() => {
    current.current = JSON.parse(text) as SportsWatch;
    socket.current?.send(current.current);
  }, [text]);

  return connected;
}
