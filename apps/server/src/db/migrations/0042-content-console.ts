import { type Kysely, sql } from 'kysely';

/**
 * The back office's content screen (issue 14): announcements (notices, popups, promotions, help
 * topics) and banners get a schedule (shown from, shown until; either may be open) and the time of
 * their last change; announcements get an audience, every visitor or signed-in agents only (the agent
 * centre's announcement page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE announcement
      ADD COLUMN audience text NOT NULL DEFAULT 'ALL' CHECK (audience IN ('ALL', 'AGENTS')),
      ADD COLUMN publish_from timestamptz,
      ADD COLUMN publish_until timestamptz,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD CONSTRAINT announcement_schedule CHECK (publish_from IS NULL OR publish_until IS NULL OR publish_from < publish_until);
    ALTER TABLE banner
      ADD COLUMN publish_from timestamptz,
      ADD COLUMN publish_until timestamptz,
      ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD CONSTRAINT banner_schedule CHECK (publish_from IS NULL OR publish_until IS NULL OR publish_from < publish_until);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE banner DROP CONSTRAINT banner_schedule, DROP COLUMN publish_from, DROP COLUMN publish_until,
      DROP COLUMN created_at, DROP COLUMN updated_at;
    ALTER TABLE announcement DROP CONSTRAINT announcement_schedule, DROP COLUMN audience, DROP COLUMN publish_from,
      DROP COLUMN publish_until, DROP COLUMN updated_at;
  `.execute(db);
}
