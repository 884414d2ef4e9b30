import { formatMoney } from '@portal/contracts/money.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-error.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { houseApi, type FairnessState, type OpenedSession, type PlayAnswer } from '../api/house-api.ts';
import {
  parseLaunchFragment,
  readStoredSession,
  storeSession,
  type StoredVendorSession,
} from '../lib/launch-fragment.ts';
import { keepsRequestId, requestIdFor, type PendingRequest } from '../lib/request-id.ts';
import type { HouseGame } from './house-game-context.ts';

export type SessionPhase =
  | { kind: 'opening' }
  | { kind: 'ready' }
  /** The vendor session ended (or the launch token was spent): back to the lobby to open it again. */
  | { kind: 'expired' }
  /** Neither a launch token nor a kept session: this page was not opened from the lobby. */
  | { kind: 'missing' }
  | { kind: 'error'; error: unknown };

/** One launch token opens one session: StrictMode's second effect run must not open another. */
const opening = new Map<string, Promise<OpenedSession>>();

function openOnce(token: string): Promise<OpenedSession> {
  let p = opening.get(token);
  if (!p) {
    p = houseApi.open(token);
    opening.set(token, p);
  }
  return p;
}

const ENDED = new Set(['GAME_SESSION_EXPIRED', 'TOKEN_EXPIRED', 'INVALID_TOKEN', 'SESSION_EXPIRED']);

export function isSessionEnded(error: unknown): boolean {
  return isApiError(error) && ENDED.has(error.code);
}

export interface HouseSessionOptions {
  gameCode: string;
  onRoundSettled?: (() => void) | undefined;
  onError: (error: unknown) => void;
  onAnnounce: (text: string) => void;
}

/**
 * Opens the vendor session from the launch fragment (or finds the one kept for this tab), and
 * holds the balance and the fairness state the frame shows.
 */
export function useHouseSession({ gameCode, onRoundSettled, onError, onAnnounce }: HouseSessionOptions) {
  const [phase, setPhase] = useState<SessionPhase>({ kind: 'opening' });
  const [info, setInfo] = useState<StoredVendorSession | null>(null);
  const [balance, setBalance] = useState<string>('0');
  const [fairness, setFairness] = useState<FairnessState | null>(null);
  const settled = useRef<string | null>(null);
  const pending = useRef<PendingRequest | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    let live = true;
    const fragment = parseLaunchFragment(window.location.hash);
    if (fragment) {
      // The token is spent on opening; keep it out of the address bar, history and bookmarks.
      window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
      if (fragment.lang) void changeLanguage(fragment.lang);
    }
    const start = async () => {
      if (fragment) {
        const opened = await openOnce(fragment.token);
        const kept: StoredVendorSession = {
          session: opened.session,
          gameCode,
          game: opened.game,
          currency: opened.currency,
          demo: opened.demo,
        };
        storeSession(kept, gameCode);
        return { kept, balance: opened.balance, fairness: opened.fairness };
      }
      const kept = readStoredSession(gameCode);
      if (!kept) return null;
      const [b, f] = await Promise.all([houseApi.balance(kept.session), houseApi.fairness(kept.session)]);
      return { kept, balance: b.balance, fairness: f };
    };
    start().then(
      (opened) => {
        if (!live) return;
        if (!opened) return setPhase({ kind: 'missing' });
        if (opened.kept.game.code !== gameCode) return setPhase({ kind: 'missing' });
        setInfo(opened.kept);
        setBalance(opened.balance);
        setFairness(opened.fairness);
        setPhase({ kind: 'ready' });
      },
      (error: unknown) => {
        if (!live) return;
        if (isSessionEnded(error)) {
          storeSession(null, gameCode);
          return setPhase({ kind: 'expired' });
        }
        setPhase({ kind: 'error', error });
      },
    );
    return () => {
      live = false;
    };
  }, [gameCode]);

  const session = info?.session ?? null;
  const roundsKey = useMemo(() => ['house', 'rounds', session] as const, [session]);
  const rounds = useQuery({
    queryKey: roundsKey,
    queryFn: () => houseApi.rounds(session!, 20),
    enabled: session !== null && phase.kind === 'ready',
    staleTime: 5_000,
  });

  const fail = useCallback(
    (error: unknown) => {
      if (isSessionEnded(error)) {
        storeSession(null, gameCode);
        setPhase({ kind: 'expired' });
        return;
      }
      onError(error);
    },
    [gameCode, onError],
  );

  /** A round's answer: the stake shows as taken at once, the payout when the game reveals it. */
  const took = useCallback(
    (answer: PlayAnswer, revealNow = false) => {
      settled.current = answer.balance;
      const { round } = answer;
      const payoutPending = round.status === 'OPEN' || revealNow ? '0' : round.payout;
      setBalance(revealNow ? answer.balance : (BigInt(answer.balance) - BigInt(payoutPending)).toString());
      setFairness((f) => (f ? { ...f, nonce: Math.max(f.nonce, round.nonce + 1) } : f));
      void queryClient.invalidateQueries({ queryKey: roundsKey });
      if (round.status !== 'OPEN') onRoundSettled?.();
    },
    [queryClient, roundsKey, onRoundSettled],
  );

  const withRequestId = useCallback(
    async (key: string, run: (requestId: string) => Promise<PlayAnswer>): Promise<PlayAnswer> => {
      const request = requestIdFor(pending.current, key);
      try {
        const answer = await run(request.id);
        pending.current = null;
        return answer;
      } catch (error) {
        pending.current = isApiError(error) && keepsRequestId(error.code) ? request : null;
        throw error;
      }
    },
    [],
  );

  const game = useMemo<HouseGame | null>(() => {
    if (!info || !fairness || phase.kind !== 'ready') return null;
    const s = info.session;
    return {
      info,
      balance,
      fairness,
      rounds: rounds.data?.rounds ?? [],
      roundsLoading: rounds.isPending,
      async play(params, key = JSON.stringify(params)) {
        const answer = await withRequestId(`play:${key}`, (id) => houseApi.play(s, id, params));
        took(answer);
        return answer;
      },
      async minesStart(bet, mines) {
        const answer = await withRequestId(`mines:${bet}:${mines}`, (id) => houseApi.minesStart(s, id, bet, mines));
        took(answer, true);
        return answer;
      },
      async minesPick(roundId, tile) {
        const answer = await houseApi.minesPick(s, roundId, tile);
        took(answer);
        return answer;
      },
      async minesCashout(roundId) {
        const answer = await houseApi.minesCashout(s, roundId);
        took(answer);
        return answer;
      },
      async rotate(clientSeed) {
        const answer = await houseApi.rotate(s, clientSeed);
        setFairness(answer.next);
        void queryClient.invalidateQueries({ queryKey: roundsKey });
        return answer;
      },
      reveal() {
        if (settled.current !== null) setBalance(settled.current);
      },
      money: (minor) => formatMoney(minor, info.currency),
      announce: onAnnounce,
      fail,
    };
  }, [
    info,
    fairness,
    phase.kind,
    balance,
    rounds.data,
    rounds.isPending,
    withRequestId,
    took,
    queryClient,
    roundsKey,
    onAnnounce,
    fail,
  ]);

  return { phase, game };
}
