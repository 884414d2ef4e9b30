import { combinedOddsBp, potentialReturn } from '@portal/house-vendor/sports/bet-slip.ts';

/** One pick on the bet slip, with the price the player saw and the names to show. */
export interface SlipPick {
  fixtureId: string;
  marketId: string;
  selection: string;
  oddsBp: number;
  label: string;
  match: string;
}

export const pickKey = (p: Pick<SlipPick, 'fixtureId' | 'marketId' | 'selection'>) =>
  `${p.fixtureId}|${p.marketId}|${p.selection}`;

/** Adds a pick, or takes it off when it is there; another pick of the same market replaces it. */
export function togglePick(slip: readonly SlipPick[], pick: SlipPick): SlipPick[] {
  if (slip.some((p) => pickKey(p) === pickKey(pick))) return slip.filter((p) => pickKey(p) !== pickKey(pick));
  return [...slip.filter((p) => !(p.fixtureId === pick.fixtureId && p.marketId === pick.marketId)), pick];
}

/** A parlay is possible with 2–10 picks from different matches. */
export function parlayProblem(slip: readonly SlipPick[]): 'tooFew' | 'tooMany' | 'sameMatch' | null {
  if (slip.length < 2) return 'tooFew';
  if (slip.length > 10) return 'tooMany';
  return new Set(slip.map((p) => p.fixtureId)).size === slip.length ? null : 'sameMatch';
}

/** What the slip returns if it wins: each single on its own, or the parlay at the legs' product. */
export function slipReturn(slip: readonly SlipPick[], mode: 'single' | 'parlay', stake: bigint) {
  if (mode === 'parlay')
    return {
      total: stake,
      odds: combinedOddsBp(slip.map((p) => p.oddsBp)),
      potential: potentialReturn(
        stake,
        slip.map((p) => p.oddsBp),
      ),
    };
  return {
    total: stake * BigInt(slip.length),
    odds: null,
    potential: slip.reduce((sum, p) => sum + potentialReturn(stake, [p.oddsBp]), 0n),
  };
}

/** The slip's picks with the book's latest prices (a pick no longer offered keeps its last price). */
export function reprice(slip: readonly SlipPick[], latest: ReadonlyMap<string, number | null>): SlipPick[] {
  return slip.map((p) => {
    const now = latest.get(pickKey(p));
    return now ? { ...p, oddsBp: now } : p;
  });
}

export const oddsText = (bp: number) => (bp / 10_000).toFixed(2);
