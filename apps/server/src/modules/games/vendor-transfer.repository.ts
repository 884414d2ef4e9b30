import { sql } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';
import type { VendorTransferStatus } from '../../db/schema.ts';

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

/**
 * Queries of transfer-mode vendor wallets on the operator's side. A service opens its unit of work
 * with `transaction` and passes the `trx` it gets as the methods' last argument.
 */
export function vendorTransferRepository(db: Db) {
  return {
    transaction: inTransaction(db),

    async playerId(vendorId: string, memberId: string, trx: Executor = db): Promise<string | undefined> {
      const row = await trx
        .selectFrom('vendorMember')
        .select('playerId')
        .where('vendorId', '=', vendorId)
        .where('memberId', '=', memberId)
        .executeTakeFirst();
      return row?.playerId;
    },

    async addMember(vendorId: string, memberId: string, playerId: string, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('vendorMember')
        .values({ vendorId, memberId, playerId })
        .onConflict((oc) => oc.columns(['vendorId', 'memberId']).doNothing())
        .execute();
    },

    byRequestId(memberId: string, requestId: string, trx: Executor = db): Promise<VendorTransferRow | undefined> {
      return trx
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
      t: Pick<
        VendorTransferRow,
        'memberId' | 'vendorId' | 'direction' | 'amount' | 'currency' | 'requestId' | 'reference'
      >,
      trx: Executor,
    ): Promise<VendorTransferRow | undefined> {
      return trx
        .insertInto('vendorTransfer')
        .values(t)
        .onConflict((oc) => oc.doNothing())
        .returning(columns)
        .executeTakeFirst();
    },

    /** PENDING → final, once: a second settler finds nothing to update. */
    settle(id: string, status: 'SUCCESS' | 'FAILED', trx: Executor): Promise<VendorTransferRow | undefined> {
      return trx
        .updateTable('vendorTransfer')
        .set({ status, settledAt: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .returning(columns)
        .executeTakeFirst();
    },

    async countCheck(id: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('vendorTransfer')
        .set({ checks: sql`checks + 1` })
        .where('id', '=', id)
        .execute();
    },

    pendingOlderThan(before: Date, limit: number, trx: Executor = db): Promise<VendorTransferRow[]> {
      return trx
        .selectFrom('vendorTransfer')
        .select(columns)
        .where('status', '=', 'PENDING')
        .where('createdAt', '<=', before)
        .orderBy('createdAt')
        .limit(limit)
        .execute();
    },

    /** The member's wallet at a vendor as the ledger records it; 0 before the first transfer. */
    async vendorAccountBalance(memberId: string, vendorId: string, currency: string, trx: Executor): Promise<bigint> {
      const row = await trx
        .selectFrom('ledgerAccount')
        .select('balance')
        .where('kind', '=', 'MEMBER_VENDOR')
        .where('memberId', '=', memberId)
        .where('vendorId', '=', vendorId)
        .where('currency', '=', currency)
        .executeTakeFirst();
      return row ? BigInt(row.balance) : 0n;
    },

    async pendingAmounts(memberId: string, trx: Executor = db): Promise<Map<string, bigint>> {
      const rows = await trx
        .selectFrom('vendorTransfer')
        .select(['vendorId', sql<string>`sum(amount)::text`.as('total')])
        .where('memberId', '=', memberId)
        .where('status', '=', 'PENDING')
        .groupBy('vendorId')
        .execute();
      return new Map(rows.map((r) => [r.vendorId, BigInt(r.total)]));
    },
  };
}
export type VendorTransferRepository = ReturnType<typeof vendorTransferRepository>;
