import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  commitServerSeed,
  createSeedPair,
  generateServerSeed,
  matchesCommitment,
  rotateSeedPair,
} from './server-seed.ts';

const oldSeed = '1f0e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const newSeed = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';

describe('server seeds', () => {
  it('are 32 random bytes in hex, never the same twice', () => {
    const seed = generateServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(generateServerSeed()).not.toBe(seed);
  });

  it('are committed as the sha256 of their hex text, which any sha256 tool reproduces', () => {
    expect(commitServerSeed(oldSeed)).toBe(createHash('sha256').update(oldSeed).digest('hex'));
    expect(matchesCommitment(oldSeed, commitServerSeed(oldSeed))).toBe(true);
    expect(matchesCommitment(newSeed, commitServerSeed(oldSeed))).toBe(false);
  });

  it('reveal the old seed on rotation and commit a new one, with nonces starting again at 0', () => {
    const active = { ...createSeedPair('my-client-seed', oldSeed), nextNonce: 42 };
    const { revealed, next } = rotateSeedPair(active, { nextServerSeed: newSeed, nextClientSeed: 'fresh-seed' });

    expect(revealed).toEqual({
      serverSeed: oldSeed,
      serverSeedHash: active.serverSeedHash,
      clientSeed: 'my-client-seed',
      roundsPlayed: 42,
    });
    expect(matchesCommitment(revealed.serverSeed, active.serverSeedHash)).toBe(true);
    expect(next).toEqual({
      serverSeed: newSeed,
      serverSeedHash: commitServerSeed(newSeed),
      clientSeed: 'fresh-seed',
      nextNonce: 0,
    });
  });

  it('keep the client seed and draw a fresh server seed when rotation is given nothing', () => {
    const active = createSeedPair('keep-me', oldSeed);
    const { next } = rotateSeedPair(active);
    expect(next.clientSeed).toBe('keep-me');
    expect(next.serverSeed).not.toBe(oldSeed);
    expect(matchesCommitment(next.serverSeed, next.serverSeedHash)).toBe(true);
  });

  it('refuse a client seed a player could not type back', () => {
    expect(() => createSeedPair('', oldSeed)).toThrow(expect.objectContaining({ code: 'INVALID_SEED' }));
    expect(() => createSeedPair('x'.repeat(65), oldSeed)).toThrow(expect.objectContaining({ code: 'INVALID_SEED' }));
    expect(() => commitServerSeed('not-hex')).toThrow(expect.objectContaining({ code: 'INVALID_SEED' }));
  });
});
