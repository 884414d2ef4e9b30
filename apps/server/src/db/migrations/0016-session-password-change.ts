import { type Kysely, sql } from 'kysely';

/**
 * A session issued at a sign-in that must change its password (the operator's default, or expired
 * with expiry on) carries the mark: the member guard lets it call only changePassword, logout and
 * getMemberInfo until the change, which ends the session and issues one without the mark.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE member_session ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE member_session DROP COLUMN password_change_required;`.execute(db);
}
