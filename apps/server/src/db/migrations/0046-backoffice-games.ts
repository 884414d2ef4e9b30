import { type Kysely, sql } from 'kysely';

/**
 * Back office games (issue 14): the operator's on/off switch of a game and of a vendor, kept apart
 * from `status` (which the vendor's catalogue sync owns: it hides games a vendor stops listing and
 * shows them again when it lists them), so a sync never turns back on what an operator turned off.
 * A vendor's lobby categories now move the catalogue version too (decision 036), like its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE game ADD COLUMN enabled boolean NOT NULL DEFAULT true;
    ALTER TABLE vendor ADD COLUMN enabled boolean NOT NULL DEFAULT true;
    CREATE TRIGGER vendor_category_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor_category
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER vendor_category_catalogue_version ON vendor_category;
    ALTER TABLE vendor DROP COLUMN enabled;
    ALTER TABLE game DROP COLUMN enabled;
  `.execute(db);
}
