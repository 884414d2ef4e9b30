import { type Kysely, sql } from 'kysely';

/**
 * Bonuses granted by staff (issue 17, decision 074): a `member_bonus` without a promotion, with the
 * staff user who granted it, the reason the member reads, and the console's request id under a unique
 * index, so a repeated or concurrent grant with the same request id credits once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE member_bonus
      ADD COLUMN granted_by bigint,
      ADD COLUMN grant_reason text,
      ADD COLUMN grant_request_id text;
    CREATE UNIQUE INDEX member_bonus_grant_request ON member_bonus (grant_request_id)
      WHERE grant_request_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX member_bonus_grant_request;
    ALTER TABLE member_bonus DROP COLUMN granted_by, DROP COLUMN grant_reason, DROP COLUMN grant_request_id;
  `.execute(db);
}
