import { type Kysely, sql } from 'kysely';

/**
 * The back office's risk screens (issue 14, decision 028).
 *
 * - `member_device`: the browsers a member signed in from, by the random device id the web app keeps
 *   in the browser and sends at sign-in (`X-Device-Id`), like `member_known_ip` for addresses.
 * - Indexes for the shared-value clusters: addresses by address, bank accounts by bank and the
 *   account number's digits, devices by id.
 * - Large wins: the seamless wallet's WIN rows by time.
 * - `login_challenge.created_at`: when a new-address check was asked (rows from before take their
 *   expiry less the ten minutes a check is open).
 * - Banners the back office wrote into the slot `home` (its old default) move to `w_home`, the slot
 *   the home page shows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_device (
      member_id bigint NOT NULL REFERENCES member (id),
      device_id text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, device_id)
    );
    CREATE INDEX member_device_device ON member_device (device_id);
    CREATE INDEX member_known_ip_ip ON member_known_ip (ip);
    CREATE INDEX bank_account_number_digits
      ON bank_account ((lower(btrim(bank_name))), (regexp_replace(account_number, '[^0-9]', '', 'g')));
    CREATE INDEX seamless_transaction_win_at ON seamless_transaction (created_at) WHERE action = 'WIN';
    ALTER TABLE login_challenge ADD COLUMN created_at timestamptz;
    UPDATE login_challenge SET created_at = expires_at - interval '10 minutes';
    ALTER TABLE login_challenge ALTER COLUMN created_at SET NOT NULL, ALTER COLUMN created_at SET DEFAULT now();
    CREATE INDEX login_challenge_created ON login_challenge (created_at);
    UPDATE banner SET group_name = 'w_home' WHERE group_name = 'home';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX login_challenge_created;
    ALTER TABLE login_challenge DROP COLUMN created_at;
    DROP INDEX seamless_transaction_win_at;
    DROP INDEX bank_account_number_digits;
    DROP INDEX member_known_ip_ip;
    DROP TABLE member_device;
  `.execute(db);
}
