import { GAME_CATEGORIES, type GameCategory } from '@portal/contracts/limits.ts';
import type { VendorLane } from '@portal/contracts/games/vendors.contract.ts';
import type { VendorRepository } from './vendor.repository.ts';

export function vendorsService(vendors: VendorRepository) {
  return {
    /** One lane per game category that has vendors, in the catalogue's category order. */
    async lanes(): Promise<VendorLane[]> {
      const rows = await vendors.laneCards();
      const lanes = new Map<GameCategory, VendorLane>();
      for (const category of GAME_CATEGORIES) lanes.set(category, { title: category, cards: [] });
      for (const r of rows) {
        const lane = lanes.get(r.category as GameCategory);
        lane?.cards.push({
          vendorId: r.id,
          name: r.name,
          logoUrl: r.logoUrl,
          gameType: lane.title,
          isGame: 'VASSALAGE',
          status: r.status,
        });
      }
      return [...lanes.values()].filter((l) => l.cards.length > 0);
    },
  };
}
export type VendorsService = ReturnType<typeof vendorsService>;
