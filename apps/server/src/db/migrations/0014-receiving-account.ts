import { type Kysely, sql } from 'kysely';

/**
 * The account a bank-transfer deposit is paid into: the player needs it on the receipt to make the
 * transfer. Set per method by the operator; the demo site's is a made-up account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payment_method ADD COLUMN receiving_account jsonb;
    UPDATE payment_method
       SET receiving_account = '{"bankName": "Aurora Bank", "accountHolder": "Aurora Play Ltd", "accountNumber": "110-402-889120"}'
     WHERE code = 'BANK_TRANSFER';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_method DROP COLUMN receiving_account;`.execute(db);
}
