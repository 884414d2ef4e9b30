import { type Kysely, sql } from 'kysely';

/**
 * The downline tree as a closure table (issue 15, decision 050): one row per (ancestor, descendant)
 * pair with the number of levels between them, including each member's own row at depth 0. An
 * agent's team is `WHERE ancestor_id = agent AND depth > 0`, one index range whatever its depth,
 * on PGlite and PostgreSQL alike (no extension needed).
 *
 * Triggers keep it equal to `member.upline_id`, whoever writes the member row:
 * - a new member gets its own row and one row per ancestor of its upline;
 * - a changed upline (an operator's move) detaches the member's whole subtree from its old
 *   ancestors and attaches it below the new upline, in the same statement's transaction.
 * An upline must be an agent (types 1, 2, 41, 42) and may not lie in the member's own subtree.
 * Moves take an exclusive advisory lock and inserts a shared one, so a member registered below an
 * agent while that agent is being moved still ends up with the right ancestors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_tree (
      ancestor_id bigint NOT NULL REFERENCES member (id),
      descendant_id bigint NOT NULL REFERENCES member (id),
      depth integer NOT NULL CHECK (depth >= 0),
      PRIMARY KEY (ancestor_id, descendant_id)
    );
    CREATE INDEX member_tree_descendant ON member_tree (descendant_id, depth);
    CREATE INDEX member_tree_ancestor_depth ON member_tree (ancestor_id, depth);

    CREATE FUNCTION member_tree_check_upline() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.upline_id IS NULL THEN
        RETURN NEW;
      END IF;
      IF TG_OP = 'UPDATE' THEN
        IF NEW.upline_id IS NOT DISTINCT FROM OLD.upline_id THEN
          RETURN NEW;
        END IF;
        PERFORM pg_advisory_xact_lock(hashtext('member_tree'));
        IF EXISTS (SELECT 1 FROM member_tree WHERE ancestor_id = NEW.id AND descendant_id = NEW.upline_id) THEN
          RAISE EXCEPTION 'member % cannot move below its own downline %', NEW.id, NEW.upline_id
            USING ERRCODE = 'check_violation', CONSTRAINT = 'member_tree_no_cycle';
        END IF;
      ELSE
        PERFORM pg_advisory_xact_lock_shared(hashtext('member_tree'));
      END IF;
      IF NOT EXISTS (SELECT 1 FROM member WHERE id = NEW.upline_id AND type IN (1, 2, 41, 42)) THEN
        RAISE EXCEPTION 'upline % of member % is not an agent', NEW.upline_id, NEW.id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'member_tree_upline_agent';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER member_tree_check BEFORE INSERT OR UPDATE OF upline_id ON member
      FOR EACH ROW EXECUTE FUNCTION member_tree_check_upline();

    CREATE FUNCTION member_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO member_tree (ancestor_id, descendant_id, depth) VALUES (NEW.id, NEW.id, 0);
      IF NEW.upline_id IS NOT NULL THEN
        INSERT INTO member_tree (ancestor_id, descendant_id, depth)
        SELECT ancestor_id, NEW.id, depth + 1 FROM member_tree WHERE descendant_id = NEW.upline_id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER member_tree_on_insert AFTER INSERT ON member
      FOR EACH ROW EXECUTE FUNCTION member_tree_insert();

    CREATE FUNCTION member_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.upline_id IS NOT DISTINCT FROM OLD.upline_id THEN
        RETURN NULL;
      END IF;
      -- Cut the subtree (the member and its downline) off every ancestor above the member...
      DELETE FROM member_tree t
       WHERE t.descendant_id IN (SELECT descendant_id FROM member_tree WHERE ancestor_id = NEW.id)
         AND t.ancestor_id IN (SELECT ancestor_id FROM member_tree WHERE descendant_id = NEW.id AND depth > 0);
      -- ...and hang it below every ancestor of the new upline.
      IF NEW.upline_id IS NOT NULL THEN
        INSERT INTO member_tree (ancestor_id, descendant_id, depth)
        SELECT a.ancestor_id, d.descendant_id, a.depth + d.depth + 1
          FROM member_tree a CROSS JOIN member_tree d
         WHERE a.descendant_id = NEW.upline_id AND d.ancestor_id = NEW.id;
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER member_tree_on_move AFTER UPDATE OF upline_id ON member
      FOR EACH ROW EXECUTE FUNCTION member_tree_move();

    -- An agent's own note about a member of its team (team management): each agent keeps its own.
    CREATE TABLE agent_remark (
      agent_id bigint NOT NULL REFERENCES member (id),
      member_id bigint NOT NULL REFERENCES member (id),
      remark text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (agent_id, member_id)
    );

    -- Members that exist already.
    INSERT INTO member_tree (ancestor_id, descendant_id, depth)
    WITH RECURSIVE up (descendant_id, ancestor_id, depth) AS (
      SELECT id, id, 0 FROM member
      UNION ALL
      SELECT up.descendant_id, m.upline_id, up.depth + 1
        FROM up JOIN member m ON m.id = up.ancestor_id
       WHERE m.upline_id IS NOT NULL AND up.depth < 1000
    )
    SELECT ancestor_id, descendant_id, depth FROM up;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER member_tree_on_move ON member;
    DROP TRIGGER member_tree_on_insert ON member;
    DROP TRIGGER member_tree_check ON member;
    DROP FUNCTION member_tree_move(), member_tree_insert(), member_tree_check_upline();
    DROP TABLE agent_remark, member_tree;
  `.execute(db);
}
