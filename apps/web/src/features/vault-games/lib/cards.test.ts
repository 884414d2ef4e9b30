import { describe, expect, it } from 'vitest';
import { cardLabel } from './cards.ts';

describe('Vault page cards', () => {
  it('names the cards of the high-card table, two low and ace high', () => {
    expect(cardLabel(0)).toEqual({ rank: '2', suit: '♠', red: false });
    expect(cardLabel(25)).toEqual({ rank: 'A', suit: '♥', red: true });
  });
});
