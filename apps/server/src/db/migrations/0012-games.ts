import { type Kysely, sql } from 'kysely';

/**
 * The game catalogue (spec §3 Game), kept in step with each vendor's own list, plus favourites and
 * recently launched games. `names` holds the display name per language.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE game (
      node_id bigserial PRIMARY KEY,
      vendor_id text NOT NULL REFERENCES vendor (id),
      game_code text NOT NULL,
      game_type text NOT NULL,
      game_classify text,
      names jsonb NOT NULL,
      icon_url text NOT NULL,
      room_id text,
      type integer NOT NULL DEFAULT 0,
      account_type_id integer NOT NULL DEFAULT 0,
      support_play smallint NOT NULL DEFAULT 1 CHECK (support_play IN (0, 1)),
      rtp_basis_points integer CHECK (rtp_basis_points BETWEEN 0 AND 10000),
      min_bet bigint CHECK (min_bet >= 0),
      line_num integer,
      is_hot boolean NOT NULL DEFAULT false,
      hot_sort integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'LIVE' CHECK (status IN ('LIVE', 'MAINTENANCE', 'HIDDEN')),
      sort integer NOT NULL DEFAULT 0,
      search_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (vendor_id, game_code)
    );
    CREATE INDEX game_by_type ON game (game_type, sort, node_id) WHERE status <> 'HIDDEN';
    CREATE INDEX game_by_vendor ON game (vendor_id, game_type, sort, node_id) WHERE status <> 'HIDDEN';
    CREATE INDEX game_hot ON game (hot_sort, node_id) WHERE is_hot AND status <> 'HIDDEN';

    CREATE TABLE favourite_game (
      member_id bigint NOT NULL REFERENCES member (id),
      node_id bigint NOT NULL REFERENCES game (node_id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, node_id)
    );
    CREATE TABLE recent_game (
      member_id bigint NOT NULL REFERENCES member (id),
      node_id bigint NOT NULL REFERENCES game (node_id),
      played_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, node_id)
    );
    CREATE INDEX recent_game_latest ON recent_game (member_id, played_at DESC);

    -- Popular games and the winner board read recent bets and wins without scanning the ledger.
    CREATE INDEX ledger_transfer_game_play ON ledger_transfer (kind, created_at DESC) WHERE kind IN ('BET', 'WIN');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX ledger_transfer_game_play;
    DROP TABLE recent_game, favourite_game, game;
  `.execute(db);
}
