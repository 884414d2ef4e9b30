import { type Kysely, sql } from 'kysely';

/**
 * Balance changes no longer NOTIFY (decision 105): PostgreSQL serialises the commits of notifying
 * transactions cluster-wide, so 0008's trigger made every money movement wait for every other's
 * commit. Each server instance now reads its connected members' balances every quarter second
 * (modules/realtime/balance-watcher.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER ledger_account_balance_notify ON ledger_account;
    DROP FUNCTION ledger_balance_notify();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION ledger_balance_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.member_id IS NOT NULL AND NEW.balance IS DISTINCT FROM OLD.balance THEN
        PERFORM pg_notify('member_balance', json_build_object(
          'memberId', NEW.member_id::text, 'kind', NEW.kind, 'currency', NEW.currency, 'balance', NEW.balance::text
        )::text);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ledger_account_balance_notify AFTER UPDATE OF balance ON ledger_account
      FOR EACH ROW EXECUTE FUNCTION ledger_balance_notify();
  `.execute(db);
}
