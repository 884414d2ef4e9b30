import type { VendorTable } from '../../db/schema.ts';
import type { VendorRepository } from './vendor.repository.ts';
import { isTransferAdapter, type TransferVendorAdapter, type VendorAdapter } from './vendor-adapter.ts';

export interface VendorRecord {
  id: string;
  name: string;
  mode: VendorTable['mode'];
  status: VendorTable['status'];
  operatorId: string;
  secret: string;
  currencies: string[];
  baseUrl: string | null;
}

/**
 * The vendor registry: a vendor's row (status, secret, operator id, currencies, base URL) and, for
 * vendors that run in this process, the adapter registered by code. Only the operator side reads the
 * secret; player calls select their own columns and never see it.
 */
export function vendorRegistry(vendors: VendorRepository, adapters: VendorAdapter[]) {
  const byId = new Map(adapters.map((a) => [a.vendorId, a]));
  return {
    /** The vendor a signed call comes from, named by its X-Operator-Id. */
    async byOperatorId(operatorId: string): Promise<VendorRecord | undefined> {
      return vendors.byOperatorId(operatorId);
    },
    async get(vendorId: string): Promise<VendorRecord | undefined> {
      return vendors.byId(vendorId);
    },
    /**
     * Transfer-mode vendors a player may hold money at: live ones and those under maintenance (the
     * money is still there and must be shown), in the catalogue's order.
     */
    async transferVendors(): Promise<VendorRecord[]> {
      return vendors.transferVendors();
    },
    /** A vendor listed as coming opens once its games are in the catalogue. */
    async goLive(vendorId: string): Promise<void> {
      await vendors.goLive(vendorId);
    },
    adapter(vendorId: string): VendorAdapter | undefined {
      return byId.get(vendorId);
    },
    transferAdapter(vendorId: string): TransferVendorAdapter | undefined {
      const a = byId.get(vendorId);
      return a && isTransferAdapter(a) ? a : undefined;
    },
  };
}
export type VendorRegistry = ReturnType<typeof vendorRegistry>;
