import { type Kysely, sql } from 'kysely';

/**
 * A player with neither phone nor e-mail proves a new address with the payee name of a withdrawal
 * bank account (spec §8: "phone, code, e-mail or bank name"). Wrong answers are counted per challenge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE login_challenge DROP CONSTRAINT login_challenge_method_check;
    ALTER TABLE login_challenge ADD CONSTRAINT login_challenge_method_check
      CHECK (method IN ('SMS', 'EMAIL', 'BANK'));
    ALTER TABLE login_challenge ADD COLUMN attempts integer NOT NULL DEFAULT 0;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM login_challenge WHERE method = 'BANK';
    ALTER TABLE login_challenge DROP COLUMN attempts;
    ALTER TABLE login_challenge DROP CONSTRAINT login_challenge_method_check;
    ALTER TABLE login_challenge ADD CONSTRAINT login_challenge_method_check CHECK (method IN ('SMS', 'EMAIL'));
  `.execute(db);
}
