import { type Kysely, sql } from 'kysely';

/**
 * The sportsbook's settler reads its work in ticket-id order, a batch after the last (decision 103):
 * its tickets are indexed by id (no longer by status), so a batch walks only the tickets with work
 * instead of every ticket ever placed; and a leg still waiting for its result is found in an index
 * of the open legs alone, not among every settled leg of the book's history. And the operator's seamless
 * wallet finds a bet's accepted rollback by an index: a win's standing-bet check (seamless_money_call)
 * and a zero win's read every transaction of the vendor before, so each win cost a little more than
 * the last.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX sb_ticket_work;
    CREATE INDEX sb_ticket_work ON sb_ticket (id)
      WHERE status IN ('BETTING', 'PLACED', 'SETTLING', 'ADJUSTING', 'CASHING_OUT') OR stale;
    CREATE INDEX sb_leg_open ON sb_leg (ticket_id) WHERE outcome IS NULL;
    CREATE INDEX seamless_transaction_rollback ON seamless_transaction (vendor_id, reference_id)
      WHERE action = 'ROLLBACK';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX seamless_transaction_rollback;
    DROP INDEX sb_leg_open;
    DROP INDEX sb_ticket_work;
    CREATE INDEX sb_ticket_work ON sb_ticket (status)
      WHERE status IN ('BETTING', 'PLACED', 'SETTLING', 'ADJUSTING', 'CASHING_OUT') OR stale;
  `.execute(db);
}
