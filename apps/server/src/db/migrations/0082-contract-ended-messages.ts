import { type Kysely, sql } from 'kysely';

/**
 * Issue 16: an agent whose contract the rate rule (or a move below another agent) ends is told in
 * its inbox, beside the home popup's notice. Written by a trigger like the other system messages
 * (migration 0080), so no path that ends a contract can forget it; the dedupe key makes it once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION inbox_contract_ended() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status = 'TERMINATED' AND OLD.status IS DISTINCT FROM 'TERMINATED'
        AND NEW.terminated_by IN ('RATE_RULE', 'MOVE') THEN
        PERFORM inbox_system_message(NEW.holder_id, 'CONTRACT_ENDED',
          jsonb_build_object('contractKind', NEW.kind, 'endedBy', NEW.terminated_by),
          'contract:' || NEW.id || ':ENDED');
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER agent_contract_ended_inbox AFTER UPDATE OF status ON agent_contract
      FOR EACH ROW EXECUTE FUNCTION inbox_contract_ended();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER agent_contract_ended_inbox ON agent_contract;
    DROP FUNCTION inbox_contract_ended();
  `.execute(db);
}
