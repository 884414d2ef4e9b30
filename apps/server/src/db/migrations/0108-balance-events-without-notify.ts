import { type Kysely, sql } from 'kysely';
import { up as createBalanceNotify } from './0008-balance-notify.ts';

/**
 * Balance changes no longer NOTIFY (decision 106): PostgreSQL serialises the commits of notifying
 * transactions cluster-wide, so 0008's trigger made every money movement wait for every other's
 * commit. Each server instance now reads its connected members' balances every quarter second
 * (modules/realtime/balance-watcher.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER ledger_account_balance_notify ON ledger_account;
    DROP FUNCTION ledger_balance_notify();
  `.execute(db);
}

/** 0008's trigger and function, as 0008 made them. */
export const down = createBalanceNotify;
