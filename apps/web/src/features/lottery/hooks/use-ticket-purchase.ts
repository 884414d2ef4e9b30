import { inParallel } from '@portal/contracts/in-parallel.ts';
import { newRequestId } from '@portal/contracts/money.ts';
import { useRef, useState } from 'react';
import { localizeError } from '../../../lib/errors.ts';
import { lotteryApi } from '../api/lottery-api.ts';
import { lineKey } from '../lib/slip.ts';
import { isSessionEnded } from './use-lottery-session.ts';

/** Tickets of one slip bought at once. */
const BUYS_IN_FLIGHT = 4;

/** What a purchase tells the player under the slip. */
export interface PurchaseMessage {
  ok: boolean;
  text: string;
}

/**
 * Buys a slip's lines for one draw, a ticket per line, BUYS_IN_FLIGHT at a time. A line keeps its request id until it is
 * bought, so buying again after a lost answer cannot buy it twice; the lines that failed stay on the
 * slip, and the first failure is what the player reads.
 */
export function useTicketPurchase({
  session,
  onBought,
  onEnded,
}: {
  session: string;
  onBought: () => void;
  onEnded: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<PurchaseMessage | null>(null);
  const pendingIds = useRef(new Map<string, string>());

  /** Buys the lines and answers the ones left on the slip; `boughtText` says how many were bought. */
  async function buy<L extends { betType: string; selection: string }>(
    drawId: string,
    lines: L[],
    stakeOf: (line: L) => bigint,
    boughtText: (count: number) => string,
  ): Promise<L[]> {
    setBusy(true);
    setMessage(null);
    let failure: unknown = null;
    // A few tickets in flight at once: a slip of a hundred lines is bought in seconds, not a minute.
    const outcomes = await inParallel(lines, BUYS_IN_FLIGHT, async (l) => {
      const stake = stakeOf(l);
      const k = `${drawId}|${lineKey(l)}|${stake}`;
      const requestId = pendingIds.current.get(k) ?? newRequestId();
      pendingIds.current.set(k, requestId);
      try {
        await lotteryApi.buy({
          session,
          requestId,
          drawId,
          betType: l.betType,
          selection: l.selection,
          stake: stake.toString(),
        });
        pendingIds.current.delete(k);
        return true;
      } catch (error) {
        failure ??= error;
        if (isSessionEnded(error)) onEnded();
        return false;
      }
    });
    const bought = outcomes.filter(Boolean).length;
    const left = lines.filter((_, i) => !outcomes[i]);
    setBusy(false);
    if (bought > 0) onBought();
    setMessage(failure ? { ok: false, text: localizeError(failure) } : { ok: true, text: boughtText(bought) });
    return left;
  }

  return { busy, message, buy };
}
