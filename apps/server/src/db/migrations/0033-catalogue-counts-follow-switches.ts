import { type Kysely, sql } from 'kysely';

/**
 * The stored counts (0031) follow the back office's on/off switch of a game (0046, `game.enabled`):
 * a game is counted while it is shown and switched on. The switch is read from the row as JSON, so
 * these functions hold whichever of 0033 and 0046 a database ran first (a fresh database runs 0033
 * first; 0046 adds the column switched on everywhere, which changes no count). A vendor's switch is
 * applied when the counts are read (one row per vendor), like its join in the list.
 */
const SHOWN = (row: string) =>
  `${row}.status <> 'HIDDEN' AND coalesce((to_jsonb(${row}) ->> 'enabled')::boolean, true)`;

/** The count triggers' functions (0031) and a recount, with `shown` as the test of a counted game. */
const countedWhen = (shown: (row: string) => string) => `
    CREATE OR REPLACE FUNCTION game_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM game_count_apply(coalesce(jsonb_agg(jsonb_build_object('t', t, 'v', v, 'n', n)), '[]'))
        FROM (SELECT r.game_type t, r.vendor_id v, count(*) n FROM new_rows r
               WHERE ${shown('r')} GROUP BY 1, 2) s;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION game_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM game_count_apply(coalesce(jsonb_agg(jsonb_build_object('t', t, 'v', v, 'n', -n)), '[]'))
        FROM (SELECT r.game_type t, r.vendor_id v, count(*) n FROM old_rows r
               WHERE ${shown('r')} GROUP BY 1, 2) s;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION game_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM game_count_apply(coalesce(jsonb_agg(jsonb_build_object('t', t, 'v', v, 'n', n)), '[]'))
        FROM (SELECT t, v, sum(n) n FROM (
                SELECT r.game_type t, r.vendor_id v, 1 n FROM new_rows r WHERE ${shown('r')}
                UNION ALL
                SELECT r.game_type, r.vendor_id, -1 FROM old_rows r WHERE ${shown('r')}) x
               GROUP BY 1, 2 HAVING sum(n) <> 0) s;
      RETURN NULL;
    END $$;
    LOCK TABLE game IN SHARE MODE;
    DELETE FROM game_count;
    INSERT INTO game_count (game_type, vendor_id, games)
      SELECT g.game_type, g.vendor_id, count(*) FROM game g WHERE ${shown('g')} GROUP BY 1, 2;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(countedWhen(SHOWN)).execute(db);
}

/** Back to counting every shown game (0031), whatever its switch. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(countedWhen((row) => `${row}.status <> 'HIDDEN'`)).execute(db);
}
