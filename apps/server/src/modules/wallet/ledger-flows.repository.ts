import { sql } from 'kysely';
import type { Executor } from '../../db/client.ts';
import { FOLD_BATCH } from '../../db/migrations/0109-game-flows-folded.ts';

/** How often an instance folds the game transfers made since into the report aggregates. */
export const FLOW_FOLD_MS = 250;

/**
 * The report aggregates' game part (migration 0109, decision 107): bets, wins and rollbacks wait in
 * `ledger_transfer_unfolded` until a fold adds them. `fold` adds every one that committed before the
 * call (in batches of FOLD_BATCH), so a reader that folds first never misses a transfer it could
 * have seen; it is a single cheap check when nothing waits. Call it outside a transaction where
 * possible: inside one, the fold's lock is held until that transaction ends.
 */
export async function foldLedgerFlows(db: Executor): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await sql<{ n: number }>`SELECT ledger_flows_fold() AS n`.execute(db);
    const n = rows[0]?.n ?? 0;
    total += n;
    if (n < FOLD_BATCH) return total;
  }
}
