import type { AuditEntry } from '@portal/contracts/backoffice/staff.contract.ts';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/client.ts';

/** Who did a staff write: a staff user, or automation holding the operator key. */
export interface Actor {
  staffId: string | null;
  /** The staff username, or `operator-key`. */
  name: string;
  ip: string | null;
}

export interface AuditRecord {
  action: string;
  /** What changed, `kind:id` (e.g. `member:42`, `withdrawal:7`, `staff:3`). */
  target: string;
  before?: unknown;
  after?: unknown;
}

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

export function auditService(db: Db) {
  return {
    async search(q: {
      page: number;
      pageSize: number;
      actor?: string | undefined;
      action?: string | undefined;
      target?: string | undefined;
    }): Promise<{ entries: AuditEntry[]; total: number }> {
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
      return {
        total: Number(count.n),
        entries: rows.map((r) => ({
          id: String(r.id),
          at: new Date(r.at).toISOString(),
          staffId: r.staffId === null ? null : String(r.staffId),
          actor: r.actor,
          ip: r.ip,
          action: r.action,
          target: r.target,
          before: r.before,
          after: r.after,
        })),
      };
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
