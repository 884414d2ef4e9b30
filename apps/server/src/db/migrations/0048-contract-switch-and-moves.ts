import { type Kysely, sql } from 'kysely';

/**
 * Contracts follow the site's switch and the operator's moves (decision 033):
 * - a settlement status SWITCHED_OFF: a period that ended while its kind was switched off is recorded
 *   for each contract in force, unpaid, so it is shown and never paid later;
 * - a contract end by MOVE: the operator moved the holder (or its upline) to another place in the tree.
 *
 * Work lands from parallel branches: this migration's number is below 0060, which creates the
 * contract tables. On a new database it runs first and finds no table (0060 creates them with these
 * values already); on a database where 0060 ran before, it widens the two checks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    BEGIN
      IF to_regclass('contract_settlement') IS NOT NULL THEN
        ALTER TABLE contract_settlement DROP CONSTRAINT IF EXISTS contract_settlement_status_check;
        ALTER TABLE contract_settlement ADD CONSTRAINT contract_settlement_status_check
          CHECK (status IN ('PAID', 'OWED', 'CLAIMABLE', 'ZERO', 'SWITCHED_OFF'));
      END IF;
      IF to_regclass('agent_contract') IS NOT NULL THEN
        ALTER TABLE agent_contract DROP CONSTRAINT IF EXISTS agent_contract_terminated_by_check;
        ALTER TABLE agent_contract ADD CONSTRAINT agent_contract_terminated_by_check
          CHECK (terminated_by IN ('HOLDER', 'UPLINE', 'OPERATOR', 'RATE_RULE', 'MOVE'));
      END IF;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    BEGIN
      IF to_regclass('contract_settlement') IS NOT NULL THEN
        DELETE FROM contract_settlement WHERE status = 'SWITCHED_OFF';
        ALTER TABLE contract_settlement DROP CONSTRAINT IF EXISTS contract_settlement_status_check;
        ALTER TABLE contract_settlement ADD CONSTRAINT contract_settlement_status_check
          CHECK (status IN ('PAID', 'OWED', 'CLAIMABLE', 'ZERO'));
      END IF;
      IF to_regclass('agent_contract') IS NOT NULL THEN
        UPDATE agent_contract SET terminated_by = 'OPERATOR' WHERE terminated_by = 'MOVE';
        ALTER TABLE agent_contract DROP CONSTRAINT IF EXISTS agent_contract_terminated_by_check;
        ALTER TABLE agent_contract ADD CONSTRAINT agent_contract_terminated_by_check
          CHECK (terminated_by IN ('HOLDER', 'UPLINE', 'OPERATOR', 'RATE_RULE'));
      END IF;
    END $$;
  `.execute(db);
}
