import type { VendorCard, VendorLane } from '@portal/contracts/games/vendors.contract.ts';
import { describe, expect, it } from 'vitest';
import { footerVendorLogos } from './footer-vendors.ts';

function card(vendorId: string, gameType: VendorCard['gameType']): VendorCard {
  return {
    vendorId,
    name: `${vendorId} name`,
    logoUrl: `/assets/vendors/${vendorId.toLowerCase()}.svg`,
    gameType,
    isGame: 'VASSALAGE',
    status: 'COMING',
  };
}

const lanes: VendorLane[] = [
  { title: 'SPORTS', cards: [card('STRIKER', 'SPORTS')] },
  { title: 'LOTT', cards: [card('TCG_LOTTO', 'LOTT'), card('TCGX', 'LOTT')] },
  { title: 'LIVE', cards: [card('HOUSE', 'LIVE'), card('NEONLIVE', 'LIVE')] },
  { title: 'RNG', cards: [card('HOUSE', 'RNG'), card('VAULT', 'RNG')] },
  { title: 'PVP', cards: [card('VAULT', 'PVP'), card('JADE', 'PVP')] },
  { title: 'ESPORTS', cards: [card('STRIKER', 'ESPORTS')] },
];

describe('footer vendor logos', () => {
  it('shows each vendor once, in order of first appearance', () => {
    expect(footerVendorLogos(lanes).map((l) => l.vendorId)).toEqual(['STRIKER', 'HOUSE', 'NEONLIVE', 'VAULT', 'JADE']);
  });

  it('leaves out every vendor whose id starts with TCG', () => {
    const ids = footerVendorLogos(lanes).map((l) => l.vendorId);
    expect(ids.some((id) => id.startsWith('TCG'))).toBe(false);
  });

  it('keeps a vendor that merely contains TCG later in its id', () => {
    const ids = footerVendorLogos([{ title: 'RNG', cards: [card('ATCG', 'RNG'), card('tcg_mini', 'RNG')] }]).map(
      (l) => l.vendorId,
    );
    expect(ids).toEqual(['ATCG']);
  });

  it('shows nothing when there are no lanes', () => {
    expect(footerVendorLogos(undefined)).toEqual([]);
    expect(footerVendorLogos([])).toEqual([]);
  });
});
