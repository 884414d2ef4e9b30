import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { OutboxMessageTable } from '../../db/schema.ts';

/** Queries only: the service holds the rules. */
export function outboxRepository(db: Db) {
  return {
    async insert(row: Insertable<OutboxMessageTable>): Promise<string> {
      const { id } = await db.insertInto('outboxMessage').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    async markSent(id: string, attempted: boolean, at: Date): Promise<void> {
      await db
        .updateTable('outboxMessage')
        .set((eb) => ({
          status: 'SENT',
          sentAt: at,
          lastError: null,
          attempts: attempted ? eb('attempts', '+', 1) : eb.ref('attempts'),
        }))
        .where('id', '=', id)
        .execute();
    },
    async markFailed(id: string, error: string): Promise<void> {
      await db
        .updateTable('outboxMessage')
        .set((eb) => ({ status: 'FAILED', lastError: error, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    list(filter: { channel?: 'SMS' | 'EMAIL' | undefined; limit: number }) {
      let q = db.selectFrom('outboxMessage').selectAll();
      if (filter.channel) q = q.where('channel', '=', filter.channel);
      // id, not created_at: rows written in the same millisecond still come out in write order.
      return q.orderBy('id', 'desc').limit(filter.limit).execute();
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
