import { type Kysely, sql } from 'kysely';

/**
 * What agents hand out (issue 15): referral links and first passwords.
 * - `referral_link`: an agent's link code for registering a player or a sub-agent below it. A
 *   member who registered through one keeps `referral_link_id`, so the link shows how many it brought.
 * - `member.agent_issued_password_at`: set when an agent created the account and gave it its first
 *   password; while the password has not changed since, every sign-in must change it first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE referral_link (
      id bigserial PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES member (id),
      code text NOT NULL CHECK (code ~ '^[A-Za-z0-9]{6,32}$'),
      kind text NOT NULL CHECK (kind IN ('PLAYER', 'AGENT')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX referral_link_code ON referral_link (lower(code));
    CREATE INDEX referral_link_agent ON referral_link (agent_id, id);

    ALTER TABLE member
      ADD COLUMN referral_link_id bigint REFERENCES referral_link (id),
      ADD COLUMN agent_issued_password_at timestamptz;
    CREATE INDEX member_referral_link ON member (referral_link_id) WHERE referral_link_id IS NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE member DROP COLUMN referral_link_id, DROP COLUMN agent_issued_password_at;
    DROP TABLE referral_link;
  `.execute(db);
}
