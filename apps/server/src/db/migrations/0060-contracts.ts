import { type Kysely, sql } from 'kysely';

/**
 * Salary and dividend contracts (issue 16, decision 060).
 * - `agent_contract`: one row per offer, kept for ever (the history). At most one OFFERED and one
 *   ACCEPTED contract per holder and kind; TERMINATED and REPLACED ones still pay until `ends_at`.
 *   `offered_by` is null for the operator's contracts with top-level agents (the house pays them).
 * - `contract_kind_lock`: one row per kind; every change of the life cycle of a kind locks its row, so
 *   offers, acceptances and the rate rule's cascade of one kind never interleave.
 * - `contract_notice`: what the home popup tells an agent (a contract of its ended, and why).
 * - `contract_settlement`: one row per contract and period (unique), the figures, tier, rate and
 *   amount; paid through the ledger with the key `contract:<id>:<period key>`.
 * - `contract_period_run`: each kind and period settled, the cursor of the back-fill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contract_kind_lock (kind text PRIMARY KEY);
    INSERT INTO contract_kind_lock (kind) VALUES
      ('DAILY_SALARY'), ('HOURLY_SALARY'), ('REALTIME_SALARY'), ('DIVIDEND');

    CREATE TABLE agent_contract (
      id bigserial PRIMARY KEY,
      kind text NOT NULL REFERENCES contract_kind_lock (kind),
      period text NOT NULL CHECK (period IN ('FIVE_MINUTES', 'HOURLY', 'DAILY', 'WEEKLY', 'SEMIMONTHLY', 'MONTHLY')),
      holder_id bigint NOT NULL REFERENCES member (id),
      offered_by bigint REFERENCES member (id),
      status text NOT NULL CHECK (status IN ('OFFERED', 'ACCEPTED', 'REJECTED', 'TERMINATED', 'REPLACED')),
      tiers jsonb NOT NULL,
      max_rate numeric(7, 6) NOT NULL CHECK (max_rate > 0 AND max_rate <= 1),
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz,
      effective_from timestamptz,
      ends_at timestamptz,
      -- MOVE: added by migration 0048 (which also widens this check where 0060 ran before it).
      terminated_by text CHECK (terminated_by IN ('HOLDER', 'UPLINE', 'OPERATOR', 'RATE_RULE', 'MOVE')),
      CHECK (offered_by IS NULL OR offered_by <> holder_id)
    );
    CREATE UNIQUE INDEX agent_contract_one_offer ON agent_contract (holder_id, kind) WHERE status = 'OFFERED';
    CREATE UNIQUE INDEX agent_contract_one_held ON agent_contract (holder_id, kind) WHERE status = 'ACCEPTED';
    CREATE INDEX agent_contract_holder ON agent_contract (holder_id, kind, id);
    CREATE INDEX agent_contract_offered_by ON agent_contract (offered_by, kind, status);
    CREATE INDEX agent_contract_live ON agent_contract (kind, period, effective_from)
      WHERE effective_from IS NOT NULL;

    CREATE TABLE contract_notice (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES member (id),
      contract_id bigint NOT NULL REFERENCES agent_contract (id),
      kind text NOT NULL,
      event text NOT NULL CHECK (event IN ('OFFERED', 'TERMINATED', 'REPLACED')),
      terminated_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    );
    CREATE INDEX contract_notice_unread ON contract_notice (member_id, id) WHERE read_at IS NULL;

    CREATE TABLE contract_settlement (
      id bigserial PRIMARY KEY,
      contract_id bigint NOT NULL REFERENCES agent_contract (id),
      kind text NOT NULL,
      period text NOT NULL,
      period_key text NOT NULL,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      holder_id bigint NOT NULL REFERENCES member (id),
      payer_id bigint REFERENCES member (id),
      valid_bet bigint NOT NULL,
      loss bigint NOT NULL,
      active_members integer NOT NULL,
      tier integer,
      rate numeric(7, 6) NOT NULL,
      amount bigint NOT NULL CHECK (amount >= 0),
      -- SWITCHED_OFF: added by migration 0048 (which also widens this check where 0060 ran before it).
      status text NOT NULL CHECK (status IN ('PAID', 'OWED', 'CLAIMABLE', 'ZERO', 'SWITCHED_OFF')),
      settled_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz,
      transfer_id bigint REFERENCES ledger_transfer (id),
      UNIQUE (contract_id, period_start),
      CHECK ((status = 'PAID') = (transfer_id IS NOT NULL))
    );
    CREATE INDEX contract_settlement_holder ON contract_settlement (holder_id, kind, period_start);
    CREATE INDEX contract_settlement_payer ON contract_settlement (payer_id, kind, period_start);
    CREATE INDEX contract_settlement_open ON contract_settlement (status, id) WHERE status IN ('OWED', 'CLAIMABLE');

    CREATE TABLE contract_period_run (
      kind text NOT NULL,
      period text NOT NULL,
      period_start timestamptz NOT NULL,
      period_end timestamptz NOT NULL,
      settled integer NOT NULL,
      finished_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, period, period_start)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE contract_period_run;
    DROP TABLE contract_settlement;
    DROP TABLE contract_notice;
    DROP TABLE agent_contract;
    DROP TABLE contract_kind_lock;
  `.execute(db);
}
