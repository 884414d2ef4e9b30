import { type Kysely, sql } from 'kysely';

/**
 * The built-in lottery vendor (packages/vendors/src/lottery, decision 090). Its tables belong to the
 * vendor, like the house vendor's: it never reads or writes an operator table and moves money only
 * through signed seamless-wallet calls. Its vendor row (a seamless vendor in the lottery lane) is
 * added here, listed as coming until its game list fills the catalogue at start-up.
 *
 * - `lotto_draw`: one row per draw id, made before its betting opens with `seed_hash` = sha256(seed)
 *   published; `result` is written once, by the conditional update that reveals the draw.
 * - `lotto_ticket`: one bet on one draw; its id is the seamless round id and the root of the bet's
 *   and the win's transaction ids, so each is applied by the operator once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE lotto_session (
      id text PRIMARY KEY,
      player_id text NOT NULL,
      operator_token text NOT NULL,
      game_code text NOT NULL,
      currency text NOT NULL,
      demo boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE TABLE lotto_draw (
      id text PRIMARY KEY,
      game_code text NOT NULL,
      opens_at timestamptz NOT NULL,
      closes_at timestamptz NOT NULL,
      draws_at timestamptz NOT NULL,
      seed text NOT NULL,
      seed_hash text NOT NULL,
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'DRAWN', 'SETTLED', 'CANCELLED')),
      result jsonb,
      committed_at timestamptz NOT NULL,
      drawn_at timestamptz,
      settled_at timestamptz,
      CHECK (opens_at < closes_at AND closes_at <= draws_at),
      CHECK ((status IN ('DRAWN', 'SETTLED')) = (result IS NOT NULL))
    );
    CREATE INDEX lotto_draw_game ON lotto_draw (game_code, draws_at DESC);
    CREATE INDEX lotto_draw_pending ON lotto_draw (draws_at) WHERE status IN ('OPEN', 'DRAWN');
    CREATE TABLE lotto_ticket (
      id text PRIMARY KEY,
      draw_id text NOT NULL REFERENCES lotto_draw (id),
      player_id text NOT NULL,
      session_id text NOT NULL REFERENCES lotto_session (id),
      request_id text NOT NULL,
      game_code text NOT NULL,
      bet_type text NOT NULL,
      selection text NOT NULL,
      stake bigint NOT NULL CHECK (stake > 0),
      odds_bp integer NOT NULL CHECK (odds_bp > 0),
      currency text NOT NULL,
      status text NOT NULL CHECK (status IN ('BETTING', 'PLACED', 'SETTLING', 'WON', 'LOST', 'VOID', 'REFUNDED')),
      payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
      created_at timestamptz NOT NULL,
      settled_at timestamptz,
      UNIQUE (player_id, request_id)
    );
    CREATE INDEX lotto_ticket_player ON lotto_ticket (player_id, game_code, created_at DESC);
    CREATE INDEX lotto_ticket_open ON lotto_ticket (draw_id) WHERE status IN ('BETTING', 'PLACED', 'SETTLING');

    INSERT INTO vendor (id, name, logo_url, mode, status, sort)
    VALUES ('LOTTO', 'Aurora Lotto', '/assets/vendors/lotto.svg', 'SEAMLESS', 'COMING', 10)
    ON CONFLICT (id) DO NOTHING;
    INSERT INTO vendor_category (vendor_id, category, sort)
    VALUES ('LOTTO', 'ELOTT', 10)
    ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM vendor_category WHERE vendor_id = 'LOTTO';
    DROP TABLE lotto_ticket, lotto_draw, lotto_session;
  `.execute(db);
}
