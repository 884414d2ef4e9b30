import { type Kysely, sql } from 'kysely';

/**
 * The built-in sportsbook, Striker Sports (packages/vendors/src/sports, decision 100). Its tables
 * belong to the vendor, like the house and lottery vendors': it never reads or writes an operator
 * table and moves money only through signed seamless-wallet calls. Its vendor row (a seamless vendor
 * in the sports and e-sports lanes) is added here, listed as coming until its game list fills the
 * catalogue at start-up; the demo seed no longer adds it.
 *
 * - `sb_fixture`: one row per scheduled match (ids from the schedule generator, inserted once by any
 *   instance), with its secret seed; `result` is written when it is settled, and rewritten only by an
 *   operator's correction, which bumps `revision`.
 * - `sb_ticket` / `sb_leg`: a single or a parlay and its legs at the accepted prices; the ticket id is
 *   the seamless round id and the root of every transaction id of the ticket. `payout` is what the
 *   ticket should have paid, `paid` what reached the wallet; a correction marks it `stale` and the
 *   settler sends the difference under a new key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sb_session (
      id text PRIMARY KEY,
      player_id text NOT NULL,
      operator_token text NOT NULL,
      game_code text NOT NULL,
      currency text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sb_session_player ON sb_session (player_id, expires_at DESC);
    CREATE TABLE sb_setting (
      id integer PRIMARY KEY CHECK (id = 1),
      margin numeric(5, 4) NOT NULL CHECK (margin >= 0 AND margin <= 0.3),
      min_stake bigint NOT NULL CHECK (min_stake > 0),
      max_stake bigint NOT NULL,
      max_payout bigint NOT NULL,
      max_match_payout bigint NOT NULL,
      inplay_delay_ms integer NOT NULL CHECK (inplay_delay_ms >= 0),
      CHECK (min_stake <= max_stake AND max_stake <= max_payout)
    );
    INSERT INTO sb_setting VALUES (1, 0.05, 1000, 100000000, 1000000000, 5000000000, 0);
    CREATE TABLE sb_fixture (
      id text PRIMARY KEY,
      competition text NOT NULL,
      sport text NOT NULL,
      home text NOT NULL,
      away text NOT NULL,
      starts_at timestamptz NOT NULL,
      seed text NOT NULL,
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'SETTLED', 'VOID')),
      result jsonb,
      revision integer NOT NULL DEFAULT 0,
      suspended boolean NOT NULL DEFAULT false,
      suspended_markets text[] NOT NULL DEFAULT '{}',
      margin numeric(5, 4) CHECK (margin >= 0 AND margin <= 0.3),
      liability bigint NOT NULL DEFAULT 0,
      settled_at timestamptz,
      CHECK ((status = 'SETTLED') = (result IS NOT NULL))
    );
    CREATE INDEX sb_fixture_start ON sb_fixture (starts_at);
    CREATE INDEX sb_fixture_open ON sb_fixture (starts_at) WHERE status = 'OPEN';
    CREATE TABLE sb_ticket (
      id text PRIMARY KEY,
      player_id text NOT NULL,
      session_id text NOT NULL REFERENCES sb_session (id),
      request_id text NOT NULL,
      game_code text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('SINGLE', 'PARLAY')),
      stake bigint NOT NULL CHECK (stake > 0),
      odds_bp bigint NOT NULL CHECK (odds_bp > 0),
      potential bigint NOT NULL CHECK (potential >= 0),
      currency text NOT NULL,
      status text NOT NULL CHECK (status IN ('BETTING', 'PLACED', 'SETTLING', 'WON', 'LOST', 'REFUNDED', 'ADJUSTING', 'VOID')),
      payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
      paid bigint NOT NULL DEFAULT 0 CHECK (paid >= 0),
      stale boolean NOT NULL DEFAULT false,
      adjustments integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      settled_at timestamptz,
      UNIQUE (player_id, request_id)
    );
    CREATE INDEX sb_ticket_player ON sb_ticket (player_id, created_at DESC);
    CREATE INDEX sb_ticket_work ON sb_ticket (status) WHERE status IN ('BETTING', 'PLACED', 'SETTLING', 'ADJUSTING') OR stale;
    CREATE TABLE sb_leg (
      ticket_id text NOT NULL REFERENCES sb_ticket (id),
      idx smallint NOT NULL,
      fixture_id text NOT NULL REFERENCES sb_fixture (id),
      market_id text NOT NULL,
      selection text NOT NULL,
      odds_bp integer NOT NULL CHECK (odds_bp > 0),
      outcome text CHECK (outcome IN ('WIN', 'HALF_WIN', 'PUSH', 'HALF_LOSE', 'LOSE', 'VOID')),
      PRIMARY KEY (ticket_id, idx)
    );
    CREATE INDEX sb_leg_fixture ON sb_leg (fixture_id, market_id, selection);

    INSERT INTO vendor (id, name, logo_url, mode, status, sort)
    VALUES ('STRIKER', 'Striker Sports', '/assets/vendors/striker.svg', 'SEAMLESS', 'COMING', 2)
    ON CONFLICT (id) DO NOTHING;
    INSERT INTO vendor_category (vendor_id, category, sort)
    VALUES ('STRIKER', 'SPORTS', 2), ('STRIKER', 'ESPORTS', 2)
    ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM vendor_category WHERE vendor_id = 'STRIKER';
    DROP TABLE sb_leg, sb_ticket, sb_fixture, sb_setting, sb_session;
  `.execute(db);
}
