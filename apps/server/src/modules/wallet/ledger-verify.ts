import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export interface LedgerViolation {
  rule: 'CURRENCY_NOT_ZERO' | 'BALANCE_NOT_ENTRIES' | 'DUPLICATE_KEY' | 'NEGATIVE_BALANCE';
  detail: string;
}

/** The invariants of DESIGN.md §2, checked on whatever database `db` points at. */
export async function verifyLedger(db: Db): Promise<LedgerViolation[]> {
  const violations: LedgerViolation[] = [];
  const sums = await sql<{ currency: string; total: string }>`
    SELECT currency, sum(balance)::text AS total FROM ledger_account GROUP BY currency HAVING sum(balance) <> 0`.execute(
    db,
  );
  for (const r of sums.rows) violations.push({ rule: 'CURRENCY_NOT_ZERO', detail: `${r.currency} sums to ${r.total}` });

  const drift = await sql<{ id: string; balance: string; entries: string }>`
    SELECT a.id::text, a.balance::text,
      (coalesce((SELECT sum(amount) FROM ledger_transfer t WHERE t.to_account_id = a.id), 0)
       - coalesce((SELECT sum(amount) FROM ledger_transfer t WHERE t.from_account_id = a.id), 0))::text AS entries
    FROM ledger_account a
    WHERE a.balance <> coalesce((SELECT sum(amount) FROM ledger_transfer t WHERE t.to_account_id = a.id), 0)
                     - coalesce((SELECT sum(amount) FROM ledger_transfer t WHERE t.from_account_id = a.id), 0)`.execute(
    db,
  );
  for (const r of drift.rows)
    violations.push({
      rule: 'BALANCE_NOT_ENTRIES',
      detail: `account ${r.id}: balance ${r.balance}, entries ${r.entries}`,
    });

  const dups = await sql<{ key: string; n: string }>`
    SELECT idempotency_key AS key, count(*)::text AS n FROM ledger_transfer GROUP BY idempotency_key HAVING count(*) > 1`.execute(
    db,
  );
  for (const r of dups.rows) violations.push({ rule: 'DUPLICATE_KEY', detail: `${r.key} appears ${r.n} times` });

  const negative = await sql<{ id: string; balance: string }>`
    SELECT id::text, balance::text FROM ledger_account WHERE balance < 0 AND NOT allow_negative`.execute(db);
  for (const r of negative.rows) violations.push({ rule: 'NEGATIVE_BALANCE', detail: `account ${r.id}: ${r.balance}` });
  return violations;
}
