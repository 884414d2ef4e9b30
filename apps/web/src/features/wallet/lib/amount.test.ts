import { describe, expect, it } from 'vitest';
import { quickAmounts } from './amount.ts';

describe('quick amounts', () => {
  it('offers round quick amounts inside the limits', () => {
    expect(quickAmounts('10000', '10000000')).toEqual(['10000', '50000', '100000', '500000', '1000000', '5000000']);
    expect(quickAmounts('10000', '100000')).toEqual(['10000', '50000', '100000']);
  });
});
