import type { Db } from '../../db/client.ts';
import type { VendorTable } from '../../db/schema.ts';

/** What the operator's side reads of a vendor's row (the secret included: players never get this). */
const RECORD = ['id', 'name', 'mode', 'status', 'operatorId', 'secret', 'currencies', 'baseUrl'] as const;

/** The vendor aggregate: a vendor's row, its categories in the lobby, the operator's switches on it. */
export function vendorRepository(db: Db) {
  return {
    byOperatorId: (operatorId: string) =>
      db.selectFrom('vendor').select(RECORD).where('operatorId', '=', operatorId).executeTakeFirst(),

    byId: (vendorId: string) => db.selectFrom('vendor').select(RECORD).where('id', '=', vendorId).executeTakeFirst(),

    /** Transfer-mode vendors that are live or under maintenance, in the catalogue's order. */
    transferVendors: () =>
      db
        .selectFrom('vendor')
        .select(RECORD)
        .where('mode', '=', 'TRANSFER')
        .where('status', 'in', ['LIVE', 'MAINTENANCE'])
        .orderBy('sort')
        .execute(),

    /** Opens a vendor listed as coming; a vendor in any other status stays as it is. */
    goLive: async (vendorId: string) => {
      await db
        .updateTable('vendor')
        .set({ status: 'LIVE' })
        .where('id', '=', vendorId)
        .where('status', '=', 'COMING')
        .execute();
    },

    /** Each vendor once per lobby category it is listed in, in the categories' then the vendors' order. */
    laneCards: () =>
      db
        .selectFrom('vendorCategory')
        .innerJoin('vendor', 'vendor.id', 'vendorCategory.vendorId')
        .select(['vendor.id', 'vendor.name', 'vendor.logoUrl', 'vendor.status', 'vendorCategory.category'])
        .where('vendor.enabled', '=', true)
        .orderBy('vendorCategory.sort')
        .orderBy('vendor.sort')
        .execute(),

    status: async (vendorId: string) =>
      (await db.selectFrom('vendor').select('status').where('id', '=', vendorId).executeTakeFirst())?.status,

    setStatus: async (vendorId: string, status: VendorTable['status']) => {
      await db.updateTable('vendor').set({ status }).where('id', '=', vendorId).execute();
    },

    /** Replaces the vendor's signing secret; undefined when there is no such vendor. */
    setSecret: (vendorId: string, secret: string) =>
      db
        .updateTable('vendor')
        .set({ secret })
        .where('id', '=', vendorId)
        .returning(['id', 'operatorId'])
        .executeTakeFirst(),
  };
}
export type VendorRepository = ReturnType<typeof vendorRepository>;
