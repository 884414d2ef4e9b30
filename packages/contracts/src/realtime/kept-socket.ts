/** The longest pause between two attempts to reconnect. */
export const MAX_BACKOFF_MS = 30_000;

export interface KeptSocketHandlers {
  /** What to send first on every new connection (the sign-in message), if anything. */
  hello?: () => unknown;
  /**
   * A message arrived. `ready()` says the server admitted this connection: it resets the back-off and
   * answers whether this is a reconnection (events may have been missed, so lists are read again).
   */
  onMessage: (data: string, ready: () => boolean) => void;
  /** The connection dropped (a new attempt follows unless it was final). */
  onClose?: () => void;
  /** Close codes after which no attempt follows (signed out, password change due). */
  final?: readonly number[];
}

/**
 * A WebSocket to `path` on this page's host, kept open: when it drops it comes back after 2 s, 4 s, …
 * up to 30 s, until the returned function stops it. The one reconnecting socket of the web app's live
 * channel, live support and chat room and of the back office's live screens.
 */
export function keepSocketOpen(path: string, handlers: KeptSocketHandlers): () => void {
  let socket: WebSocket | undefined;
  let stopped = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const current = new WebSocket(`${scheme}://${window.location.host}${path}`);
    socket = current;
    const ready = () => {
      const reconnected = attempt > 0;
      attempt = 0;
      return reconnected;
    };
    current.onopen = () => {
      const hello = handlers.hello?.();
      if (hello !== undefined) current.send(JSON.stringify(hello));
    };
    current.onmessage = (e) => handlers.onMessage(String(e.data), ready);
    current.onclose = (e) => {
      handlers.onClose?.();
      if (stopped || handlers.final?.includes(e.code)) return;
      attempt += 1;
      retry = setTimeout(open, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempt, 5)));
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close();
  };
}
