import type { GameCategory } from '@portal/contracts/limits.ts';
import type { VendorCard, VendorLane } from '@portal/contracts/games/vendors.contract.ts';

/** The vendors of one category, in lane order. */
export function vendorsOf(lanes: readonly VendorLane[] | undefined, category: GameCategory): VendorCard[] {
  return lanes?.find((lane) => lane.title === category)?.cards ?? [];
}

/** Every vendor once, in the order it first appears across lanes. */
export function uniqueVendors(lanes: readonly VendorLane[] | undefined): VendorCard[] {
  const seen = new Set<string>();
  const out: VendorCard[] = [];
  for (const lane of lanes ?? []) {
    for (const card of lane.cards) {
      if (seen.has(card.vendorId)) continue;
      seen.add(card.vendorId);
      out.push(card);
    }
  }
  return out;
}

/** `/rng?vassalage=X` and `/rng?page=X` both filter by vendor (spec §2); the server reads it the same way. */
export { listVendorFilter as vendorFilterFrom } from '@portal/contracts/games/game-list-screens.ts';
