import { describe, expect, it } from 'vitest';
import { LIVE_TOKEN_MAX, readLiveAuth, readLiveEvent } from './live-channel.contract.ts';

describe('the live channel contract', () => {
  it('reads the events the server sends', () => {
    expect(readLiveEvent('{"type":"ready"}')).toEqual({ type: 'ready' });
    expect(readLiveEvent('{"type":"balance","kind":"MEMBER_MAIN","currency":"KRW","balance":"1500"}')).toEqual({
      type: 'balance',
      kind: 'MEMBER_MAIN',
      currency: 'KRW',
      balance: '1500',
    });
    expect(readLiveEvent('{"type":"counters","withdrawalsToConfirm":1,"depositsPending":0}')).toEqual({
      type: 'counters',
      withdrawalsToConfirm: 1,
      depositsPending: 0,
    });
    expect(readLiveEvent('{"type":"rewards"}')).toEqual({ type: 'rewards' });
  });

  it('ignores what is not one of its events: other types, a balance as a number, broken JSON', () => {
    expect(readLiveEvent('{"type":"hello"}')).toBeUndefined();
    expect(readLiveEvent('{"type":"balance","kind":"MEMBER_MAIN","currency":"KRW","balance":1500}')).toBeUndefined();
    expect(readLiveEvent('{"type":"counters","depositsPending":-1}')).toBeUndefined();
    expect(readLiveEvent('{not json')).toBeUndefined();
  });

  it('takes only an auth message with a token of bounded length from the client', () => {
    expect(readLiveAuth('{"type":"auth","token":"abc"}')).toEqual({ type: 'auth', token: 'abc' });
    expect(readLiveAuth(JSON.stringify({ type: 'auth', token: 'x'.repeat(LIVE_TOKEN_MAX + 1) }))).toBeUndefined();
    expect(readLiveAuth('{"type":"auth","token":""}')).toBeUndefined();
    expect(readLiveAuth('{"type":"ready"}')).toBeUndefined();
    expect(readLiveAuth('"abc"')).toBeUndefined();
  });
});
