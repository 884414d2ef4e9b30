import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database, VendorTransferStatus } from '../../db/schema.ts';

type Executor = Db | Transaction<Database>;

export interface VendorTransferRow {
  id: string;
  memberId: string;
  vendorId: string;
  direction: 'TO_VENDOR' | 'TO_MAIN';
  amount: string;
  currency: string;
  requestId: string;
  reference: string;
  status: VendorTransferStatus;
  createdAt: Date;
  settledAt: Date | null;
}

const columns = [
  'id',
  'memberId',
  'vendorId',
  'direction',
  'amount',
  'currency',
  'requestId',
  'reference',
  'status',
  'createdAt',
  'settledAt',
] as const;

/** Queries of transfer-mode vendor wallets on the operator's side. */
export const vendorTransferRepository = {
  async playerId(db: Executor, vendorId: string, memberId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('vendorMember')
      .select('playerId')
      .where('vendorId', '=', vendorId)
      .where('memberId', '=', memberId)
      .executeTakeFirst();
    return row?.playerId;
  },

  async addMember(db: Executor, vendorId: string, memberId: string, playerId: string): Promise<void> {
    await db
      .insertInto('vendorMember')
      .values({ vendorId, memberId, playerId })
      .onConflict((oc) => oc.columns(['vendorId', 'memberId']).doNothing())
      .execute();
  },

  byRequestId(db: Executor, memberId: string, requestId: string): Promise<VendorTransferRow | undefined> {
    return db
      .selectFrom('vendorTransfer')
      .select(columns)
      .where('memberId', '=', memberId)
      .where('requestId', '=', requestId)
      .executeTakeFirst();
  },

  /**
   * Inserts a PENDING transfer unless the request id was used or another transfer with this vendor
   * is still pending (both unique indexes); undefined then.
   */
  async insertPending(
    db: Executor,
    t: Pick<
      VendorTransferRow,
      'memberId' | 'vendorId' | 'direction' | 'amount' | 'currency' | 'requestId' | 'reference'
    >,
  ): Promise<VendorTransferRow | undefined> {
    return db
      .insertInto('vendorTransfer')
      .values(t)
      .onConflict((oc) => oc.doNothing())
      .returning(columns)
      .executeTakeFirst();
  },

  /** PENDING → final, once: a second settler finds nothing to update. */
  settle(db: Executor, id: string, status: 'SUCCESS' | 'FAILED'): Promise<VendorTransferRow | undefined> {
    return db
      .updateTable('vendorTransfer')
      .set({ status, settledAt: new Date() })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .returning(columns)
      .executeTakeFirst();
  },

  async countCheck(db: Executor, id: string): Promise<void> {
    await db
      .updateTable('vendorTransfer')
      .set({ checks: sql`checks + 1` })
      .where('id', '=', id)
      .execute();
  },

  pendingOlderThan(db: Executor, before: Date, limit: number): Promise<VendorTransferRow[]> {
    return db
      .selectFrom('vendorTransfer')
      .select(columns)
      .where('status', '=', 'PENDING')
      .where('createdAt', '<=', before)
      .orderBy('createdAt')
      .limit(limit)
      .execute();
  },

  /** The member's wallet at a vendor as the ledger records it; 0 before the first transfer. */
  async vendorAccountBalance(db: Executor, memberId: string, vendorId: string, currency: string): Promise<bigint> {
    const row = await db
      .selectFrom('ledgerAccount')
      .select('balance')
      .where('kind', '=', 'MEMBER_VENDOR')
      .where('memberId', '=', memberId)
      .where('vendorId', '=', vendorId)
      .where('currency', '=', currency)
      .executeTakeFirst();
    return row ? BigInt(row.balance) : 0n;
  },

  async pendingAmounts(db: Executor, memberId: string): Promise<Map<string, bigint>> {
    const rows = await db
      .selectFrom('vendorTransfer')
      .select(['vendorId', sql<string>`sum(amount)::text`.as('total')])
      .where('memberId', '=', memberId)
      .where('status', '=', 'PENDING')
      .groupBy('vendorId')
      .execute();
    return new Map(rows.map((r) => [r.vendorId, BigInt(r.total)]));
  },
};
