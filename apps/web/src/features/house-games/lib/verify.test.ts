import { commitServerSeed } from '@portal/house-vendor/fairness/server-seed.ts';
import { replayRound } from '@portal/house-vendor/verify/replay-round.ts';
import { describe, expect, it } from 'vitest';
import { sameJson, toPlainJson, verifyRound } from './verify.ts';

const serverSeed = 'a'.repeat(64);
const params = { bet: '1000', direction: 'under', targetHundredths: 4950 };
const recorded = toPlainJson(replayRound('mini-dice', serverSeed, 'player-seed', 7, params));
const round = {
  gameCode: 'mini-dice',
  params,
  outcome: recorded,
  serverSeedHash: commitServerSeed(serverSeed),
  serverSeed,
  clientSeed: 'player-seed',
  nonce: 7,
};

describe('verifying a round in the browser', () => {
  it('matches a round recomputed from its revealed seed', () => {
    const result = verifyRound(round);
    expect(result).toMatchObject({ state: 'done', hashOk: true, matches: true });
  });

  it('ignores the key order a JSON column gives back', () => {
    const reordered = Object.fromEntries(Object.entries(recorded as Record<string, unknown>).reverse());
    expect(verifyRound({ ...round, outcome: reordered })).toMatchObject({ matches: true });
  });

  it('says mismatch when the recorded outcome is not what the seeds give', () => {
    const tampered = { ...(recorded as Record<string, unknown>), rollHundredths: 1 };
    expect(verifyRound({ ...round, outcome: tampered })).toMatchObject({ state: 'done', hashOk: true, matches: false });
  });

  it('fails the hash check for a seed that is not the committed one', () => {
    expect(verifyRound({ ...round, serverSeed: 'b'.repeat(64) })).toMatchObject({ hashOk: false, matches: false });
  });

  it('waits for the seed to be revealed', () => {
    expect(verifyRound({ ...round, serverSeed: null })).toEqual({ state: 'unrevealed' });
  });

  it('reports params the engine refuses instead of throwing', () => {
    expect(
      verifyRound({ ...round, params: { bet: '1000', direction: 'sideways', targetHundredths: 1 } }),
    ).toMatchObject({
      state: 'error',
      hashOk: true,
    });
  });

  it('compares JSON deeply', () => {
    expect(sameJson({ a: [1, { b: '2' }] }, { a: [1, { b: '2' }] })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
