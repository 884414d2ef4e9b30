import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor, AuditRecord } from './audit.ts';

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/**
 * Writes one audit row with the executor it is given: the caller passes its transaction, so the row
 * commits or rolls back with the change it records (the table refuses UPDATE and DELETE).
 */
export async function writeAudit(trx: Executor, actor: Actor, r: AuditRecord): Promise<void> {
  await trx
    .insertInto('staffAudit')
    .values({
      staffId: actor.staffId,
      actor: actor.name,
      ip: actor.ip,
      action: r.action,
      target: r.target,
      before: json(r.before),
      after: json(r.after),
    })
    .execute();
}

/** A search of the trail: a page, and optionally who, what and on what. */
export interface AuditQuery {
  page: number;
  pageSize: number;
  actor?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
}

/** The staff audit trail (`staff_audit`), append-only. */
export function auditRepository(db: Db) {
  return {
    /** One entry for a change made outside an operator transaction (e.g. a vendor's, decision 091). */
    record: (actor: Actor, r: AuditRecord) => writeAudit(db, actor, r),

    /** A page of entries, newest first, with the count of all that match. */
    async search(q: AuditQuery) {
      let query = db.selectFrom('staffAudit');
      if (q.actor) query = query.where('actor', '=', q.actor.toLowerCase());
      if (q.action) query = query.where('action', 'like', `${q.action.replace(/[%_\\]/g, '\\$&')}%`);
      if (q.target) query = query.where('target', '=', q.target);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('id', 'desc')
          .limit(q.pageSize)
          .offset(q.page * q.pageSize)
          .execute(),
        query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
export type AuditRepository = ReturnType<typeof auditRepository>;
