import { type Kysely, sql } from 'kysely';

/**
 * The lottery's settler walks a draw's open tickets in id order, a batch after the last (decision
 * 104): indexed by draw and id, a batch reads its 500 tickets from the index instead of every open
 * ticket of the draw, sorted, each time (at 100,000 tickets on one draw, 200 batches each sorted the
 * draw's whole remainder).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX lotto_ticket_open;
    CREATE INDEX lotto_ticket_open ON lotto_ticket (draw_id, id) WHERE status IN ('BETTING', 'PLACED', 'SETTLING');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX lotto_ticket_open;
    CREATE INDEX lotto_ticket_open ON lotto_ticket (draw_id) WHERE status IN ('BETTING', 'PLACED', 'SETTLING');
  `.execute(db);
}
