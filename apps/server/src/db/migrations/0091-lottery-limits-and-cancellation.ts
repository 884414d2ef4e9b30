import { type Kysely, sql } from 'kysely';

/**
 * The lottery vendor's risk limits and operator cancellation (decision 091).
 *
 * - `lotto_liability`: per draw, bet type and selection, what its tickets would pay together if that
 *   selection won (each ticket's payout capped per ticket). A ticket raises it in the transaction
 *   that stores the ticket, under the draw's row lock; the cap per number and bet type is checked there.
 * - `lotto_draw.liability`: the sum of every ticket's possible payout on the draw — a bound on the
 *   draw's worst-case payout, held under the game's cap per draw.
 * - `lotto_draw.cancel_reason` / `cancelled_by`: why and by whom an operator cancelled a draw before
 *   its result; `settled_at` on a cancelled draw marks every ticket refunded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE lotto_draw
      ADD COLUMN liability bigint NOT NULL DEFAULT 0 CHECK (liability >= 0),
      ADD COLUMN cancel_reason text,
      ADD COLUMN cancelled_by text;
    CREATE TABLE lotto_liability (
      draw_id text NOT NULL REFERENCES lotto_draw (id),
      bet_type text NOT NULL,
      selection text NOT NULL,
      payout bigint NOT NULL CHECK (payout >= 0),
      PRIMARY KEY (draw_id, bet_type, selection)
    );
    CREATE INDEX lotto_draw_cancelled ON lotto_draw (draws_at) WHERE status = 'CANCELLED' AND settled_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE lotto_liability;
    DROP INDEX lotto_draw_cancelled;
    ALTER TABLE lotto_draw DROP COLUMN liability, DROP COLUMN cancel_reason, DROP COLUMN cancelled_by;
  `.execute(db);
}
