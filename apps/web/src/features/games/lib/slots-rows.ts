import { LIMITS } from '@portal/contracts/limits.ts';

/** The home slots section (spec §2): the first games on the top row, the rest below. */
export function splitTopRow<T>(games: readonly T[], top: number = LIMITS.slotsTopRow): { top: T[]; rest: T[] } {
  return { top: games.slice(0, top), rest: games.slice(top) };
}

/** Arrows beside the vendor tabs only when there are more vendors than fit (spec §9: above 6). */
export function needsVendorArrows(vendorCount: number): boolean {
  return vendorCount > LIMITS.vendorArrowsAbove;
}

/** Where "More" goes: the slots list, narrowed to the chosen vendor (spec §2: /rng or /rng?page={vendor}). */
export function slotsMorePath(vendorId: string | null): string {
  return vendorId ? `/rng?page=${encodeURIComponent(vendorId)}` : '/rng';
}
