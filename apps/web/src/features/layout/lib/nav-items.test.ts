import type { VendorCard, VendorLane } from '@portal/contracts/games/vendors.contract.ts';
import { describe, expect, it } from 'vitest';
import { navItems } from './nav-items.ts';

const card = (vendorId: string, gameType: VendorCard['gameType']): VendorCard => ({
  vendorId,
  name: vendorId,
  logoUrl: '',
  gameType,
  isGame: 'VASSALAGE',
  status: 'COMING',
});

describe('top navigation', () => {
  it('keeps the spec order and shows a category only when it has vendors', () => {
    const lanes: VendorLane[] = [
      { title: 'LIVE', cards: [card('A', 'LIVE')] },
      { title: 'SPORTS', cards: [card('B', 'SPORTS')] },
      { title: 'FISH', cards: [] },
    ];
    expect(navItems(lanes).map((i) => i.type)).toEqual(['HOME', 'SPORTS', 'LIVE', 'PROMO']);
  });

  it('gives a vendor drop-down to sports and lottery only', () => {
    const lanes: VendorLane[] = [
      { title: 'SPORTS', cards: [card('B', 'SPORTS')] },
      { title: 'ELOTT', cards: [card('C', 'ELOTT')] },
      { title: 'RNG', cards: [card('D', 'RNG')] },
    ];
    const items = navItems(lanes);
    expect(items.find((i) => i.type === 'SPORTS')?.dropdown.map((c) => c.vendorId)).toEqual(['B']);
    expect(items.find((i) => i.type === 'ELOTT')?.dropdown.map((c) => c.vendorId)).toEqual(['C']);
    expect(items.find((i) => i.type === 'RNG')?.dropdown).toEqual([]);
    expect(items.find((i) => i.type === 'HOME')?.dropdown).toEqual([]);
  });
});
