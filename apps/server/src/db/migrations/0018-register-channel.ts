import { type Kysely, sql } from 'kysely';

/**
 * registerMethod is WEB for both registration calls (spec §7); which form the player used, by
 * username or by mobile number, is kept in its own column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE member ADD COLUMN register_channel text CHECK (register_channel IN ('USERNAME', 'MOBILE'));
    UPDATE member SET register_method = 'WEB', register_channel = 'MOBILE' WHERE register_method = 'WEB_MOBILE';
    UPDATE member SET register_channel = 'USERNAME' WHERE register_method = 'WEB' AND register_channel IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE member SET register_method = 'WEB_MOBILE' WHERE register_channel = 'MOBILE';
    ALTER TABLE member DROP COLUMN register_channel;
  `.execute(db);
}
