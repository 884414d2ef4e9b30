import { type Kysely, sql } from 'kysely';

/**
 * A member's accounts by member id (issue 15, decision 041). The account's
 * identity index keys on `coalesce(member_id, 0)`, which a join on `member_id = m.id` cannot use, so
 * the team page (each member's main balance) hashed every account of the site: a top agent's first
 * page of its direct downline read 100,000 accounts (30 ms of its 30.4 ms on the bench's data) and
 * now reads ten (0.3 ms). Balance updates do not change the indexed columns, so the ledger's writes
 * stay heap-only updates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX ledger_account_member ON ledger_account (member_id, kind, currency) WHERE member_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX ledger_account_member`.execute(db);
}
