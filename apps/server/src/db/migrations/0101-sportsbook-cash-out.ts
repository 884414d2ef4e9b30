import { type Kysely, sql } from 'kysely';

/**
 * Cash-out on sportsbook tickets (decision 100): a PLACED ticket moves once to CASHING_OUT with the
 * offer as its payout (a conditional update, so of two requests one wins), then to CASHED_OUT once the
 * operator has applied the win; a CASHING_OUT ticket whose answer was lost is sent again by the book.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sb_ticket DROP CONSTRAINT sb_ticket_status_check;
    ALTER TABLE sb_ticket ADD CONSTRAINT sb_ticket_status_check CHECK (status IN
      ('BETTING', 'PLACED', 'SETTLING', 'WON', 'LOST', 'REFUNDED', 'ADJUSTING', 'VOID', 'CASHING_OUT', 'CASHED_OUT'));
    DROP INDEX sb_ticket_work;
    CREATE INDEX sb_ticket_work ON sb_ticket (status)
      WHERE status IN ('BETTING', 'PLACED', 'SETTLING', 'ADJUSTING', 'CASHING_OUT') OR stale;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX sb_ticket_work;
    CREATE INDEX sb_ticket_work ON sb_ticket (status) WHERE status IN ('BETTING', 'PLACED', 'SETTLING', 'ADJUSTING') OR stale;
    ALTER TABLE sb_ticket DROP CONSTRAINT sb_ticket_status_check;
    ALTER TABLE sb_ticket ADD CONSTRAINT sb_ticket_status_check CHECK (status IN
      ('BETTING', 'PLACED', 'SETTLING', 'WON', 'LOST', 'REFUNDED', 'ADJUSTING', 'VOID'));
  `.execute(db);
}
