import { describe, expect, it } from 'vitest';
import { createFairRng } from '../fairness/fair-rng.ts';
import { BACCARAT_SHOE, dealBaccarat, playBaccarat, type BaccaratOutcome } from './baccarat.ts';

const serverSeed = '3fdba35f04dc8c462986c992bcf875546257113072a909c162f7e470e581e278';
const play = (nonce: number, bets: Record<string, bigint>) =>
  playBaccarat(createFairRng({ serverSeed, clientSeed: 'baccarat', nonce }), { bets });

function firstRound(bets: Record<string, bigint>, wanted: (outcome: BaccaratOutcome) => boolean): BaccaratOutcome {
  for (let nonce = 0; ; nonce++) {
    const outcome = play(nonce, bets);
    if (wanted(outcome)) return outcome;
  }
}

describe('RNG baccarat', () => {
  it('deals from an 8-deck shoe of 416 cards', () => {
    expect(BACCARAT_SHOE).toHaveLength(416);
    expect(BACCARAT_SHOE.filter((card) => card === 'QH')).toHaveLength(8);
  });

  it('deals the first cards of the round’s full shuffle of the shoe', () => {
    const outcome = play(5, { player: 100n });
    const shuffled = createFairRng({ serverSeed, clientSeed: 'baccarat', nonce: 5 }).shuffle(BACCARAT_SHOE);
    const dealt = [outcome.playerCards[0], outcome.bankerCards[0], outcome.playerCards[1], outcome.bankerCards[1]];
    expect(dealt).toEqual(shuffled.slice(0, 4));
  });

  it('stands both hands on a natural 8 or 9', () => {
    expect(dealBaccarat([4, 1, 4, 1, 9, 9])).toEqual({ player: [4, 4], banker: [1, 1] });
    expect(dealBaccarat([1, 5, 1, 4, 9, 9])).toEqual({ player: [1, 1], banker: [5, 4] });
  });

  it('draws a third card for the player on 0–5 and stands on 6–7', () => {
    expect(dealBaccarat([2, 0, 3, 7, 4, 9]).player).toEqual([2, 3, 4]);
    expect(dealBaccarat([3, 0, 3, 7, 4, 9]).player).toEqual([3, 3]);
  });

  it('follows the banker tableau against the player’s third card', () => {
    // Banker 3 stands against a third card of 8 and draws against anything else.
    expect(dealBaccarat([1, 1, 1, 2, 8, 5]).banker).toEqual([1, 2]);
    expect(dealBaccarat([1, 1, 1, 2, 9, 5]).banker).toEqual([1, 2, 5]);
    // Banker 6 draws only against a 6 or 7; when the player stands, the banker draws on 0–5.
    expect(dealBaccarat([1, 3, 1, 3, 6, 5]).banker).toEqual([3, 3, 5]);
    expect(dealBaccarat([1, 3, 1, 3, 5, 5]).banker).toEqual([3, 3]);
    expect(dealBaccarat([3, 2, 3, 3, 5, 5]).banker).toEqual([2, 3, 5]);
  });

  it('pays player 1:1, banker 0.95:1 floored to the minor unit, and tie 8:1', () => {
    const bets = { player: 1_000n, banker: 1_001n, tie: 100n };
    const playerWin = firstRound(bets, (o) => o.winner === 'player');
    expect(playerWin.returns).toEqual({ player: 2_000n, banker: 0n, tie: 0n });
    const bankerWin = firstRound(bets, (o) => o.winner === 'banker');
    // 1 001 × 0.95 = 950.95 → 950 won, plus the stake.
    expect(bankerWin.returns).toEqual({ player: 0n, banker: 1_951n, tie: 0n });
    expect(bankerWin.payout).toBe(1_951n);
  });

  it('returns player and banker stakes on a tie', () => {
    const tie = firstRound({ player: 1_000n, banker: 500n, tie: 100n }, (o) => o.winner === 'tie');
    expect(tie.playerTotal).toBe(tie.bankerTotal);
    expect(tie.returns).toEqual({ player: 1_000n, banker: 500n, tie: 900n });
    expect(tie.payout).toBe(2_400n);
  });

  it.each([
    ['no bet at all', {}],
    ['a bet on something that is not a baccarat bet', { dragon: 100n }],
    ['a negative stake', { player: -100n }],
    ['a stake below the table minimum', { banker: 99n }],
  ])('refuses %s', (_, bets) => {
    expect(() => play(0, bets)).toThrow(expect.objectContaining({ code: expect.stringMatching(/^INVALID_/) }));
  });
});
