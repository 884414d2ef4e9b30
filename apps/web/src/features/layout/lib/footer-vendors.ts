import type { VendorCard, VendorLane } from '@portal/contracts/games/vendors.contract.ts';

export type FooterVendorLogo = Pick<VendorCard, 'vendorId' | 'name' | 'logoUrl'>;

/** Vendor ids starting with this prefix never show in the footer (spec §1). */
export const FOOTER_EXCLUDED_VENDOR_PREFIX = 'TCG';

/**
 * The footer's vendor logos: each vendor once (by vendor id, first appearance wins) and none whose
 * id starts with TCG.
 */
export function footerVendorLogos(lanes: readonly VendorLane[] | undefined): FooterVendorLogo[] {
  const seen = new Set<string>();
  const logos: FooterVendorLogo[] = [];
  for (const lane of lanes ?? []) {
    for (const { vendorId, name, logoUrl } of lane.cards) {
      if (vendorId.toUpperCase().startsWith(FOOTER_EXCLUDED_VENDOR_PREFIX)) continue;
      if (seen.has(vendorId)) continue;
      seen.add(vendorId);
      logos.push({ vendorId, name, logoUrl });
    }
  }
  return logos;
}
