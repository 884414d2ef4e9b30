import type { MemberEvent, RealtimeHub } from './realtime-hub.ts';

/** One account of a member as the watcher reads it. */
export interface MemberBalance {
  memberId: string;
  kind: string;
  currency: string;
  balance: string;
}

/** How often an instance reads the balances of the members connected to it. */
export const BALANCE_WATCH_MS = 250;

/**
 * The live channel's balance events (decision 106). Every BALANCE_WATCH_MS each instance reads, in one
 * indexed query, the balances of the members with a socket on it and sends each one that changed since
 * its last read to that member's sockets. It replaces a trigger that sent a NOTIFY for every balance
 * change: PostgreSQL commits notifying transactions one at a time, cluster-wide, so every money
 * movement of every player waited for every other's commit (issue 13: 26 of a bet's 36 ms). A read
 * per instance every quarter second costs nothing when nobody is connected and is one index scan per
 * connected member when many are. A member's balances are read once as its socket joins (`seed`),
 * before `ready`, so a change after `ready` is always sent; several changes within one interval
 * arrive as the last balance, which is what the header shows anyway.
 */
export function balanceWatcher(
  hub: RealtimeHub,
  balancesOf: (memberIds: readonly string[]) => Promise<MemberBalance[]>,
  onError: (err: unknown) => void,
  everyMs = BALANCE_WATCH_MS,
) {
  const known = new Map<string, string>();
  /** Members whose accounts have been read once: a new account of theirs is a change too. */
  const seen = new Set<string>();
  const keyOf = (b: MemberBalance) => `${b.memberId}|${b.kind}|${b.currency}`;
  let reading = false;

  const tick = async () => {
    if (reading) return;
    reading = true;
    try {
      const members = hub.members();
      if (members.length === 0) {
        known.clear();
        seen.clear();
        return;
      }
      const rows = await balancesOf(members);
      for (const row of rows) {
        const key = keyOf(row);
        const before = known.get(key);
        known.set(key, row.balance);
        // A member read for the first time (joined since the last read, not yet seeded) is only noted.
        if (seen.has(row.memberId) && before !== row.balance && hub.has(row.memberId)) {
          const event: MemberEvent = { type: 'balance', kind: row.kind, currency: row.currency, balance: row.balance };
          hub.deliver(row.memberId, event);
        }
      }
      for (const member of members) seen.add(member);
      // Members gone from this instance are forgotten (read afresh if they come back).
      const connected = new Set(members);
      for (const key of known.keys()) if (!connected.has(key.slice(0, key.indexOf('|')))) known.delete(key);
      for (const member of seen) if (!connected.has(member)) seen.delete(member);
    } catch (err) {
      onError(err);
    } finally {
      reading = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  timer.unref();

  return {
    /**
     * Reads a joining member's balances so that the next change is sent; balances already known (the
     * member's other tabs) are kept, so a change not yet sent to those tabs is not lost.
     */
    async seed(memberId: string): Promise<void> {
      for (const row of await balancesOf([memberId])) {
        const key = keyOf(row);
        if (!known.has(key)) known.set(key, row.balance);
      }
      seen.add(memberId);
    },
    /** One read now (tests; the interval does the same). */
    tick,
    stop: () => clearInterval(timer),
  };
}
