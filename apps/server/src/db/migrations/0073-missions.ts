import { type Kysely, sql } from 'kysely';

/**
 * Missions (issue 17, spec §2 missionLeaderboard, §7 mission summary and leaderboard; decision 073).
 *
 * - `mission`: a daily or weekly task — deposit an amount, reach a valid bet (in a game category or
 *   any), play N rounds, sign in on N days — with its cash reward.
 * - `mission_claim`: one row per member, mission and period (the KST day, or the Monday of the KST
 *   week): the unique key makes a reward paid once. Progress itself is read from the ledger's
 *   per-member day aggregates and the sign-ins, so it moves as the events happen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mission (
      id bigserial PRIMARY KEY,
      period text NOT NULL CHECK (period IN ('DAILY', 'WEEKLY')),
      kind text NOT NULL CHECK (kind IN ('DEPOSIT', 'VALID_BET', 'ROUNDS', 'SIGN_IN_DAYS')),
      game_type text CHECK (game_type ~ '^[A-Z_]{2,20}$'),
      target bigint NOT NULL CHECK (target > 0),
      reward bigint NOT NULL CHECK (reward > 0),
      texts jsonb NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0,
      currency text NOT NULL DEFAULT 'KRW',
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE mission_claim (
      id bigserial PRIMARY KEY,
      mission_id bigint NOT NULL REFERENCES mission (id),
      member_id bigint NOT NULL REFERENCES member (id),
      period_key date NOT NULL,
      amount bigint NOT NULL CHECK (amount > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (mission_id, member_id, period_key)
    );
    CREATE INDEX mission_claim_board ON mission_claim (period_key, member_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE mission_claim, mission;`.execute(db);
}
