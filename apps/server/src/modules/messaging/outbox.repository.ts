import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { OutboxMessageTable } from '../../db/schema.ts';

/** How the outbox retries a delivery that failed. */
export const OUTBOX_RETRY = {
  /** Tries in all; after the last failure the row stays FAILED with its error and is not tried again. */
  maxAttempts: 5,
  /** Delay before the first retry; doubles per try. */
  firstDelayMs: 30_000,
  /** A try in progress holds the row this long; a try whose process died is taken up after it. */
  leaseMs: 2 * 60_000,
} as const;

/** Queries only: the service holds the rules. */
export function outboxRepository(db: Db) {
  return {
    async insert(row: Insertable<OutboxMessageTable>): Promise<string> {
      const { id } = await db.insertInto('outboxMessage').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    /** Takes a due row for one try: moves its next try past the lease, so no one else tries it meanwhile. */
    async claim(id: string, at: Date) {
      return db
        .updateTable('outboxMessage')
        .set((eb) => ({
          nextAttemptAt: new Date(at.getTime() + OUTBOX_RETRY.leaseMs),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where('status', '!=', 'SENT')
        .where('nextAttemptAt', '<=', at)
        .returning(['channel', 'recipient', 'subject', 'body', 'attempts'])
        .executeTakeFirst();
    },
    async markSent(id: string, attempted: boolean, at: Date): Promise<void> {
      await db
        .updateTable('outboxMessage')
        .set((eb) => ({
          status: 'SENT',
          sentAt: at,
          lastError: null,
          nextAttemptAt: null,
          // The claim counted the try; a row without a transport was never tried.
          attempts: attempted ? eb.ref('attempts') : eb('attempts', '-', 1),
        }))
        .where('id', '=', id)
        .execute();
    },
    async markFailed(id: string, error: string, attempts: number, at: Date): Promise<void> {
      const retryAt =
        attempts >= OUTBOX_RETRY.maxAttempts
          ? null
          : new Date(at.getTime() + OUTBOX_RETRY.firstDelayMs * 2 ** (attempts - 1));
      await db
        .updateTable('outboxMessage')
        .set({ status: 'FAILED', lastError: error.slice(0, 2000), nextAttemptAt: retryAt })
        .where('id', '=', id)
        .execute();
    },
    async dueIds(at: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('outboxMessage')
        .select('id')
        .where('nextAttemptAt', '<=', at)
        .where('status', '!=', 'SENT')
        .orderBy('nextAttemptAt')
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },
    /** The messages as the developer page lists them (not when a delivery is tried next). */
    list(filter: { channel?: 'SMS' | 'EMAIL' | undefined; limit: number }) {
      let q = db
        .selectFrom('outboxMessage')
        .select([
          'id',
          'channel',
          'recipient',
          'subject',
          'body',
          'purpose',
          'status',
          'transport',
          'attempts',
          'lastError',
          'createdAt',
          'sentAt',
        ]);
      if (filter.channel) q = q.where('channel', '=', filter.channel);
      // id, not created_at: rows written in the same millisecond still come out in write order.
      return q.orderBy('id', 'desc').limit(filter.limit).execute();
    },
  };
}
export type OutboxRepository = ReturnType<typeof outboxRepository>;
