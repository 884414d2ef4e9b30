import { type Kysely, sql } from 'kysely';

/**
 * What the lobby's cache misses need (decision 037):
 * - `game_count`: the shown games (status other than HIDDEN) per category and vendor, kept by
 *   statement triggers in the writer's transaction, so a count never has to scan the catalogue and
 *   is exact whoever writes (a sync, the back office, plain SQL). Each trigger adds its statement's
 *   net change with one upsert per (category, vendor) in key order: concurrent writers queue on the
 *   rows they share and never deadlock on each other's order.
 * - `game_listed`: (sort, node_id) over every shown game, for the lists without a category (name
 *   search, everything); with a category `game_by_type` and `game_by_vendor` (0012) serve.
 * - the catalogue version (0030) moves BEFORE each writing statement instead of after it: a
 *   catalogue writer then takes the version row before any game row, so two writers queue at their
 *   first statement instead of each holding a game row the other needs (a sync against a back-office
 *   switch of one of its games deadlocked with the version bumped after the statement).
 * - a trigram index on `search_name` when `pg_trgm` can be created (PostgreSQL's contrib; PGlite
 *   loads it from `@electric-sql/pglite/contrib/pg_trgm`): `LIKE '%word%'` then reads the index
 *   instead of every row. Without it the search scans, as before, and gives the same answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE game_count (
      game_type text NOT NULL,
      vendor_id text NOT NULL,
      -- No CHECK (games >= 0): PostgreSQL checks the row an upsert proposes (a negative change)
      -- before it finds the row to add it to. The API tests recount the rows against it.
      games bigint NOT NULL,
      PRIMARY KEY (game_type, vendor_id)
    );
    INSERT INTO game_count (game_type, vendor_id, games)
      SELECT game_type, vendor_id, count(*) FROM game WHERE status <> 'HIDDEN' GROUP BY 1, 2;

    CREATE FUNCTION game_count_apply(delta_rows jsonb) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO game_count AS c (game_type, vendor_id, games)
        SELECT d->>'t', d->>'v', (d->>'n')::bigint
          FROM jsonb_array_elements(delta_rows) d
         ORDER BY d->>'t', d->>'v'
      ON CONFLICT (game_type, vendor_id) DO UPDATE SET games = c.games + excluded.games;
    END $$;

    CREATE FUNCTION game_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM game_count_apply(coalesce(jsonb_agg(jsonb_build_object('t', t, 'v', v, 'n', n)), '[]'))
        FROM (SELECT game_type t, vendor_id v, count(*) n FROM new_rows
               WHERE status <> 'HIDDEN' GROUP BY 1, 2) s;
      RETURN NULL;
    END $$;
    CREATE FUNCTION game_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM game_count_apply(coalesce(jsonb_agg(jsonb_build_object('t', t, 'v', v, 'n', -n)), '[]'))
        FROM (SELECT game_type t, vendor_id v, count(*) n FROM old_rows
               WHERE status <> 'HIDDEN' GROUP BY 1, 2) s;
      RETURN NULL;
    END $$;
    CREATE FUNCTION game_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM game_count_apply(coalesce(jsonb_agg(jsonb_build_object('t', t, 'v', v, 'n', n)), '[]'))
        FROM (SELECT t, v, sum(n) n FROM (
                SELECT game_type t, vendor_id v, 1 n FROM new_rows WHERE status <> 'HIDDEN'
                UNION ALL
                SELECT game_type, vendor_id, -1 FROM old_rows WHERE status <> 'HIDDEN') x
               GROUP BY 1, 2 HAVING sum(n) <> 0) s;
      RETURN NULL;
    END $$;
    CREATE FUNCTION game_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM game_count;
      RETURN NULL;
    END $$;
    CREATE TRIGGER game_count_insert AFTER INSERT ON game REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION game_count_insert();
    CREATE TRIGGER game_count_update AFTER UPDATE ON game REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION game_count_update();
    CREATE TRIGGER game_count_delete AFTER DELETE ON game REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION game_count_delete();
    CREATE TRIGGER game_count_truncate AFTER TRUNCATE ON game
      FOR EACH STATEMENT EXECUTE FUNCTION game_count_truncate();

    CREATE INDEX game_listed ON game (sort, node_id) WHERE status <> 'HIDDEN';

    DROP TRIGGER game_catalogue_version ON game;
    DROP TRIGGER vendor_catalogue_version ON vendor;
    CREATE TRIGGER game_catalogue_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON game
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
    CREATE TRIGGER vendor_catalogue_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
  `.execute(db);

  const trgm = await sql<{ available: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available`.execute(db);
  if (trgm.rows[0]?.available) {
    await sql`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE INDEX game_search_trgm ON game USING gin (search_name gin_trgm_ops) WHERE status <> 'HIDDEN';
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER game_catalogue_version ON game;
    DROP TRIGGER vendor_catalogue_version ON vendor;
    CREATE TRIGGER game_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON game
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
    CREATE TRIGGER vendor_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vendor
      FOR EACH STATEMENT EXECUTE FUNCTION catalogue_version_bump();
    DROP INDEX IF EXISTS game_search_trgm;
    DROP INDEX game_listed;
    DROP TRIGGER game_count_insert ON game;
    DROP TRIGGER game_count_update ON game;
    DROP TRIGGER game_count_delete ON game;
    DROP TRIGGER game_count_truncate ON game;
    DROP FUNCTION game_count_insert(), game_count_update(), game_count_delete(), game_count_truncate();
    DROP FUNCTION game_count_apply(jsonb);
    DROP TABLE game_count;
  `.execute(db);
}
