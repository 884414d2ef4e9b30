import { type Kysely, sql } from 'kysely';

/**
 * Back office player tools (issue 14): a forced password change (the member must choose a new
 * password at the next sign-in when it was last changed before this time), the house adjustment
 * ledger account kind (the other side of every manual balance adjustment), and the adjustments
 * themselves: above the configured amount one waits for a second staff user who is not its creator.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE member ADD COLUMN password_change_forced_at timestamptz;
    ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_kind_check;
    ALTER TABLE ledger_account ADD CONSTRAINT ledger_account_kind_check CHECK (kind IN (
      'MEMBER_MAIN', 'MEMBER_VENDOR', 'MEMBER_POINTS', 'MEMBER_TRIAL', 'MEMBER_HOLD',
      'HOUSE', 'VENDOR_CLEARING', 'PAYMENT_CLEARING', 'BONUS', 'TRIAL_ISSUER', 'HOUSE_ADJUSTMENT'
    ));
    CREATE TABLE balance_adjustment (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      currency text NOT NULL,
      amount bigint NOT NULL CHECK (amount <> 0),
      reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 200),
      status text NOT NULL CHECK (status IN ('PENDING', 'APPLIED', 'REJECTED')),
      created_by bigint NOT NULL REFERENCES staff_user (id),
      decided_by bigint REFERENCES staff_user (id),
      transfer_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      CHECK (decided_by IS NULL OR decided_by <> created_by OR status = 'APPLIED' AND decided_by = created_by)
    );
    CREATE INDEX balance_adjustment_pending ON balance_adjustment (status, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE balance_adjustment;
    ALTER TABLE member DROP COLUMN password_change_forced_at;
  `.execute(db);
}
