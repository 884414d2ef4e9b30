import { describe, expect, it } from 'vitest';
import { keepsRequestId, requestIdFor } from './request-id.ts';

describe('play request ids', () => {
  it('are reused for a retry of the same play, fresh for another', () => {
    const first = requestIdFor(null, 'a', () => 'id-1');
    expect(requestIdFor(first, 'a', () => 'id-2')).toBe(first);
    expect(requestIdFor(first, 'b', () => 'id-2')).toEqual({ id: 'id-2', key: 'b' });
  });

  it('are kept only when the round’s fate is unknown', () => {
    expect(keepsRequestId('NETWORK_ERROR')).toBe(true);
    expect(keepsRequestId('GAME_TEMPORARILY_UNAVAILABLE')).toBe(true);
    expect(keepsRequestId('WALLET_INSUFFICIENT_FUNDS')).toBe(false);
    expect(keepsRequestId(undefined)).toBe(false);
  });
});
