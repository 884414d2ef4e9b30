import { LIMITS } from '@portal/contracts/limits.ts';
import { describe, expect, it } from 'vitest';
import { createToggleGate } from './toggle-gate.ts';

describe('the favourite toggle throttle', () => {
  it('lets a game toggle at most once a second', () => {
    const gate = createToggleGate(LIMITS.favouriteToggleThrottleMs);
    expect(gate.tryPass(7, 10_000)).toBe(true);
    expect(gate.tryPass(7, 10_500)).toBe(false);
    expect(gate.tryPass(7, 10_999)).toBe(false);
    expect(gate.tryPass(7, 11_000)).toBe(true);
  });

  it('counts the second from the last toggle that passed, not from refused clicks', () => {
    const gate = createToggleGate(1000);
    expect(gate.tryPass(1, 0)).toBe(true);
    expect(gate.tryPass(1, 900)).toBe(false);
    expect(gate.tryPass(1, 1000)).toBe(true);
    expect(gate.tryPass(1, 1900)).toBe(false);
  });

  it('throttles each game on its own', () => {
    const gate = createToggleGate(1000);
    expect(gate.tryPass(1, 0)).toBe(true);
    expect(gate.tryPass(2, 10)).toBe(true);
    expect(gate.tryPass(1, 20)).toBe(false);
  });
});
