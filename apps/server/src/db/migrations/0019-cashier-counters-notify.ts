import { type Kysely, sql } from 'kysely';

/**
 * The player's cashier counters (withdrawals awaiting their confirmation, deposits pending) change
 * when a withdrawal or deposit row is added or changes status or confirmation. Each such change
 * announces the member on commit, like the balance (0008), so every server instance can send fresh
 * counters to the member's sockets, whichever service or job made the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION cashier_counters_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
        PERFORM pg_notify('member_counters', NEW.member_id::text);
      ELSIF TG_TABLE_NAME = 'withdrawal' THEN
        -- Nested, so a deposit row is never asked for a column it does not have.
        IF NEW.confirmation IS DISTINCT FROM OLD.confirmation THEN
          PERFORM pg_notify('member_counters', NEW.member_id::text);
        END IF;
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER withdrawal_counters_notify AFTER INSERT OR UPDATE ON withdrawal
      FOR EACH ROW EXECUTE FUNCTION cashier_counters_notify();
    CREATE TRIGGER deposit_counters_notify AFTER INSERT OR UPDATE ON deposit
      FOR EACH ROW EXECUTE FUNCTION cashier_counters_notify();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER withdrawal_counters_notify ON withdrawal;
    DROP TRIGGER deposit_counters_notify ON deposit;
    DROP FUNCTION cashier_counters_notify();
  `.execute(db);
}
