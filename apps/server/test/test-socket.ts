import WebSocket from 'ws';

export type SocketMessage = Record<string, unknown>;

export interface TestSocket {
  ws: WebSocket;
  /** Everything the server has said so far, parsed, in order. */
  messages: SocketMessage[];
  /** The close code, once the socket closes. */
  closed: Promise<number>;
  /** The first message (seen or still to come) that matches; fails after `ms`, naming what did come. */
  waitFor(pred: (m: SocketMessage) => boolean, ms?: number): Promise<SocketMessage>;
}

/**
 * Opens a test socket to one of the server's live channels, sends `first` once it is open, and collects
 * what the server says. Waiting is event-driven: no fixed sleeps.
 */
export function openTestSocket(
  url: string,
  opts: { first?: unknown; headers?: Record<string, string>; origin?: string; timeoutMs?: number } = {},
): TestSocket {
  const ws = new WebSocket(url, { headers: opts.headers, ...(opts.origin ? { origin: opts.origin } : {}) });
  const messages: SocketMessage[] = [];
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  if (opts.first !== undefined) ws.on('open', () => ws.send(JSON.stringify(opts.first)));
  const waitFor = (pred: (m: SocketMessage) => boolean, ms = opts.timeoutMs ?? 10_000) =>
    new Promise<SocketMessage>((resolve, reject) => {
      const check = () => {
        const found = messages.find(pred);
        if (!found) return false;
        clearTimeout(timer);
        ws.off('message', check);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        ws.off('message', check);
        reject(new Error(`no such message in ${JSON.stringify(messages)}`));
      }, ms);
      if (!check()) ws.on('message', check);
    });
  return { ws, messages, closed, waitFor };
}
