import type { AuditEntry } from '@portal/contracts/backoffice/staff.contract.ts';
import type { AuditQuery, AuditRepository } from './audit.repository.ts';

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

/** The audit row's write lives with its table; callers keep importing it from here. */
export { writeAudit } from './audit.repository.ts';

export function auditService(repo: AuditRepository) {
  return {
    record: repo.record,

    async search(q: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
      const { rows, total } = await repo.search(q);
      return {
        total,
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
