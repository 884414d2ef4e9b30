/** The longest pause between two attempts to reconnect. */
export const MAX_BACKOFF_MS = 30_000;

export interface KeptSocketHandlers<E extends { type: string }> {
  /** The socket contract's reader: an event, or undefined for anything it does not know (ignored). */
  read: (data: string) => E | undefined;
  /** What to send first on every new connection (the sign-in message), if anything. */
  hello?: () => unknown;
  /**
   * The server admitted this connection (its `ready` event); the back-off starts again. `reconnected`:
   * an earlier connection dropped, so events may have been missed and lists are read again.
   */
  onReady?: (reconnected: boolean) => void;
  /** Every other event. */
  onEvent?: (event: Exclude<E, { type: 'ready' }>) => void;
  /** The connection dropped (a new attempt follows unless it was final). */
  onClose?: () => void;
  /** Close codes after which no attempt follows (signed out, password change due). */
  final?: readonly number[];
}

/**
 * A WebSocket to `path` on this page's host, kept open: when it drops it comes back after 2 s, 4 s, …
 * up to 30 s, until the returned function stops it (its `send` says more on the open socket). Its
 * server speaks one contract's events and says `ready` once it has admitted the connection. The one
 * reconnecting socket of the web app's live channel, live support, chat room and sportsbook and of
 * the back office's live screens.
 */
export function keepSocketOpen<E extends { type: string }>(
  path: string,
  handlers: KeptSocketHandlers<E>,
): (() => void) & { send: (message: unknown) => boolean } {
  let socket: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const current = new WebSocket(`${scheme}://${window.location.host}${path}`);
    socket = current;
    current.onopen = () => {
      const hello = handlers.hello?.();
      if (hello !== undefined) current.send(JSON.stringify(hello));
    };
    current.onmessage = (e) => {
      const event = handlers.read(String(e.data));
      if (!event) return;
      if (event.type !== 'ready') return handlers.onEvent?.(event as Exclude<E, { type: 'ready' }>);
      const reconnected = attempt > 0;
      attempt = 0;
      handlers.onReady?.(reconnected);
    };
    current.onclose = (e) => {
      handlers.onClose?.();
      if (stopped || handlers.final?.includes(e.code)) return;
      attempt += 1;
      retry = setTimeout(open, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempt, 5)));
    };
  };
  open();
  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
  /** Sends a message now if the socket is open (answers whether it was sent); `hello` covers reconnects. */
  const send = (message: unknown) => {
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };
  return Object.assign(stop, { send });
}
