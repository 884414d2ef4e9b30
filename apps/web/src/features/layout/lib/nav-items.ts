import { NAV_CATEGORIES, type GameCategory, type NavType } from '@portal/contracts/limits.ts';
import type { VendorCard, VendorLane } from '@portal/contracts/games/vendors.contract.ts';

export interface NavItem {
  type: NavType;
  path: string;
  /** Vendors shown in the hover drop-down; empty when this item has none. */
  dropdown: VendorCard[];
}

const LANE_OF: Partial<Record<NavType, GameCategory>> = {
  SPORTS: 'SPORTS',
  ELOTT: 'ELOTT',
  LIVE: 'LIVE',
  RNG: 'RNG',
  PVP: 'PVP',
  FISH: 'FISH',
};

/** The top navigation (spec §2): fixed order; a vendor category only when it has vendors. */
export function navItems(lanes: readonly VendorLane[] | undefined): NavItem[] {
  return NAV_CATEGORIES.flatMap((cat) => {
    const lane = LANE_OF[cat.type];
    const cards = lane ? (lanes?.find((l) => l.title === lane)?.cards ?? []) : [];
    if (cat.needsVendors && cards.length === 0) return [];
    return [{ type: cat.type, path: cat.path, dropdown: cat.vendorDropdown ? cards : [] }];
  });
}
