import type { GameCard, listFavourites } from '@portal/contracts/games/games.contract.ts';
import type { RouteValue } from '@portal/contracts/http.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { localizeError } from '../../../lib/errors.ts';
import { gameKeys, saveFavourite, useFavouriteList } from '../api/games-api.ts';
import { createToggleGate } from '../lib/toggle-gate.ts';

type FavouritePage = RouteValue<typeof listFavourites>;

interface Pending {
  value: boolean;
  seq: number;
}

/**
 * Favourites with an optimistic heart (spec §4): the heart changes at once, the server is told after,
 * a failure puts the heart back and reports a localized error. A game toggles at most once a second.
 */
export function useFavourites({
  token,
  onRequireLogin,
  onError,
}: {
  token: string | null;
  onRequireLogin: () => void;
  onError: (message: string) => void;
}) {
  const qc = useQueryClient();
  const list = useFavouriteList(token);
  const [pending, setPending] = useState<ReadonlyMap<number, Pending>>(new Map());
  const gate = useRef(createToggleGate(LIMITS.favouriteToggleThrottleMs));
  const seq = useRef(0);
  const saved = useMemo(() => new Set(list.data?.favouriteIds ?? []), [list.data]);

  const isFavourite = useCallback(
    (nodeId: number) => pending.get(nodeId)?.value ?? saved.has(nodeId),
    [pending, saved],
  );

  const settle = useCallback((nodeId: number, mine: number) => {
    setPending((current) => {
      if (current.get(nodeId)?.seq !== mine) return current;
      const next = new Map(current);
      next.delete(nodeId);
      return next;
    });
  }, []);

  const toggleFavourite = useCallback(
    (game: GameCard) => {
      if (token === null) {
        onRequireLogin();
        return;
      }
      if (!gate.current.tryPass(game.nodeId, Date.now())) return;
      const on = !isFavourite(game.nodeId);
      seq.current += 1;
      const mine = seq.current;
      setPending((current) => new Map(current).set(game.nodeId, { value: on, seq: mine }));
      saveFavourite(game, on)
        .then(({ favouriteIds }) => {
          qc.setQueryData(gameKeys.favourites(token), (old: FavouritePage | undefined) =>
            old ? { ...old, favouriteIds } : old,
          );
          settle(game.nodeId, mine);
          // The favourites tab lists the games themselves: fetch it again with the new order.
          void qc.invalidateQueries({ queryKey: gameKeys.favourites(token) });
        })
        .catch((error: unknown) => {
          settle(game.nodeId, mine);
          onError(localizeError(error));
        });
    },
    [token, onRequireLogin, onError, isFavourite, qc, settle],
  );

  return { list, isFavourite, toggleFavourite };
}
