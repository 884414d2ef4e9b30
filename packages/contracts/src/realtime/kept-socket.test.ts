import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepSocketOpen } from './kept-socket.ts';

/** A stand-in for the browser's WebSocket: the test opens, sends to and closes each one. */
class FakeSocket {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
  }
}

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'https:', host: 'portal.example' } });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A contract's reader in miniature: `ready` and `note` events, anything else unknown. */
type TestEvent = { type: 'ready' } | { type: 'note'; text: string };
const read = (data: string): TestEvent | undefined => {
  const e = JSON.parse(data) as TestEvent;
  return e.type === 'ready' || e.type === 'note' ? e : undefined;
};
const READY = { data: '{"type":"ready"}' };

describe('a kept socket', () => {
  it('opens on the page host, says hello on every connection and hands the events it reads on', () => {
    const got: TestEvent[] = [];
    const stop = keepSocketOpen('/ws', { read, hello: () => ({ type: 'auth' }), onEvent: (e) => got.push(e) });
    const s = FakeSocket.made[0]!;
    expect(s.url).toBe('wss://portal.example/ws');
    s.onopen!();
    s.onmessage!({ data: '{"type":"note","text":"one"}' });
    s.onmessage!({ data: '{"type":"unknown"}' });
    expect(s.sent).toEqual(['{"type":"auth"}']);
    expect(got).toEqual([{ type: 'note', text: 'one' }]);
    stop();
    expect(s.closed).toBe(true);
  });

  it('comes back after growing pauses, and ready says which connection is a reconnection', () => {
    const readies: boolean[] = [];
    const stop = keepSocketOpen('/ws', { read, onReady: (reconnected) => readies.push(reconnected) });
    FakeSocket.made[0]!.onmessage!(READY);
    FakeSocket.made[0]!.onclose!({ code: 1006 });
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.onclose!({ code: 1006 });
    vi.advanceTimersByTime(3_999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    FakeSocket.made[2]!.onmessage!(READY);
    expect(readies).toEqual([false, true]);
    stop();
  });

  it('stays closed after a final close code or once stopped', () => {
    keepSocketOpen('/ws', { read, final: [4401] });
    FakeSocket.made[0]!.onclose!({ code: 4401 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);

    const stop = keepSocketOpen('/ws', { read });
    stop();
    FakeSocket.made[1]!.onclose!({ code: 1000 });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });
});
