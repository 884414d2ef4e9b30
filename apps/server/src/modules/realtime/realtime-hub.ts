/** Anything with `send` and `close`: a WebSocket, or a test double. */
export interface PushSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type MemberEvent =
  | { type: 'balance'; kind: string; currency: string; balance: string }
  | {
      type: 'counters';
      /** Approved withdrawals waiting for the player's confirmation. */
      withdrawalsToConfirm?: number;
      /** The player's deposits still pending. */
      depositsPending?: number;
      messages?: number;
      missions?: number;
      rewards?: number;
    };

/**
 * The sockets of this instance, by member. Events reach every tab of the member connected here; the
 * other instances get the same events from PostgreSQL (LISTEN/NOTIFY) and deliver to theirs.
 */
export function realtimeHub() {
  const byMember = new Map<string, Set<PushSocket>>();
  return {
    add(memberId: string, socket: PushSocket): () => void {
      let set = byMember.get(memberId);
      if (!set) byMember.set(memberId, (set = new Set()));
      set.add(socket);
      return () => {
        set.delete(socket);
        if (set.size === 0) byMember.delete(memberId);
      };
    },
    deliver(memberId: string, event: MemberEvent): number {
      const sockets = byMember.get(memberId);
      if (!sockets) return 0;
      const data = JSON.stringify(event);
      for (const s of sockets) s.send(data);
      return sockets.size;
    },
    has: (memberId: string) => byMember.has(memberId),
    connections: () => [...byMember.values()].reduce((n, s) => n + s.size, 0),
  };
}
export type RealtimeHub = ReturnType<typeof realtimeHub>;
