import { SLOT_PAYLINES, SLOT_REELS, SLOT_ROWS } from '@portal/house-vendor/games/slot/slot-paylines.ts';

/** The parts of a recorded spin the board needs (the outcome arrives as JSON, bigints as strings). */
export interface SpinView {
  kind: 'base' | 'free';
  window: string[][];
  lineWins: { line: number; symbol: string; count: number; lineBets: number }[];
  scatterCount: number;
  scatterTotalBets: number;
  multiplier: number;
  freeSpinsAwarded: number;
  win: string;
}

export const cellKey = (reel: number, row: number) => `${reel}:${row}`;

/** The cells a win paid on: the first `count` reels of each winning line, plus every scatter when scatters paid. */
export function winningCells(
  spin: Pick<SpinView, 'lineWins' | 'window' | 'scatterTotalBets' | 'scatterCount'>,
  scatter: string | undefined,
): Set<string> {
  const cells = new Set<string>();
  for (const win of spin.lineWins) {
    const rows = SLOT_PAYLINES[win.line];
    if (!rows) continue;
    for (let reel = 0; reel < win.count && reel < SLOT_REELS; reel++) cells.add(cellKey(reel, rows[reel]!));
  }
  if (scatter && (spin.scatterTotalBets > 0 || spin.scatterCount >= 3)) {
    spin.window.forEach((column, reel) =>
      column.forEach((symbol, row) => {
        if (symbol === scatter) cells.add(cellKey(reel, row));
      }),
    );
  }
  return cells;
}

/**
 * The polyline of a payline across the board in percent of its width and height (the middle of each
 * cell), for the SVG drawn over the reels.
 */
export function paylinePoints(line: number): string {
  const rows = SLOT_PAYLINES[line];
  if (!rows) return '';
  return rows.map((row, reel) => `${((reel + 0.5) * 100) / SLOT_REELS},${((row + 0.5) * 100) / SLOT_ROWS}`).join(' ');
}

/** Narrows an outcome from the API to the spins the board plays back. */
export function spinsOf(outcome: unknown): SpinView[] {
  if (typeof outcome !== 'object' || outcome === null) return [];
  const spins = (outcome as { spins?: unknown }).spins;
  return Array.isArray(spins) ? (spins as SpinView[]) : [];
}
