import { type Kysely, sql } from 'kysely';

/**
 * One number that changes whenever the catalogue does: every statement that writes `game` or
 * `vendor` bumps it in the same transaction, whoever runs it (a vendor sync, an operator's switch, a
 * back-office edit, another server instance, plain SQL). The lobby's page cache is keyed by it
 * (decision 036), so a cached page never outlives the catalogue it was read from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE catalogue_version (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      version bigint NOT NULL
    );
    INSERT INTO catalogue_version (id, version) VALUES (true, 1);
    CREATE FUNCTION catalogue_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE catalogue_version SET version = version + 1;
      RETURN NULL;
    END $$;
    CREATE TRIGGER game_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
    CREATE TRIGGER vendor_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER game_catalogue_version ON game;
    DROP TRIGGER vendor_catalogue_version ON vendor;
    DROP FUNCTION catalogue_version_bump();
    DROP TABLE catalogue_version;
  `.execute(db);
}
