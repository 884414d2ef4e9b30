import type { LiveEvent } from '@portal/contracts/realtime/live-channel.contract.ts';

/** Anything with `send` and `close`: a WebSocket, or a test double. */
export interface PushSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** What the hub delivers: the live channel's events (packages/contracts, read by the web with the same schema). */
export type MemberEvent = LiveEvent;

/**
 * The sockets of this instance, by member. Events reach every tab of the member connected here; the
 * other instances get the same events from PostgreSQL (LISTEN/NOTIFY) and deliver to theirs. The
 * live channel's hub carries its member events; the chat room's (decision 056) its own, keyed by
 * member or by an anonymous reader.
 */
export function realtimeHub<E = MemberEvent>() {
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
    deliver(memberId: string, event: E): number {
      const sockets = byMember.get(memberId);
      if (!sockets) return 0;
      const data = JSON.stringify(event);
      for (const s of sockets) s.send(data);
      return sockets.size;
    },
    /** Every socket of this instance (the event serialised once). */
    broadcast(event: E): number {
      const data = JSON.stringify(event);
      let n = 0;
      for (const sockets of byMember.values())
        for (const s of sockets) {
          s.send(data);
          n++;
        }
      return n;
    },
    has: (memberId: string) => byMember.has(memberId),
    /** The members with a socket on this instance (for events that reach a group or everyone). */
    members: () => [...byMember.keys()],
    connections: () => [...byMember.values()].reduce((n, s) => n + s.size, 0),
  };
}
export type RealtimeHub<E = MemberEvent> = ReturnType<typeof realtimeHub<E>>;
