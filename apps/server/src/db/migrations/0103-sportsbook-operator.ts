import { type Kysely, sql } from 'kysely';

/**
 * The sportsbook's back-office screen (issue 20, decision 102): a margin per sport over the book's
 * one margin, and who set a match's result by hand (settled, voided or corrected) and why.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sb_setting ADD COLUMN sport_margins jsonb NOT NULL DEFAULT '{}'::jsonb;
    ALTER TABLE sb_fixture ADD COLUMN result_by text, ADD COLUMN result_reason text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sb_fixture DROP COLUMN result_by, DROP COLUMN result_reason;
    ALTER TABLE sb_setting DROP COLUMN sport_margins;
  `.execute(db);
}
