import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSeedPair, matchesCommitment, rotateSeedPair } from '../fairness/server-seed.ts';
import type { HouseGameOutcome } from '../games/game-registry.ts';
import { HouseGameError } from '../house-game-error.ts';
import { replayRound } from './replay-round.ts';

const serverSeed = 'e9a1b9a1f6f1d2c3b4a5968778695a4b3c2d1e0f1a2b3c4d5e6f708192a3b4c5';
const clientSeed = 'verify-me';

/** Rounds as the server would store them: JSON, with money as decimal strings. */
const toJson = (outcome: HouseGameOutcome) =>
  JSON.stringify(outcome, (_, value) => (typeof value === 'bigint' ? value.toString() : value));

const rounds: [game: string, params: unknown][] = [
  ['slot-aurora-gems', { bet: '100' }],
  ['slot-dragon-lantern', { bet: 200 }],
  ['slot-neon-fruits', { bet: 100 }],
  ['mini-dice', { bet: '1000', direction: 'over', targetHundredths: 4999 }],
  ['mini-mines', { bet: 1000, mines: 3, picks: [0, 6, 12] }],
  ['mini-limbo', { bet: 1000, targetHundredths: 200 }],
  ['rng-baccarat', { bets: { banker: 1000, tie: 100 } }],
  ['fish-ocean-bounty', { bet: 100, fish: 'turtle' }],
];

describe('replaying a round', () => {
  it('gives the recorded outcome of every past round once the seed is revealed', () => {
    const active = createSeedPair(clientSeed, serverSeed);
    const recorded = rounds.map(([game, params], nonce) =>
      toJson(replayRound(game, active.serverSeed, active.clientSeed, nonce, params)),
    );

    const { revealed } = rotateSeedPair({ ...active, nextNonce: rounds.length });
    expect(matchesCommitment(revealed.serverSeed, active.serverSeedHash)).toBe(true);
    rounds.forEach(([game, params], nonce) => {
      expect(toJson(replayRound(game, revealed.serverSeed, revealed.clientSeed, nonce, params))).toBe(recorded[nonce]);
    });
  });

  it('still gives the outcomes recorded when these engines shipped, so old rounds stay verifiable', () => {
    const replay = (nonce: number) => replayRound(rounds[nonce]![0], serverSeed, clientSeed, nonce, rounds[nonce]![1]);
    expect(replay(0)).toMatchObject({ spins: [{ stops: [16, 30, 19, 32, 22] }], payout: 40n });
    expect(replay(1)).toMatchObject({ spins: [{ stops: [28, 18, 21, 34, 22] }], payout: 100n });
    expect(replay(2)).toMatchObject({ spins: [{ stops: [7, 2, 13, 24, 30] }], payout: 75n });
    expect(replay(3)).toMatchObject({ rollHundredths: 8537, won: true, payout: 1_980n });
    expect(replay(4)).toMatchObject({ mineTiles: [5, 12, 16], status: 'busted', payout: 0n });
    expect(replay(5)).toMatchObject({ resultHundredths: 506, won: true, payout: 2_000n });
    expect(replay(6)).toMatchObject({
      playerCards: ['JS', 'AD', '9S'],
      bankerCards: ['6S', '8D'],
      winner: 'banker',
      payout: 1_950n,
    });
    expect(replay(7)).toMatchObject({ draw: 208, hit: false, payout: 0n });
  });

  it('rolls dice from the first four HMAC bytes, so a player can check it with any HMAC tool', () => {
    const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:3:0`).digest();
    // The first draw is below the last whole multiple of 10 000 (as almost every draw is), so no re-draw.
    expect(digest.readUInt32BE(0)).toBeLessThan(2 ** 32 - (2 ** 32 % 10_000));
    expect(replayRound('mini-dice', serverSeed, clientSeed, 3, rounds[3]![1])).toMatchObject({
      rollHundredths: digest.readUInt32BE(0) % 10_000,
    });
  });

  it('gives the same outcome for the same inputs and another for the next nonce', () => {
    const play = (nonce: number) =>
      toJson(replayRound('slot-neon-fruits', serverSeed, clientSeed, nonce, { bet: 100 }));
    expect(play(11)).toBe(play(11));
    expect(play(12)).not.toBe(play(11));
  });

  it.each([
    ['an unknown game', 'slot-book-of-nothing', { bet: 100 }, 'INVALID_GAME'],
    ['a negative bet', 'mini-dice', { bet: -100, direction: 'over', targetHundredths: 5000 }, 'INVALID_BET'],
    ['a bet in fractions of a minor unit', 'mini-limbo', { bet: 10.5, targetHundredths: 200 }, 'INVALID_BET'],
    ['a bet written as a decimal', 'slot-aurora-gems', { bet: '1.50' }, 'INVALID_BET'],
    ['no mines', 'mini-mines', { bet: 100, mines: 0, picks: [1] }, 'INVALID_GAME_PARAMS'],
    ['25 mines', 'mini-mines', { bet: 100, mines: 25, picks: [1] }, 'INVALID_GAME_PARAMS'],
    [
      'a dice target out of range',
      'mini-dice',
      { bet: 100, direction: 'under', targetHundredths: 9900 },
      'INVALID_GAME_PARAMS',
    ],
    ['params that are not an object', 'fish-ocean-bounty', 'shoot', 'INVALID_GAME_PARAMS'],
  ])('refuses %s with a typed error', (_, game, params, code) => {
    const replay = () => replayRound(game, serverSeed, clientSeed, 0, params);
    expect(replay).toThrow(HouseGameError);
    expect(replay).toThrow(expect.objectContaining({ code }));
  });

  it('refuses a revealed seed that was not a server seed', () => {
    expect(() => replayRound('mini-dice', 'abc', clientSeed, 0, rounds[3]![1])).toThrow(
      expect.objectContaining({ code: 'INVALID_SEED' }),
    );
  });
});
