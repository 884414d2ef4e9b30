import { type Kysely, sql } from 'kysely';

/**
 * The lottery vendor's daily draws (decision 092): the Vietnam lottery and the SEA draw are the
 * lottery centre's (LOTT), beside the fast draws in the e-lottery lane (ELOTT). Their draws and
 * tickets live in the vendor's existing tables (a draw's id names its game, province and date).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO vendor_category (vendor_id, category, sort)
    SELECT 'LOTTO', 'LOTT', 10 WHERE EXISTS (SELECT 1 FROM vendor WHERE id = 'LOTTO')
    ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM vendor_category WHERE vendor_id = 'LOTTO' AND category = 'LOTT'`.execute(db);
}
