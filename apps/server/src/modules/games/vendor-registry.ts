import type { Db } from '../../db/client.ts';
import type { VendorTable } from '../../db/schema.ts';
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
export function vendorRegistry(db: Db, adapters: VendorAdapter[]) {
  const byId = new Map(adapters.map((a) => [a.vendorId, a]));
  const columns = ['id', 'name', 'mode', 'status', 'operatorId', 'secret', 'currencies', 'baseUrl'] as const;
  return {
    /** The vendor a signed call comes from, named by its X-Operator-Id. */
    async byOperatorId(operatorId: string): Promise<VendorRecord | undefined> {
      return db.selectFrom('vendor').select(columns).where('operatorId', '=', operatorId).executeTakeFirst();
    },
    async get(vendorId: string): Promise<VendorRecord | undefined> {
      return db.selectFrom('vendor').select(columns).where('id', '=', vendorId).executeTakeFirst();
    },
    /**
     * Transfer-mode vendors a player may hold money at: live ones and those under maintenance (the
     * money is still there and must be shown), in the catalogue's order.
     */
    async transferVendors(): Promise<VendorRecord[]> {
      return db
        .selectFrom('vendor')
        .select(columns)
        .where('mode', '=', 'TRANSFER')
        .where('status', 'in', ['LIVE', 'MAINTENANCE'])
        .orderBy('sort')
        .execute();
    },
    /** A vendor listed as coming opens once its games are in the catalogue. */
    async goLive(vendorId: string): Promise<void> {
      await db
        .updateTable('vendor')
        .set({ status: 'LIVE' })
        .where('id', '=', vendorId)
        .where('status', '=', 'COMING')
        .execute();
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
