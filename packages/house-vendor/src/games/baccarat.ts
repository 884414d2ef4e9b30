import type { FairRng } from '../fairness/fair-rng.ts';
import { HouseGameError } from '../house-game-error.ts';
import { mulDivFloor, parseBet, type MinorUnitsInput } from '../minor-units.ts';
import type { GameMetadata } from './game-metadata.ts';
import { paramsObject } from './game-params.ts';

/** The lobby shows the best bet's RTP; each bet's own is in BACCARAT_RTP_BASIS_POINTS. */
export const BACCARAT: GameMetadata = {
  code: 'rng-baccarat',
  category: 'live',
  nameKey: 'houseGames.rng-baccarat.name',
  rtpBasisPoints: 9894,
  minBet: 100n,
  maxBet: 5_000_000n,
};

export const BACCARAT_BET_TYPES = ['player', 'banker', 'tie'] as const;
export type BaccaratBetType = (typeof BACCARAT_BET_TYPES)[number];

/** The standard 8-deck figures (house edge 1.24 %, 1.06 %, 14.36 %). */
export const BACCARAT_RTP_BASIS_POINTS: Readonly<Record<BaccaratBetType, number>> = {
  player: 9876,
  banker: 9894,
  tie: 8564,
};

export const BACCARAT_DECKS = 8;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
const SUITS = ['S', 'H', 'D', 'C'] as const;
/** A natural is decided on two cards each, and neither hand ever takes more than three. */
const MAX_CARDS = 6;

/** A card as rank and suit, e.g. "TD" for the ten of diamonds, "AS" for the ace of spades. */
export type BaccaratCard = string;

export interface BaccaratParams {
  /** Stakes per bet type; omit or send 0 for a bet not placed. */
  bets: Partial<Record<BaccaratBetType, MinorUnitsInput>>;
}

export interface BaccaratOutcome {
  kind: 'baccarat';
  game: string;
  bets: Record<BaccaratBetType, bigint>;
  /** Total staked. */
  bet: bigint;
  playerCards: BaccaratCard[];
  bankerCards: BaccaratCard[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratBetType;
  /** What each bet returns, stake included (a pushed bet returns its stake). */
  returns: Record<BaccaratBetType, bigint>;
  payout: bigint;
}

/** Every card of the 8-deck shoe in a fixed order, which the round's shuffle then permutes. */
export const BACCARAT_SHOE: readonly BaccaratCard[] = Array.from({ length: BACCARAT_DECKS }).flatMap(() =>
  SUITS.flatMap((suit) => RANKS.map((rank) => `${rank}${suit}`)),
);

export function baccaratCardValue(card: BaccaratCard): number {
  const rank = RANKS.indexOf(card[0] as (typeof RANKS)[number]) + 1;
  return rank >= 10 ? 0 : rank;
}

function handTotal(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) % 10;
}

/** The banker's tableau when the player drew a third card worth `playerThird`. */
function bankerDraws(bankerTotal: number, playerThird: number | undefined): boolean {
  if (playerThird === undefined) return bankerTotal <= 5;
  if (bankerTotal <= 2) return true;
  if (bankerTotal === 3) return playerThird !== 8;
  if (bankerTotal === 4) return playerThird >= 2 && playerThird <= 7;
  if (bankerTotal === 5) return playerThird >= 4 && playerThird <= 7;
  if (bankerTotal === 6) return playerThird === 6 || playerThird === 7;
  return false;
}

/**
 * Standard punto banco from card values dealt in order: player, banker, player, banker, then the
 * third cards as the rules call for them. Returns how many values each hand took.
 */
export function dealBaccarat(values: readonly number[]): { player: number[]; banker: number[] } {
  const player = [values[0]!, values[2]!];
  const banker = [values[1]!, values[3]!];
  let next = 4;
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | undefined;
    if (handTotal(player) <= 5) {
      playerThird = values[next++]!;
      player.push(playerThird);
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(values[next++]!);
  }
  return { player, banker };
}

