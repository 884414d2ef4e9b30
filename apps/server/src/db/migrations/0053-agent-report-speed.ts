import { type Kysely, sql } from 'kysely';

/**
 * The agent centre at the scale of issue 15 (a team of 100,000, decision 038):
 *
 * - `member_team_size`: how many members are below each member, any depth, kept by statement-level
 *   triggers on the downline closure (`member_tree`, migration 0050) in the writer's transaction: an
 *   insert adds its new pairs' count to each ancestor, a move's delete takes its pairs' count off.
 *   The team-management page showed each row's team size by counting that member's closure rows on
 *   every request (10,000 rows per level-1 agent of the bench). Ancestors are updated in id order, so
 *   two registrations below the same agents queue instead of deadlocking; moves hold the closure's
 *   exclusive advisory lock (0050), so they never run beside a registration.
 * - `member (created_at)`: the reports' new registrations in a range are read by time and checked
 *   against the agent's closure, not found by reading every member of the team.
 * - Trigram indexes on the member's account and nickname (when pg_trgm is there, as for the game
 *   names of 0031): the team search `LIKE '%…%'` read every member of the site.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_team_size (
      member_id bigint PRIMARY KEY REFERENCES member (id),
      team_size integer NOT NULL
    );

    CREATE FUNCTION member_team_size_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO member_team_size AS s (member_id, team_size)
      SELECT ancestor_id, count(*) FROM added WHERE depth > 0 GROUP BY ancestor_id ORDER BY ancestor_id
      ON CONFLICT (member_id) DO UPDATE SET team_size = s.team_size + EXCLUDED.team_size;
      RETURN NULL;
    END $$;
    CREATE TRIGGER member_team_size_on_insert AFTER INSERT ON member_tree
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION member_team_size_added();

    CREATE FUNCTION member_team_size_removed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE member_team_size s SET team_size = s.team_size - r.n
        FROM (SELECT ancestor_id, count(*) AS n FROM removed WHERE depth > 0 GROUP BY ancestor_id) r
       WHERE s.member_id = r.ancestor_id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER member_team_size_on_delete AFTER DELETE ON member_tree
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION member_team_size_removed();

    INSERT INTO member_team_size (member_id, team_size)
    SELECT ancestor_id, count(*) FROM member_tree WHERE depth > 0 GROUP BY ancestor_id;

    -- New registrations in a report's range, found by time instead of by reading the whole team.
    CREATE INDEX member_created ON member (created_at);
  `.execute(db);

  const trgm = await sql<{ installed: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS installed`.execute(db);
  if (trgm.rows[0]?.installed) {
    await sql`
      CREATE INDEX member_account_trgm ON member USING gin (account_key gin_trgm_ops);
      CREATE INDEX member_nickname_trgm ON member USING gin (lower(coalesce(nickname, '')) gin_trgm_ops);
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX IF EXISTS member_account_trgm;
    DROP INDEX IF EXISTS member_nickname_trgm;
    DROP INDEX member_created;
    DROP TRIGGER member_team_size_on_insert ON member_tree;
    DROP TRIGGER member_team_size_on_delete ON member_tree;
    DROP FUNCTION member_team_size_added(), member_team_size_removed();
    DROP TABLE member_team_size;
  `.execute(db);
}
