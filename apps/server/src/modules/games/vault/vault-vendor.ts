import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';

/**
 * "Vault Gaming", the demo transfer-mode vendor. This is the VENDOR's side: it keeps its own wallet
 * per player in its own tables (migration 0010a), applies each reference number at most once and
 * answers what became of a reference. The operator reaches it only through `vaultAdapter`.
 */
export interface VaultAnswer {
  status: 'SUCCESS' | 'FAILED';
  balance: bigint;
}

export function vaultVendor(db: Db) {
  const walletBalance = async (playerId: string, currency: string, executor: Db | Transaction<Database> = db) => {
    const row = await executor
      .selectFrom('vaultWallet')
      .select('balance')
      .where('playerId', '=', playerId)
      .where('currency', '=', currency)
      .executeTakeFirst();
    return row ? BigInt(row.balance) : undefined;
  };

  return {
    async createMember(playerId: string, currency: string): Promise<void> {
      await db
        .insertInto('vaultWallet')
        .values({ playerId, currency })
        .onConflict((oc) => oc.columns(['playerId', 'currency']).doNothing())
        .execute();
    },

    /** Applies a reference once; a repeat answers what the first call did. */
    async transfer(
      direction: 'IN' | 'OUT',
      call: { playerId: string; reference: string; amount: bigint; currency: string },
    ): Promise<VaultAnswer> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('vaultTransfer')
          .values({
            reference: call.reference,
            playerId: call.playerId,
            direction,
            amount: call.amount.toString(),
            currency: call.currency,
            status: 'SUCCESS',
          })
          .onConflict((oc) => oc.column('reference').doNothing())
          .returning('reference')
          .executeTakeFirst();
        if (!claimed) {
          const first = await trx
            .selectFrom('vaultTransfer')
            .select(['status', 'playerId', 'direction', 'amount'])
            .where('reference', '=', call.reference)
            .executeTakeFirstOrThrow();
          const same =
            first.playerId === call.playerId &&
            first.direction === direction &&
            first.amount === call.amount.toString();
          const balance = (await walletBalance(call.playerId, call.currency, trx)) ?? 0n;
          return { status: same ? first.status : 'FAILED', balance };
        }
        const delta = sql<string>`balance + ${(direction === 'IN' ? call.amount : -call.amount).toString()}::bigint`;
        const updated = await trx
          .updateTable('vaultWallet')
          .set({ balance: delta })
          .where('playerId', '=', call.playerId)
          .where('currency', '=', call.currency)
          .$if(direction === 'OUT', (q) => q.where('balance', '>=', call.amount.toString()))
          .returning('balance')
          .executeTakeFirst();
        if (updated) return { status: 'SUCCESS' as const, balance: BigInt(updated.balance) };
        await trx
          .updateTable('vaultTransfer')
          .set({ status: 'FAILED' })
          .where('reference', '=', call.reference)
          .execute();
        return { status: 'FAILED' as const, balance: (await walletBalance(call.playerId, call.currency, trx)) ?? 0n };
      });
    },

    /** Records a refusal under the reference, so a later check or retry gives the same answer. */
    async refuse(call: { playerId: string; reference: string; currency: string }, direction: 'IN' | 'OUT') {
      await db
        .insertInto('vaultTransfer')
        .values({ ...call, direction, amount: '0', status: 'FAILED' })
        .onConflict((oc) => oc.column('reference').doNothing())
        .execute();
    },

    async balance(playerId: string, currency: string): Promise<bigint> {
      return (await walletBalance(playerId, currency)) ?? 0n;
    },

    /**
     * What became of a reference. One never seen is recorded as FAILED before answering, so a transfer
     * that arrives after the question is refused and the answer stays true.
     */
    async checkTransfer(reference: string): Promise<'SUCCESS' | 'FAILED'> {
      await db
        .insertInto('vaultTransfer')
        .values({ reference, playerId: '', direction: 'UNKNOWN', amount: '0', currency: 'NONE', status: 'FAILED' })
        .onConflict((oc) => oc.column('reference').doNothing())
        .execute();
      const row = await db
        .selectFrom('vaultTransfer')
        .select('status')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      return row.status;
    },

    /** Stand-in for play at the vendor's tables: tests use it to make the player win or lose there. */
    async play(playerId: string, currency: string, delta: bigint): Promise<bigint> {
      const row = await db
        .updateTable('vaultWallet')
        .set({ balance: sql`balance + ${delta.toString()}::bigint` })
        .where('playerId', '=', playerId)
        .where('currency', '=', currency)
        .returning('balance')
        .executeTakeFirstOrThrow();
      return BigInt(row.balance);
    },
  };
}
export type VaultVendor = ReturnType<typeof vaultVendor>;
