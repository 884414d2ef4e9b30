import { type Kysely, sql } from 'kysely';

/**
 * The player's lottery ticket history across games (decision 093): newest first within a date range,
 * whatever the game, so an index on the player and the time alone (0090's index leads with the game).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX lotto_ticket_history ON lotto_ticket (player_id, created_at DESC, id DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX lotto_ticket_history`.execute(db);
}
