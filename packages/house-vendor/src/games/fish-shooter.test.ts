import { describe, expect, it } from 'vitest';
import { createFairRng } from '../fairness/fair-rng.ts';
import { FISH_TYPES, playFishShot } from './fish-shooter.ts';

const serverSeed = '18ac3e7343f016890c510e93f935261169d9e3f565436429830faf0934f4f8e4';

describe('fish shooter', () => {
  it('hits a fish when the draw lands below 96 of its 100 × multiplier outcomes, paying bet × multiplier', () => {
    for (const type of FISH_TYPES) {
      for (let nonce = 0; nonce < 40; nonce++) {
        const shot = playFishShot(createFairRng({ serverSeed, clientSeed: 'fish', nonce }), {
          bet: 50n,
          fish: type.id,
        });
        expect(shot.draw).toBeLessThan(100 * type.multiplier);
        expect(shot.hit).toBe(shot.draw < 96);
        expect(shot.payout).toBe(shot.hit ? 50n * BigInt(type.multiplier) : 0n);
      }
    }
  });

  it('refuses a shot at a fish that does not swim here', () => {
    expect(() =>
      playFishShot(createFairRng({ serverSeed, clientSeed: 'fish', nonce: 0 }), { bet: 50n, fish: 'mermaid' }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_GAME_PARAMS' }));
  });
});