function parseBets(params: unknown): Record<BaccaratBetType, bigint> {
  const raw = paramsObject(paramsObject(params, BACCARAT.code).bets, `${BACCARAT.code} bets`);
  const bets = { player: 0n, banker: 0n, tie: 0n };
  for (const key of Object.keys(raw)) {
    if (!(BACCARAT_BET_TYPES as readonly string[]).includes(key)) {
      throw new HouseGameError('INVALID_GAME_PARAMS', `Unknown baccarat bet ${key}`);
    }
  }
  for (const type of BACCARAT_BET_TYPES) {
    const value = raw[type];
    if (value === undefined || value === 0 || value === 0n || value === '0') continue;
    bets[type] = parseBet(value, BACCARAT);
  }
  if (bets.player + bets.banker + bets.tie === 0n) {
    throw new HouseGameError('INVALID_BET', 'Place at least one baccarat bet');
  }
  return bets;
}

export function playBaccarat(rng: FairRng, params: BaccaratParams): BaccaratOutcome {
  const bets = parseBets(params);
  // The shoe is shuffled per round; only its first six cards can be dealt, and a front-to-back
  // Fisher–Yates settles those after six steps, so the rest of the shuffle is not drawn.
  const cards = rng.draw(BACCARAT_SHOE, MAX_CARDS);
  const dealt = dealBaccarat(cards.map(baccaratCardValue));
  const playerCards = [cards[0]!, cards[2]!];
  const bankerCards = [cards[1]!, cards[3]!];
  let next = 4;
  if (dealt.player.length === 3) playerCards.push(cards[next++]!);
  if (dealt.banker.length === 3) bankerCards.push(cards[next++]!);

  const playerTotal = handTotal(dealt.player);
  const bankerTotal = handTotal(dealt.banker);
  const winner: BaccaratBetType = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  const returns = {
    // Player pays 1:1 and banker 0.95:1 (5 % commission, floored to the minor unit); both push on a tie.
    player: winner === 'player' ? bets.player * 2n : winner === 'tie' ? bets.player : 0n,
    banker:
      winner === 'banker' ? bets.banker + mulDivFloor(bets.banker, 95n, 100n) : winner === 'tie' ? bets.banker : 0n,
    tie: winner === 'tie' ? bets.tie * 9n : 0n,
  };
  return {
    kind: 'baccarat',
    game: BACCARAT.code,
    bets,
    bet: bets.player + bets.banker + bets.tie,
    playerCards,
    bankerCards,
    playerTotal,
    bankerTotal,
    winner,
    returns,
    payout: returns.player + returns.banker + returns.tie,
  };
}

/**
 * Exact RTP of each bet: every deal of up to six cards from a full 8-deck shoe, weighted by its
 * probability without replacement. Used by the test that holds the declared figures.
 */
export function exactBaccaratRtp(): Record<BaccaratBetType, number> {
  // Cards per value: tens and faces count 0.
  const remaining = [16 * BACCARAT_DECKS, ...Array.from({ length: 9 }, () => 4 * BACCARAT_DECKS)];
  const total = BACCARAT_SHOE.length;
  const outcome = { player: 0, banker: 0, tie: 0 };
  const values: number[] = [];

  const visit = (probability: number, left: number): void => {
    if (values.length >= 4) {
      const need = dealtLength(values);
      if (values.length === need) {
        const dealt = dealBaccarat(values);
        const p = handTotal(dealt.player);
        const b = handTotal(dealt.banker);
        outcome[p > b ? 'player' : b > p ? 'banker' : 'tie'] += probability;
        return;
      }
    }
    for (let value = 0; value < 10; value++) {
      const count = remaining[value]!;
      if (count === 0) continue;
      remaining[value] = count - 1;
      values.push(value);
      visit((probability * count) / left, left - 1);
      values.pop();
      remaining[value] = count;
    }
  };
  visit(1, total);

  // Banker's 0.95 is exact for stakes that are multiples of 20 minor units; others lose the floor.
  return {
    player: 2 * outcome.player + outcome.tie,
    banker: 1.95 * outcome.banker + outcome.tie,
    tie: 9 * outcome.tie,
  };
}

/** How many cards a deal beginning with `values` uses (4, 5 or 6). */
function dealtLength(values: readonly number[]): number {
  const padded = [...values, 0, 0].slice(0, MAX_CARDS);
  const dealt = dealBaccarat(padded);
  return dealt.player.length + dealt.banker.length;
}
